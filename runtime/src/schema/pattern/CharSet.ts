const MAX_CODE_POINT = 0x10ffff;

/**
 * A set of code points a pattern atom matches (a character, a class, `.`, `\d`, `\p{…}`), with
 * JavaScript's `u`-mode meanings. Sets built from ranges are exact, so two can be proven
 * disjoint; a Unicode property escape is known only by membership (tested with the native engine
 * on one character, which cannot backtrack), and a set holding one is never proven disjoint.
 */
export class CharSet {
  #ascii: Uint8Array | undefined;

  private constructor(
    /** Sorted, disjoint, inclusive `[low, high, low, high, …]`; undefined when only membership is known. */
    readonly ranges: readonly number[] | undefined,
    private readonly predicate: (cp: number) => boolean,
    /** The one code point of a set made by `CharSet.of` (class ranges need it). */
    readonly single?: number,
  ) {}

  static fromRanges(ranges: readonly number[], single?: number): CharSet {
    return new CharSet(ranges, (cp) => inRanges(ranges, cp), single);
  }

  static readonly empty = CharSet.fromRanges([]);

  /** One code point. */
  static of(cp: number): CharSet {
    return CharSet.fromRanges([cp, cp], cp);
  }

  /** The code points from `low` to `high`, both included. */
  static range(low: number, high: number): CharSet {
    return CharSet.fromRanges([low, high]);
  }

  /** `\p{…}` or `\P{…}` as written in the pattern, decided by the native engine one character at a time. */
  static property(escape: string): CharSet {
    const re = new RegExp(`^${escape}$`, 'u');
    return new CharSet(undefined, (cp) => re.test(String.fromCodePoint(cp)));
  }

  static readonly digit = CharSet.fromRanges([0x30, 0x39]);
  static readonly word = CharSet.fromRanges([0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a]);
  /** `\s`: ECMAScript's WhiteSpace and LineTerminator characters. */
  static readonly space = CharSet.fromRanges([
    0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f,
    0x3000, 0x3000, 0xfeff, 0xfeff,
  ]);
  /** `.` without the `s` flag: everything but the line terminators. */
  static readonly dot = CharSet.fromRanges([0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029]).complement();

  /** True when the set holds `cp`. */
  has(cp: number): boolean {
    if (cp < 128) {
      const table = (this.#ascii ??= asciiTable(this.predicate));
      return table[cp] === 1;
    }
    return this.predicate(cp);
  }

  union(other: CharSet): CharSet {
    if (this.ranges && other.ranges) return CharSet.fromRanges(mergeRanges([...this.ranges, ...other.ranges]));
    return new CharSet(undefined, (cp) => this.has(cp) || other.has(cp));
  }

  complement(): CharSet {
    if (!this.ranges) return new CharSet(undefined, (cp) => !this.has(cp));
    const out: number[] = [];
    let next = 0;
    for (let i = 0; i < this.ranges.length; i += 2) {
      if (this.ranges[i] > next) out.push(next, this.ranges[i] - 1);
      next = this.ranges[i + 1] + 1;
    }
    if (next <= MAX_CODE_POINT) out.push(next, MAX_CODE_POINT);
    return CharSet.fromRanges(out);
  }

  /** True only when the two sets are known to share no code point. */
  disjoint(other: CharSet): boolean {
    const a = this.ranges;
    const b = other.ranges;
    if (!a || !b) return false;
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      if (a[i + 1] < b[j]) i += 2;
      else if (b[j + 1] < a[i]) j += 2;
      else return false;
    }
    return true;
  }
}

function asciiTable(predicate: (cp: number) => boolean): Uint8Array {
  const table = new Uint8Array(128);
  for (let cp = 0; cp < 128; cp++) table[cp] = predicate(cp) ? 1 : 0;
  return table;
}

function inRanges(ranges: readonly number[], cp: number): boolean {
  let lo = 0;
  let hi = ranges.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < ranges[2 * mid]) hi = mid - 1;
    else if (cp > ranges[2 * mid + 1]) lo = mid + 1;
    else return true;
  }
  return false;
}

function mergeRanges(flat: number[]): number[] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i], flat[i + 1]]);
  pairs.sort((x, y) => x[0] - y[0]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    const last = out.length - 1;
    if (last > 0 && lo <= out[last] + 1) out[last] = Math.max(out[last], hi);
    else out.push(lo, hi);
  }
  return out;
}
