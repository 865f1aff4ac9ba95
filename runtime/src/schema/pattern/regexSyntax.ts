import { CharSet } from './CharSet.ts';

// A parser for the ECMAScript regular expressions JSON Schema's `pattern` holds, read as the
// validator compiles them (the `u` flag, no other). It feeds both the backtracking-safety check
// and the linear-time matcher, so both see the same syntax tree. A pattern must already compile
// with `new RegExp(source, 'u')`; whatever this parser does not model (named groups' names are
// kept out, backreferences and lookbehinds are marked) is reported as `unsupported`.

/** A node of a parsed pattern. */
export type RegexNode =
  | { readonly kind: 'chars'; readonly set: CharSet }
  | { readonly kind: 'sequence'; readonly items: readonly RegexNode[] }
  | { readonly kind: 'alternation'; readonly alternatives: readonly RegexNode[] }
  | { readonly kind: 'repeat'; readonly node: RegexNode; readonly min: number; readonly max: number }
  | { readonly kind: 'assert'; readonly assertion: 'start' | 'end' | 'wordBoundary' | 'notWordBoundary' }
  | {
      readonly kind: 'look';
      readonly ahead: boolean;
      readonly negative: boolean;
      readonly node: RegexNode;
      readonly text: string;
      readonly end: number;
    }
  | { readonly kind: 'backreference' };

/** Thrown for syntax this parser does not model; callers fall back to the native engine. */
export class UnsupportedPattern extends Error {}

const SYNTAX = new Set('^$\\.*+?()[]{}|/');
const CONTROL_ESCAPES: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };

/** Parses a `u`-mode pattern (one `new RegExp(source, 'u')` accepts) into its syntax tree. */
export function parseRegex(source: string): RegexNode {
  const parser = new Parser(source);
  const node = parser.alternation();
  if (parser.i < source.length) throw new UnsupportedPattern(`unexpected '${source[parser.i]}' at ${parser.i}`);
  return node;
}

class Parser {
  i = 0;
  constructor(private readonly s: string) {}

  alternation(): RegexNode {
    const alternatives = [this.sequence()];
    while (this.s[this.i] === '|') {
      this.i++;
      alternatives.push(this.sequence());
    }
    return alternatives.length === 1 ? alternatives[0] : { kind: 'alternation', alternatives };
  }

  sequence(): RegexNode {
    const items: RegexNode[] = [];
    while (this.i < this.s.length && this.s[this.i] !== '|' && this.s[this.i] !== ')') {
      const atom = this.atom();
      items.push(this.quantified(atom));
    }
    return items.length === 1 ? items[0] : { kind: 'sequence', items };
  }

  quantified(atom: RegexNode): RegexNode {
    const c = this.s[this.i];
    let min: number;
    let max: number;
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.s.slice(this.i, this.i + 24));
      if (!m) throw new UnsupportedPattern('bad quantifier');
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      this.i += m[0].length - 1;
    } else return atom;
    this.i++;
    if (this.s[this.i] === '?') this.i++; // lazy: the same language, so the same answer to `test`
    if (atom.kind === 'assert' || atom.kind === 'look') throw new UnsupportedPattern('quantified assertion');
    return { kind: 'repeat', node: atom, min, max };
  }

  atom(): RegexNode {
    const c = this.s[this.i];
    if (c === '^' || c === '$') {
      this.i++;
      return { kind: 'assert', assertion: c === '^' ? 'start' : 'end' };
    }
    if (c === '.') {
      this.i++;
      return { kind: 'chars', set: CharSet.dot };
    }
    if (c === '(') return this.group();
    if (c === '[') return { kind: 'chars', set: this.charClass() };
    if (c === '\\') return this.atomEscape();
    const cp = this.s.codePointAt(this.i)!;
    this.i += cp > 0xffff ? 2 : 1;
    return { kind: 'chars', set: CharSet.of(cp) };
  }

  group(): RegexNode {
    this.i++;
    let look: { ahead: boolean; negative: boolean } | undefined;
    const open = this.i - 1;
    if (this.s.startsWith('?:', this.i)) this.i += 2;
    else if (this.s.startsWith('?=', this.i) || this.s.startsWith('?!', this.i)) {
      look = { ahead: true, negative: this.s[this.i + 1] === '!' };
      this.i += 2;
    } else if (this.s.startsWith('?<=', this.i) || this.s.startsWith('?<!', this.i)) {
      look = { ahead: false, negative: this.s[this.i + 2] === '!' };
      this.i += 3;
    } else if (this.s.startsWith('?<', this.i)) {
      const end = this.s.indexOf('>', this.i);
      if (end < 0) throw new UnsupportedPattern('bad group name');
      this.i = end + 1;
    } else if (this.s[this.i] === '?') throw new UnsupportedPattern('group modifiers');
    const node = this.alternation();
    if (this.s[this.i] !== ')') throw new UnsupportedPattern('unclosed group');
    this.i++;
    const prefix = look ? (look.ahead ? 3 : 4) : 0;
    return look ? { kind: 'look', ...look, node, text: this.s.slice(open + prefix, this.i - 1), end: this.i } : node;
  }

  atomEscape(): RegexNode {
    const next = this.s[this.i + 1];
    if (next === 'b' || next === 'B') {
      this.i += 2;
      return { kind: 'assert', assertion: next === 'b' ? 'wordBoundary' : 'notWordBoundary' };
    }
    if ((next >= '1' && next <= '9') || next === 'k') {
      this.i = this.s.length; // the rest does not matter: such a pattern runs on the native engine
      return { kind: 'backreference' };
    }
    return { kind: 'chars', set: this.escape(false) };
  }

  /** One escape at `\`, as a set (a class escape such as `\d`, or one character). */
  escape(inClass: boolean): CharSet {
    const c = this.s[this.i + 1];
    if (c === undefined) throw new UnsupportedPattern('trailing backslash');
    this.i += 2;
    switch (c) {
      case 'd':
        return CharSet.digit;
      case 'D':
        return CharSet.digit.complement();
      case 'w':
        return CharSet.word;
      case 'W':
        return CharSet.word.complement();
      case 's':
        return CharSet.space;
      case 'S':
        return CharSet.space.complement();
      case 'p':
      case 'P': {
        const end = this.s.indexOf('}', this.i);
        if (this.s[this.i] !== '{' || end < 0) throw new UnsupportedPattern('bad property escape');
        const text = this.s.slice(this.i - 2, end + 1);
        this.i = end + 1;
        return CharSet.property(text);
      }
      case 'c': {
        const letter = this.s.charCodeAt(this.i);
        this.i++;
        return CharSet.of(letter % 32);
      }
      case 'x': {
        const hex = this.s.slice(this.i, this.i + 2);
        this.i += 2;
        return CharSet.of(parseInt(hex, 16));
      }
      case 'u':
        return CharSet.of(this.unicodeEscape());
      case '0':
        return CharSet.of(0);
      default:
        if (c in CONTROL_ESCAPES) return CharSet.of(CONTROL_ESCAPES[c]);
        if (inClass && c === 'b') return CharSet.of(8);
        if (SYNTAX.has(c) || (inClass && c === '-')) return CharSet.of(c.charCodeAt(0));
        throw new UnsupportedPattern(`escape \\${c}`);
    }
  }

  /** `\uXXXX` (a surrogate pair of two such escapes is one code point) or `\u{X…}`, after `\u`. */
  unicodeEscape(): number {
    if (this.s[this.i] === '{') {
      const end = this.s.indexOf('}', this.i);
      const cp = parseInt(this.s.slice(this.i + 1, end), 16);
      this.i = end + 1;
      return cp;
    }
    const unit = parseInt(this.s.slice(this.i, this.i + 4), 16);
    this.i += 4;
    if (unit >= 0xd800 && unit <= 0xdbff && /^\\u[dD][c-fC-F][0-9a-fA-F]{2}/.test(this.s.slice(this.i, this.i + 6))) {
      const low = parseInt(this.s.slice(this.i + 2, this.i + 6), 16);
      this.i += 6;
      return (unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
    }
    return unit;
  }

  charClass(): CharSet {
    this.i++;
    const negated = this.s[this.i] === '^';
    if (negated) this.i++;
    let set = CharSet.empty;
    while (this.s[this.i] !== ']') {
      if (this.i >= this.s.length) throw new UnsupportedPattern('unclosed class');
      const low = this.classAtom();
      if (this.s[this.i] === '-' && this.s[this.i + 1] !== ']' && low.single !== undefined) {
        this.i++;
        const high = this.classAtom();
        if (high.single === undefined) throw new UnsupportedPattern('bad class range');
        set = set.union(CharSet.range(low.single, high.single));
      } else set = set.union(low);
    }
    this.i++;
    return negated ? set.complement() : set;
  }

  classAtom(): CharSet {
    if (this.s[this.i] === '\\') return this.escape(true);
    const cp = this.s.codePointAt(this.i)!;
    this.i += cp > 0xffff ? 2 : 1;
    return CharSet.of(cp);
  }
}
