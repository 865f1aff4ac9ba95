/**
 * kitgen's own layout of the code it generates: indentation by bracket depth, and lines
 * longer than the width broken at their brackets (one item per line with a trailing
 * separator, a lone object argument hugged by its call's parentheses, long unions one member
 * per line). It is linear and fast, for outputs too large to format with prettier in
 * reasonable time, and only knows what the emitters write (no template or regex literals).
 */

interface Group {
  readonly kind: 'group';
  readonly open: string;
  readonly close: string;
  readonly items: Token[][];
  /** The separator between items (`;` in type literals, `,` elsewhere). */
  readonly sep: ',' | ';';
  /** A call's or declaration's parentheses (a trailing comma is fine), not grouping ones. */
  readonly call: boolean;
  /** Its one-line text, once computed (a field, not a WeakMap: millions of groups make a WeakMap's entries a GC cost). */
  flat?: string;
}

/** Text between brackets (a string: no object per run of text), or a bracket group. */
type Token = string | Group;

// Character codes the scanners compare against (charCodeAt: no one-character strings per step).
const QUOTE = 39;
const DOUBLE_QUOTE = 34;
const BACKTICK = 96;
const BACKSLASH = 92;
const SPACE = 32;
const SLASH = 47;
const STAR = 42;
const COMMA = 44;
const SEMICOLON = 59;
const EQUALS = 61;
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const LESS = 60;
const GREATER = 62;
/** Indentation strings by width, made once each (a `repeat` per line showed in the profile). */
const indentation: string[] = [];
const spaces = (n: number): string => (indentation[n] ??= ' '.repeat(n));
/** No closing bracket awaited: the top level of a line. */
const NONE = -1;

const isQuote = (c: number) => c === QUOTE || c === DOUBLE_QUOTE || c === BACKTICK;
/** `[\w$]`; NaN (before the first or after the last character) is not. */
const isWordCode = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
const closingOf = (c: number) =>
  c === OPEN_PAREN ? CLOSE_PAREN : c === OPEN_BRACKET ? CLOSE_BRACKET : c === OPEN_BRACE ? CLOSE_BRACE : GREATER;

/** The index just past the string literal opening at `i`. */
function skipString(line: string, i: number): number {
  const quote = line.charCodeAt(i);
  let j = i + 1;
  while (j < line.length && line.charCodeAt(j) !== quote) j += line.charCodeAt(j) === BACKSLASH ? 2 : 1;
  return j + 1;
}

/** The separator {@link parseSeq} last saw, and whether its sequence closed (second results without an object per group). */
let seqSep: ',' | ';' = ',';
let seqClosed = false;
/** The line {@link tokenize} is scanning, and the position in it. */
let scanned = '';
let at = 0;

/** Splits one line into text and bracket groups; unmatched closers and unclosed groups stay text. */
function tokenize(line: string): Token[] {
  scanned = line;
  at = 0;
  const items = parseSeq(NONE);
  scanned = '';
  return items[0] ?? [];
}

/** The items of a bracket's contents up to `until` (its closer), from {@link at}; sets {@link seqSep} and {@link seqClosed}. */
function parseSeq(until: number): Token[][] {
  const n = scanned.length;
  let i = at;
  let current: Token[] = [];
  const items: Token[][] = [current];
  let sep: ',' | ';' | undefined;
  // Text runs are sliced from the line, not built a character at a time.
  let start = i;
  while (i < n) {
    const c = scanned.charCodeAt(i);
    if (isQuote(c)) {
      i = skipString(scanned, i);
      continue;
    }
    if (c === until && !(c === GREATER && scanned.charCodeAt(i - 1) === EQUALS)) {
      if (i > start) current.push(scanned.slice(start, i));
      at = i;
      seqSep = sep ?? ',';
      seqClosed = true;
      return items;
    }
    if (
      c === OPEN_PAREN ||
      c === OPEN_BRACKET ||
      c === OPEN_BRACE ||
      (c === LESS && isWordCode(scanned.charCodeAt(i - 1)))
    ) {
      const openAt = i;
      if (i > start) current.push(scanned.slice(start, i));
      at = i + 1;
      const inner = parseSeq(closingOf(c));
      if (!seqClosed) {
        current.push(scanned.slice(openAt));
        at = n;
        seqSep = sep ?? ',';
        seqClosed = false;
        return items;
      }
      const innerSep = seqSep;
      i = at + 1;
      const before = scanned.charCodeAt(openAt - 1);
      current.push({
        kind: 'group',
        open: scanned[openAt],
        close: String.fromCharCode(closingOf(c)),
        items: nonEmpty(inner),
        sep: innerSep,
        call:
          c !== OPEN_PAREN ||
          isWordCode(before) ||
          before === GREATER ||
          before === CLOSE_PAREN ||
          before === CLOSE_BRACKET,
        flat: undefined,
      });
      start = i;
      continue;
    }
    if ((c === COMMA || c === SEMICOLON) && until !== NONE && until !== GREATER) {
      sep ??= c === COMMA ? ',' : ';';
      if (i > start) current.push(scanned.slice(start, i));
      current = [];
      items.push(current);
      i++;
      while (scanned.charCodeAt(i) === SPACE) i++;
      start = i;
      continue;
    }
    i++;
  }
  if (i > start) current.push(scanned.slice(start, i));
  at = i;
  seqSep = sep ?? ',';
  seqClosed = until === NONE;
  return items;
}

/** Items without the spaces around them (`{ a: 1 }` holds the item `a: 1`); the arrays are the tokenizer's own, trimmed in place (a new list only when an item is empty). */
function nonEmpty(items: Token[][]): Token[][] {
  let dropped = false;
  for (let k = 0; k < items.length; k++) {
    const item = items[k];
    const first = item[0];
    if (typeof first === 'string') item[0] = first.trimStart();
    const lastAt = item.length - 1;
    const last = item[lastAt];
    if (typeof last === 'string') item[lastAt] = last.trimEnd();
    let empty = false;
    for (const t of item) if (t === '') empty = true;
    if (empty) items[k] = item.filter((t) => t !== '');
    if (items[k].length === 0) dropped = true;
  }
  return dropped ? items.filter((item) => item.length > 0) : items;
}

/** The one-line text of a token (computed once per group). */
function flatToken(t: Token): string {
  if (typeof t === 'string') return t;
  return (t.flat ??= flatGroup(t));
}

/** The one-line text of a sequence of tokens. */
function flatSeq(seq: readonly Token[], from = 0, to = seq.length): string {
  let text = '';
  for (let k = from; k < to; k++) text += flatToken(seq[k]);
  return text;
}

function flatGroup(t: Group): string {
  const between = t.open === '<' ? ', ' : `${t.sep} `;
  let inner = '';
  for (let k = 0; k < t.items.length; k++) {
    if (k > 0) inner += between;
    inner += flatSeq(t.items[k]);
  }
  const pad = t.open === '{' && inner !== '' ? ' ' : '';
  return `${t.open}${pad}${inner}${pad}${t.close}`;
}

function lastColumn(text: string, start: number): number {
  const nl = text.lastIndexOf('\n');
  return nl === -1 ? start + text.length : text.length - nl - 1;
}

/**
 * Renders a sequence starting at `column`: flat when it fits; else, as prettier does, only its
 * last bracket group broken when everything before that group fits; else groups broken left to
 * right until the rest fits.
 */
function render(seq: Token[], column: number, indent: number, width: number): string {
  const whole = flatSeq(seq);
  if (column + whole.length <= width) return whole;
  let lastGroup = -1;
  for (let k = seq.length - 1; k >= 0; k--) {
    const t = seq[k];
    if (typeof t !== 'string' && t.open !== '<' && t.items.length > 0) {
      lastGroup = k;
      break;
    }
  }
  if (lastGroup > 0) {
    const before = flatSeq(seq, 0, lastGroup);
    const after = flatSeq(seq, lastGroup + 1);
    if (column + before.length + 1 <= width && !after.includes('\n') && after.length < 20) {
      return before + renderGroups(seq.slice(lastGroup), column + before.length, indent, width);
    }
  }
  return renderGroups(seq, column, indent, width);
}

/** Renders a sequence, breaking its groups left to right until the rest fits. */
function renderGroups(seq: Token[], column: number, indent: number, width: number): string {
  let out = '';
  let col = column;
  // Length of the flat text from each token to the end.
  const restLength: number[] = new Array(seq.length + 1).fill(0);
  for (let k = seq.length - 1; k >= 0; k--) restLength[k] = restLength[k + 1] + flatToken(seq[k]).length;
  for (let k = 0; k < seq.length; k++) {
    const t = seq[k];
    if (typeof t === 'string' || col + restLength[k] <= width) {
      const text = flatToken(t);
      out += text;
      col += text.length;
      continue;
    }
    const items = t.items;
    if (items.length === 0 || t.open === '<') {
      const text = flatToken(t);
      out += text;
      col += text.length;
      continue;
    }
    // A lone object or array argument hugs the parentheses: `fn({` … `})`.
    const only = items.length === 1 && items[0].length === 1 ? items[0][0] : undefined;
    if (t.open === '(' && only !== undefined && typeof only !== 'string' && (only.open === '{' || only.open === '[')) {
      out += `(${render(items[0], col + 1, indent, width)})`;
      col = lastColumn(out, column);
      continue;
    }
    const pad = spaces(indent + 2);
    // Grouping parentheses hold one expression or type: no separator after it.
    const sep = t.call || items.length > 1 ? t.sep : '';
    const lines = items.map((it) => `${pad}${render(it, indent + 2, indent + 2, width)}${sep}`);
    out += `${t.open}\n${lines.join('\n')}\n${spaces(indent)}${t.close}`;
    col = indent + 1;
  }
  return out;
}

/** Splits a too-long union (`export type X = A | B | C;`, or a member `x: A | B;`) at its top-level bars. */
function breakUnion(line: string, indent: number): string | undefined {
  const m = /^(export type [\w$]+ = |readonly [\w$]+\??: |[\w$]+\??: |'(?:[^'\\]|\\.)*'\??: )(.*?)(;?)$/.exec(line);
  if (!m) return undefined;
  const body = m[2];
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "'" || c === '"') {
      for (i++; i < body.length && body[i] !== c; i += body[i] === '\\' ? 2 : 1);
      continue;
    }
    if ('([{<'.includes(c)) depth++;
    else if (')]}'.includes(c) || (c === '>' && body[i - 1] !== '=')) depth--;
    else if (c === '|' && depth === 0 && body[i - 1] === ' ' && body[i + 1] === ' ') {
      parts.push(body.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(body.slice(start).trim());
  if (parts.length < 2 || depth !== 0) return undefined;
  const pad = spaces(indent + 2);
  return `${spaces(indent)}${m[1].trimEnd()}\n${parts.map((p) => `${pad}| ${p}`).join('\n')}${m[3]}`;
}

/** How many closers lead the line {@link depthOf} last looked at (a second result without an object per line). */
let leadingClosers = 0;

/** Net bracket depth change of a line (strings and comments skipped); sets {@link leadingClosers}. */
function depthOf(line: string): number {
  let delta = 0;
  let leading = 0;
  let other = false;
  const n = line.length;
  for (let i = 0; i < n; i++) {
    const c = line.charCodeAt(i);
    if (isQuote(c)) {
      i = skipString(line, i) - 1;
      other = true;
      continue;
    }
    if (c === SLASH) {
      const next = line.charCodeAt(i + 1);
      if (next === SLASH || next === STAR) break;
    }
    if (c === OPEN_PAREN || c === OPEN_BRACKET || c === OPEN_BRACE) {
      delta++;
      other = true;
    } else if (c === CLOSE_PAREN || c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      delta--;
      if (!other) leading++;
    } else if (c !== SPACE) other = true;
  }
  leadingClosers = leading;
  return delta;
}

/**
 * Lays out generated TypeScript: re-indents every line by bracket depth (chained calls one
 * level in, JSDoc with its declaration) and breaks lines longer than `width`.
 */
export function layoutCode(text: string, width = 120): string {
  const out: string[] = [];
  let depth = 0;
  let inComment = false;
  let chain = false;
  let blank = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      // At most one blank line in a row, as prettier keeps them.
      if (!blank && out.length > 0) out.push('');
      blank = true;
      continue;
    }
    blank = false;
    const base = depth * 2 + (chain ? 2 : 0);
    if (inComment || line.startsWith('/*')) {
      out.push(spaces(base) + (line.startsWith('*') ? ' ' : '') + line);
      inComment = !line.includes('*/');
      continue;
    }
    if (line.startsWith('//') || line.startsWith('#!')) {
      out.push(spaces(depth * 2) + line);
      continue;
    }
    const delta = depthOf(line);
    const leading = leadingClosers;
    const isChain = line.startsWith('.');
    const indent = Math.max(0, depth - leading) * 2 + (isChain || chain ? 2 : 0);
    out.push(
      indent + line.length <= width
        ? spaces(indent) + line
        : (breakUnion(line, indent) ?? spaces(indent) + render(tokenize(line), indent, indent, width)),
    );
    depth = Math.max(0, depth + delta);
    if (isChain) chain = true;
    if (line.endsWith(';') && depth === 0) chain = false;
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return `${out.join('\n')}\n`;
}
