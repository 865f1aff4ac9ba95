import type { RunReporter } from './runGenerate.ts';

/** Inputs above this size get progress lines from the start. */
export const largeInputBytes = 1_000_000;
/** Models with more operations than this get progress lines from the model on. */
export const largeInputOperations = 100;

/** A step's duration as a progress line shows it: `38 ms`, `1.5 s`. */
function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The timed progress lines of one run (`parse      38 ms  (1.1 MB)`), each step's time measured
 * from the end of the step before. A small run prints none: the lines are for inputs large enough
 * that a user waits (over {@link largeInputBytes}, or a model over {@link largeInputOperations}
 * operations). A run on endpoint files is {@link RunProgress.silent}: its cost is TypeScript's,
 * which these steps do not show.
 */
export class RunProgress {
  readonly #reporter: RunReporter | undefined;
  readonly #started = performance.now();
  #last = this.#started;
  #large = false;

  /** Progress reported to `reporter` once the run turns out to be large; none without a reporter. */
  constructor(reporter: RunReporter | undefined) {
    this.#reporter = reporter;
  }

  /** A run that prints no progress line, however large. */
  static silent(): RunProgress {
    return new RunProgress(undefined);
  }

  /** Prints the lines from now on when `large` (a run once large stays large). */
  markLarge(large: boolean): void {
    this.#large ||= large;
  }

  /** Ends a step: its name, the time since the last step ended, and `detail` in parentheses. */
  step(name: string, detail: string): void {
    const now = performance.now();
    const ms = now - this.#last;
    this.#last = now;
    this.#print(`${name.padEnd(10)} ${duration(ms)}  (${detail})`);
  }

  /** A line without a time (what a step found). */
  note(name: string, text: string): void {
    this.#print(`${name.padEnd(10)} ${text}`);
  }

  /** The run's whole time, in seconds. */
  total(): void {
    this.#print(`${'total'.padEnd(10)} ${((performance.now() - this.#started) / 1000).toFixed(1)} s`);
  }

  #print(line: string): void {
    if (this.#large) this.#reporter?.progress(line);
  }
}
