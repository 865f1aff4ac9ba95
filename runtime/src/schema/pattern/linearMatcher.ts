import type { CharSet } from './CharSet.ts';
import { UnsupportedPattern, type RegexNode } from './regexSyntax.ts';

// A matcher whose time is linear in the input whatever the pattern: the pattern becomes a
// Thompson automaton, and the input is read once while every state the automaton can be in is
// tracked at once (a "Pike VM" without captures), so nothing is ever retried. `test` only asks
// whether some substring matches, so captures, greediness and laziness do not matter.
// Lookarounds and backreferences have no such automaton; they are refused at compile time.

const enum Op {
  Chars,
  Split,
  Assert,
  Match,
}

type Assertion = 'start' | 'end' | 'wordBoundary' | 'notWordBoundary';

interface State {
  op: Op;
  set?: CharSet;
  assertion?: Assertion;
  next: number;
  alt: number;
}

/** States beyond this make the pattern too large to compile (bounded repetition is written out). */
const MAX_STATES = 100_000;

/** A compiled pattern answering `test` in time proportional to input length times pattern size. */
export interface LinearMatcher {
  test(input: string): boolean;
}

/** Compiles a parsed pattern; throws UnsupportedPattern for lookarounds, backreferences or an oversized automaton. */
export function compileLinearMatcher(node: RegexNode): LinearMatcher {
  const states: State[] = [];
  const add = (state: State): number => {
    if (states.length >= MAX_STATES) throw new UnsupportedPattern('pattern too large for the linear-time matcher');
    states.push(state);
    return states.length - 1;
  };
  const match = add({ op: Op.Match, next: -1, alt: -1 });
  const start = emit(node, match, add, states);
  return new PikeMatcher(states, start, isAnchoredAtStart(node));
}

/** Emits the states of `node` leading to `next`; returns the entry state. Built back to front. */
function emit(node: RegexNode, next: number, add: (s: State) => number, states: State[]): number {
  switch (node.kind) {
    case 'chars':
      return add({ op: Op.Chars, set: node.set, next, alt: -1 });
    case 'assert':
      return add({ op: Op.Assert, assertion: node.assertion, next, alt: -1 });
    case 'sequence': {
      let entry = next;
      for (let i = node.items.length - 1; i >= 0; i--) entry = emit(node.items[i], entry, add, states);
      return entry;
    }
    case 'alternation': {
      let entry = emit(node.alternatives[node.alternatives.length - 1], next, add, states);
      for (let i = node.alternatives.length - 2; i >= 0; i--)
        entry = add({ op: Op.Split, next: emit(node.alternatives[i], next, add, states), alt: entry });
      return entry;
    }
    case 'repeat': {
      let entry = next;
      if (node.max === Infinity) {
        // A loop: a split that either enters the node (which leads back to the split) or leaves.
        const loop = add({ op: Op.Split, next: -1, alt: next });
        states[loop].next = emit(node.node, loop, add, states);
        entry = loop;
      } else {
        for (let i = node.min; i < node.max; i++)
          entry = add({ op: Op.Split, next: emit(node.node, entry, add, states), alt: next });
      }
      for (let i = 0; i < node.min; i++) entry = emit(node.node, entry, add, states);
      return entry;
    }
    default:
      throw new UnsupportedPattern(`${node.kind} needs a backtracking engine`);
  }
}

function isAnchoredAtStart(node: RegexNode): boolean {
  const first = node.kind === 'sequence' ? node.items[0] : node;
  return first?.kind === 'assert' && first.assertion === 'start';
}

const isWord = (cp: number): boolean =>
  (cp >= 48 && cp <= 57) || (cp >= 65 && cp <= 90) || cp === 95 || (cp >= 97 && cp <= 122);

/** A set of automaton states the input can have led to (a state of the lazily built DFA). */
interface StateSet {
  /** The character-reading states, sorted. */
  readonly reading: Int32Array;
  /** True when the match state was reached (the pattern matched ending here). */
  readonly matched: boolean;
  /** `$` assertions met on the way, passed only at the end of the input. */
  readonly ends: Int32Array;
  /** Cached transitions on ASCII characters (null: not computed yet). */
  readonly ascii: (StateSet | null)[] | undefined;
}

/** Sets kept before the cache is dropped and rebuilt: memory stays bounded, time stays linear. */
const MAX_CACHED_SETS = 4096;

class PikeMatcher implements LinearMatcher {
  readonly #op: Uint8Array;
  readonly #next: Int32Array;
  readonly #alt: Int32Array;
  readonly #sets: (CharSet | undefined)[];
  readonly #assertions: (Assertion | undefined)[];
  /** Word-boundary assertions depend on the character after a position, so their sets are not cached. */
  readonly #cacheable: boolean;
  readonly #mark: Int32Array;
  readonly #stack: Int32Array;
  #generation = 0;
  #interned = new Map<string, StateSet>();
  #initial: StateSet | undefined;

  constructor(
    states: readonly State[],
    private readonly start: number,
    private readonly anchored: boolean,
  ) {
    const n = states.length;
    this.#op = Uint8Array.from(states, (s) => s.op);
    this.#next = Int32Array.from(states, (s) => s.next);
    this.#alt = Int32Array.from(states, (s) => s.alt);
    this.#sets = states.map((s) => s.set);
    this.#assertions = states.map((s) => s.assertion);
    this.#cacheable = !states.some((s) => s.assertion === 'wordBoundary' || s.assertion === 'notWordBoundary');
    this.#mark = new Int32Array(n);
    this.#stack = new Int32Array(2 * n + 2);
  }

  test(input: string): boolean {
    const n = input.length;
    let cp = n > 0 ? input.codePointAt(0)! : -1;
    let set = this.#cacheable
      ? (this.#initial ??= this.#close([this.start], -1, cp, 0, n, true))
      : this.#close([this.start], -1, cp, 0, n, false);
    let i = 0;
    while (i < n) {
      if (set.matched) return true;
      if (this.anchored && set.reading.length === 0) return false;
      const width = cp > 0xffff ? 2 : 1;
      const after = i + width < n ? input.codePointAt(i + width)! : -1;
      let to = set.ascii !== undefined && cp < 128 ? set.ascii[cp] : null;
      if (to === null) {
        to = this.#step(set, cp, after, i + width, n);
        if (set.ascii !== undefined && cp < 128) set.ascii[cp] = to;
      }
      set = to;
      cp = after;
      i += width;
    }
    // `$` holds only here: the last set's states are closed again, at the end of the input.
    if (set.matched) return true;
    const pending = Array.from(set.ends, (s) => this.#next[s]);
    return pending.length > 0 && this.#close(pending, cp, -1, n, n, false, true).matched;
  }

  #step(set: StateSet, cp: number, after: number, pos: number, n: number): StateSet {
    const seeds: number[] = [];
    for (const s of set.reading) if (this.#sets[s]!.has(cp)) seeds.push(this.#next[s]);
    if (!this.anchored) seeds.push(this.start);
    return this.#close(seeds, cp, after, pos, n, this.#cacheable);
  }

  /**
   * Every state reachable from `seeds` without reading a character: splits, and assertions that
   * hold between `before` and `at` at `pos` (`$` only when `atEnd`). Interned when `intern`.
   */
  #close(
    seeds: ArrayLike<number>,
    before: number,
    at: number,
    pos: number,
    n: number,
    intern: boolean,
    atEnd = false,
  ): StateSet {
    const generation = ++this.#generation;
    const stack = this.#stack;
    const reading: number[] = [];
    const ends: number[] = [];
    let matched = false;
    for (let k = seeds.length - 1; k >= 0; k--) {
      let top = 0;
      stack[top++] = seeds[k];
      while (top > 0) {
        const id = stack[--top];
        if (this.#mark[id] === generation) continue;
        this.#mark[id] = generation;
        switch (this.#op[id]) {
          case Op.Match:
            matched = true;
            break;
          case Op.Chars:
            reading.push(id);
            break;
          case Op.Split:
            stack[top++] = this.#alt[id];
            stack[top++] = this.#next[id];
            break;
          case Op.Assert: {
            const assertion = this.#assertions[id]!;
            if (holds(assertion, before, at, pos, n, atEnd)) stack[top++] = this.#next[id];
            else if (assertion === 'end' && !atEnd) ends.push(id);
            break;
          }
        }
      }
    }
    reading.sort((a, b) => a - b);
    ends.sort((a, b) => a - b);
    if (!intern) return { reading: Int32Array.from(reading), matched, ends: Int32Array.from(ends), ascii: undefined };
    const key = `${matched ? 'm' : ''}${reading.join(',')};${ends.join(',')}`;
    let known = this.#interned.get(key);
    if (known === undefined) {
      if (this.#interned.size >= MAX_CACHED_SETS) {
        this.#interned = new Map();
        this.#initial = undefined;
      }
      known = {
        reading: Int32Array.from(reading),
        matched,
        ends: Int32Array.from(ends),
        ascii: new Array<StateSet | null>(128).fill(null),
      };
      this.#interned.set(key, known);
    }
    return known;
  }
}

function holds(assertion: Assertion, before: number, at: number, pos: number, n: number, atEnd: boolean): boolean {
  switch (assertion) {
    case 'start':
      return pos === 0;
    case 'end':
      // Cached sets are built without knowing where the input ends; the end is checked last.
      return atEnd && pos === n;
    case 'wordBoundary':
      return (before >= 0 && isWord(before)) !== (at >= 0 && isWord(at));
    case 'notWordBoundary':
      return (before >= 0 && isWord(before)) === (at >= 0 && isWord(at));
  }
}
