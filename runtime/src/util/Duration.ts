/** The spec's `Duration`: a length of time, held as whole milliseconds. */
export type Duration = number & { readonly __duration?: never };

const units: Record<string, number> = {
  ms: 1,
  millis: 1,
  millisecond: 1,
  milliseconds: 1,
  s: 1000,
  sec: 1000,
  second: 1000,
  seconds: 1000,
  m: 60_000,
  min: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
};

/** Builders for {@link Duration}: `Duration.seconds(10)` is 10 000 ms. */
export const Duration = {
  /** A duration of `n` milliseconds. */
  millis: (n: number): Duration => Math.round(n),
  /** A duration of `n` seconds. */
  seconds: (n: number): Duration => Math.round(n * 1000),
  /** A duration of `n` minutes. */
  minutes: (n: number): Duration => Math.round(n * 60_000),
  /** A duration of `n` hours. */
  hours: (n: number): Duration => Math.round(n * 3_600_000),
  /** Zero length. */
  zero: 0 as Duration,
  /**
   * Parses `"250ms"`, `"2s"`, `"1.5 minutes"`, `"1h"` or a bare number of milliseconds.
   * Returns undefined when the text is not a duration.
   */
  parse(text: string): Duration | undefined {
    const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
    if (!m) return undefined;
    const unit = m[2].toLowerCase();
    const factor = unit === '' ? 1 : units[unit];
    if (factor === undefined) return undefined;
    return Math.round(Number(m[1]) * factor);
  },
  /** Renders a duration as the shortest exact `ms`/`s`/`m`/`h` text. */
  format(d: Duration): string {
    if (d % 3_600_000 === 0 && d !== 0) return `${d / 3_600_000}h`;
    if (d % 60_000 === 0 && d !== 0) return `${d / 60_000}m`;
    if (d % 1000 === 0 && d !== 0) return `${d / 1000}s`;
    return `${d}ms`;
  },
} as const;
