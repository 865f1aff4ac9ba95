// A text that matches a schema's `pattern`, for the sampler: openapi-sampler's own pattern
// support knows no groups, alternation or escapes such as `\d`, so an `arn:[^:]*:…` or a
// `^[a-z]{3}-\d+$` came back unmatched and the operation could not be called. This is a small
// generator over the common part of regular expressions (literals, classes, `.`, escapes, groups,
// alternation, quantifiers; anchors and lookarounds read as nothing); every candidate is checked
// with RegExp itself, so an expression beyond it gives no text rather than a wrong one.

type Node =
  | { readonly kind: 'text'; readonly chars: string }
  | { readonly kind: 'set'; readonly ranges: ReadonlyArray<readonly [number, number]>; readonly negated: boolean }
  | { readonly kind: 'alt'; readonly branches: ReadonlyArray<readonly Term[]> };
interface Term {
  readonly node: Node;
  readonly min: number;
  readonly max: number;
}

const digit: Array<[number, number]> = [[48, 57]];
const word: Array<[number, number]> = [
  [97, 122],
  [65, 90],
  [48, 57],
  [95, 95],
];
const space: Array<[number, number]> = [[32, 32]];
const set = (ranges: ReadonlyArray<readonly [number, number]>, negated = false): Node => ({
  kind: 'set',
  ranges,
  negated,
});
const nothing: Node = { kind: 'text', chars: '' };

class Parser {
  #i = 0;
  constructor(private readonly source: string) {}

  parse(): Node {
    const node = this.#alternation();
    if (this.#i < this.source.length) throw new Error(`unexpected ${this.source[this.#i]}`);
    return node;
  }

  #alternation(): Node {
    const branches: Term[][] = [this.#sequence()];
    while (this.source[this.#i] === '|') {
      this.#i++;
      branches.push(this.#sequence());
    }
    return { kind: 'alt', branches };
  }

  #sequence(): Term[] {
    const terms: Term[] = [];
    while (this.#i < this.source.length && this.source[this.#i] !== '|' && this.source[this.#i] !== ')') {
      const node = this.#atom();
      const [min, max] = this.#quantifier();
      terms.push({ node, min, max });
    }
    return terms;
  }

  #quantifier(): [number, number] {
    const c = this.source[this.#i];
    let q: [number, number] = [1, 1];
    if (c === '?') q = [0, 1];
    else if (c === '*') q = [0, Infinity];
    else if (c === '+') q = [1, Infinity];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.#i));
      if (!m) return q;
      this.#i += m[0].length - 1;
      q = [Number(m[1]), m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3])];
    } else return q;
    this.#i++;
    if (this.source[this.#i] === '?' || this.source[this.#i] === '+') this.#i++;
    return q;
  }

  #atom(): Node {
    const c = this.source[this.#i++];
    if (c === '^' || c === '$') return nothing;
    if (c === '.') return set([[97, 97]]);
    if (c === '[') return this.#class();
    if (c === '\\') return this.#escape(false);
    if (c === '(') {
      let lookaround = false;
      if (this.source.startsWith('?:', this.#i)) this.#i += 2;
      else if (/^\?<?[=!]/.test(this.source.slice(this.#i))) {
        lookaround = true;
        this.#i += this.source[this.#i + 1] === '<' ? 3 : 2;
      } else if (this.source.startsWith('?<', this.#i)) this.#i = this.source.indexOf('>', this.#i) + 1;
      const inner = this.#alternation();
      if (this.source[this.#i++] !== ')') throw new Error('unclosed group');
      return lookaround ? nothing : inner;
    }
    return { kind: 'text', chars: c };
  }

  /** An escape after `\`: a class (`\d`), nothing (`\b`), or one character. */
  #escape(inClass: boolean): Node {
    const c = this.source[this.#i++];
    const classes: Record<string, Node> = {
      d: set(digit),
      w: set(word),
      s: set(space),
      D: set(digit, true),
      W: set(word, true),
      S: set(space, true),
    };
    if (classes[c]) return classes[c];
    if (!inClass && (c === 'b' || c === 'B')) return nothing;
    if (/[1-9]/.test(c)) throw new Error('back-references are not generated');
    const controls: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f', v: '\v', '0': '\0' };
    if (controls[c]) return { kind: 'text', chars: controls[c] };
    const hex = c === 'x' ? /^[0-9a-fA-F]{2}/ : c === 'u' ? /^(\{[0-9a-fA-F]+\}|[0-9a-fA-F]{4})/ : undefined;
    const m = hex?.exec(this.source.slice(this.#i));
    if (m) {
      this.#i += m[0].length;
      return { kind: 'text', chars: String.fromCodePoint(parseInt(m[0].replace(/[{}]/g, ''), 16)) };
    }
    return { kind: 'text', chars: c };
  }

  #class(): Node {
    const negated = this.source[this.#i] === '^';
    if (negated) this.#i++;
    const ranges: Array<readonly [number, number]> = [];
    let first = true;
    while (this.#i < this.source.length && (this.source[this.#i] !== ']' || first)) {
      first = false;
      let lo: number;
      if (this.source[this.#i] === '\\') {
        this.#i++;
        const e = this.#escape(true);
        if (e.kind === 'set') {
          // `[^\d]` and `[\W]` within a class: only a positive class escape is kept as ranges.
          if (!e.negated) ranges.push(...e.ranges);
          continue;
        }
        lo = (e as { chars: string }).chars.codePointAt(0) ?? 0;
      } else lo = this.source.codePointAt(this.#i++)!;
      if (this.source[this.#i] === '-' && this.source[this.#i + 1] !== ']' && this.#i + 1 < this.source.length) {
        this.#i++;
        let hi: number;
        if (this.source[this.#i] === '\\') {
          this.#i++;
          hi = ((this.#escape(true) as { chars?: string }).chars ?? '').codePointAt(0) ?? lo;
        } else hi = this.source.codePointAt(this.#i++)!;
        ranges.push([lo, Math.max(lo, hi)]);
      } else ranges.push([lo, lo]);
    }
    if (this.source[this.#i++] !== ']') throw new Error('unclosed class');
    return set(ranges, negated);
  }
}

/** Characters tried for a negated class, most ordinary first. */
const ordinary = 'abcxyzABC019_-.~ ';

function pick(node: Node & { kind: 'set' }, variant: number): string {
  const inside = (code: number) => node.ranges.some(([lo, hi]) => code >= lo && code <= hi);
  if (node.negated) return [...ordinary].find((ch) => !inside(ch.codePointAt(0)!)) ?? '\u00e9';
  // Prefer a letter or digit the class holds; else its first character.
  const preferred = [...ordinary].filter((ch) => inside(ch.codePointAt(0)!));
  if (preferred.length > 0) return preferred[variant % preferred.length];
  return String.fromCodePoint(node.ranges[0]?.[0] ?? 97);
}

/**
 * One text of the node; `variant` chooses among alternatives and `extra` repeats unbounded parts
 * more (a negative one: each part its least number of times).
 */
function generate(node: Node, variant: number, extra: number): string {
  switch (node.kind) {
    case 'text':
      return node.chars;
    case 'set':
      return pick(node, variant);
    case 'alt': {
      const branch = node.branches[variant % node.branches.length];
      return branch
        .map((t) => {
          // A negative `extra` repeats each part its least number of times: an anchor inside the
          // pattern (`.*(^arn:…)`) is met only where the parts before it are empty.
          const count =
            extra < 0
              ? t.min
              : Math.min(
                  t.max,
                  Math.max(
                    t.min,
                    t.max === Infinity ? Math.max(1, t.min) + extra : t.min + Math.min(extra, t.max - t.min),
                  ),
                );
          return Array.from({ length: count }, () => generate(t.node, variant, extra)).join('');
        })
        .join('');
    }
  }
}

/** The pattern in unicode mode, else as ECMA-262's Annex B reads it (`\:` is `:`), as the referee does. */
export function ecmaPattern(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

/**
 * A text matching `pattern` within the length bounds, or undefined when this generator cannot make
 * one; another `shift` (a seed's) chooses other characters and alternatives and repeats more.
 */
export function patternSample(pattern: string, minLength = 0, maxLength = Infinity, shift = 0): string | undefined {
  let check: RegExp;
  try {
    check = ecmaPattern(pattern);
  } catch {
    return undefined;
  }
  const fits = (text: string) => check.test(text) && text.length >= minLength && text.length <= maxLength;
  let tree: Node | undefined;
  try {
    tree = new Parser(pattern).parse();
  } catch {
    // Beyond the generator: plain texts below may still match.
  }
  for (const extra of tree ? [0, 1, 2, 4, 8, 16, 32, 64, -1] : []) {
    for (let variant = shift; variant < shift + 4; variant++) {
      const text = generate(tree!, variant, extra < 0 ? extra : extra + (shift % 3));
      if (fits(text)) return text;
    }
  }
  // A pattern that takes any text (`[\s\S]*`, or unanchored `\w`) under a length bound the
  // generator's texts miss: plain letters or digits of the shortest length allowed.
  const length = Math.min(Math.max(minLength, 1), maxLength);
  return [...'abx0A'].map((ch) => ch.repeat(length)).find(fits);
}
