import { readFile } from 'node:fs/promises';
import {
  codeFirstSession,
  runGenerate,
  type CodeFirstRunSession,
  type GenerateRun,
  type RunReporter,
  type RunResult,
} from '../pipeline/runGenerate.ts';
import { RerunRule } from '../pipeline/rerunRule.ts';
import { documentFiles } from './documentFiles.ts';

/** What one {@link Regenerator.update} did. */
export type UpdateOutcome =
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'generated'; readonly result: RunResult; readonly ms: number }
  | { readonly kind: 'failed'; readonly error: unknown };

/**
 * `kitgen generate` kept alive inside a bundler: it runs when an input's bytes changed since the
 * last run (the document and the files it `$ref`s, or the endpoint files and the files their
 * types are in), one run at a time, with one code-first session kept across runs. Bundlers call
 * it from several hooks and environments (Vite calls `watchChange` once per environment), so the
 * byte comparison, not the call, decides whether to run. A failed run writes nothing: the last
 * good output stays.
 */
export class Regenerator {
  readonly run: GenerateRun;
  readonly #reporter: RunReporter;
  readonly #session: CodeFirstRunSession | undefined;
  /** The inputs of the last run and their text then; empty before the first run. */
  #inputs = new Map<string, string | undefined>();
  #queue: Promise<unknown> = Promise.resolve();
  /** Which changed file calls for a run: the rule `kitgen generate --watch` follows. */
  readonly #rule: RerunRule;

  constructor(run: GenerateRun, reporter: RunReporter) {
    this.run = run;
    this.#reporter = reporter;
    this.#rule = new RerunRule(run);
    this.#session = this.#rule.codeFirst ? codeFirstSession(run) : undefined;
  }

  /** The files whose change calls for a run (known after the first run; before it, the input). */
  get inputs(): string[] {
    return [...this.#rule.inputs];
  }

  /** True when a change to `path` calls for a run (see {@link RerunRule}). */
  concerns(path: string): boolean {
    return this.#rule.concerns(path);
  }

  /**
   * Runs when it never ran, an input's bytes changed, or `changed` names a file that is not yet an
   * input (a new endpoint file); queued behind a run in progress.
   */
  update(changed?: string): Promise<UpdateOutcome> {
    const force = changed !== undefined && !this.#inputs.has(changed) && this.concerns(changed);
    const next = this.#queue.then(() => this.#update(force));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #update(force: boolean): Promise<UpdateOutcome> {
    // The inputs are read before the run, never after: a file rewritten while the run reads it
    // (an editor's truncate, then write) then differs from what was kept, and the next update runs again.
    const seen = await this.#read(this.#rule.inputs);
    if (!force && this.#inputs.size > 0 && !this.#differs(seen)) return { kind: 'unchanged' };
    const started = performance.now();
    try {
      const result = await runGenerate(this.run, this.#reporter, this.#session);
      this.#rule.setInputs(result.sources ?? (await documentFiles(this.run.input)));
      this.#inputs = await this.#read(this.#rule.inputs, seen);
      return { kind: 'generated', result, ms: performance.now() - started };
    } catch (error) {
      // Remember the inputs as they were read, so the same broken text is not generated again and again.
      if (this.#inputs.size === 0 && !this.#session) this.#rule.setInputs(await documentFiles(this.run.input));
      this.#inputs = await this.#read(this.#rule.inputs, seen);
      return { kind: 'failed', error };
    }
  }

  /** The text of each file (undefined when it cannot be read), taken from `known` where it has the file. */
  async #read(files: Iterable<string>, known?: ReadonlyMap<string, string | undefined>) {
    const texts = new Map<string, string | undefined>();
    for (const f of files)
      texts.set(f, known?.has(f) ? known.get(f) : await readFile(f, 'utf8').catch(() => undefined));
    return texts;
  }

  /** True when `now` gives some kept input another text. */
  #differs(now: ReadonlyMap<string, string | undefined>): boolean {
    for (const [file, text] of this.#inputs) if (now.get(file) !== text) return true;
    return false;
  }

  /** Stops the code-first loader thread. */
  async close(): Promise<void> {
    await this.#queue;
    await this.#session?.close();
  }
}
