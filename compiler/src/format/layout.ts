/**
 * kitgen's own layout of the code it generates: indentation by bracket depth, and lines
 * longer than the width broken at their brackets (one item per line with a trailing
 * separator, a lone object argument hugged by its call's parentheses, long unions one member
 * per line). It is linear and fast, for outputs too large to format with prettier in
 * reasonable time, and only knows what the emitters write (no template or regex literals).
 */

interface Text {
  readonly kind: 'text';
  readonly text: string;
}

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

type Token = Text | Group;

const closing: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/** Splits one line into text and bracket groups; unmatched closers and unclosed groups stay text. */
function tokenize(line: string): Token[] {
  let i = 0;
  const isWord = (ch: string | undefined) => ch !== undefined && /[\w$]/.test(ch);
  const parseSeq = (until: string | undefined): { items: Token[][]; sep: ',' | ';'; closed: boolean } => {
    const items: Token[][] = [[]];
    let sep: ',' | ';' | undefined;
    // Text runs are sliced from the line, not built a character at a time.
    let start = i;
    const flush = (end: number) => {
      if (end > start) items[items.length - 1].push({ kind: 'text', text: line.slice(start, end) });
    };
    while (i < line.length) {
      const c = line[i];
      if (c === "'" || c === '"' || c === '`') {
        for (i++; i < line.length && line[i] !== c; i += line[i] === '\\' ? 2 : 1);
        i++;
        continue;
      }
      if (until !== undefined && c === until && !(c === '>' && line[i - 1] === '=')) {
        flush(i);
        return { items, sep: sep ?? ',', closed: true };
      }
      if (c === '(' || c === '[' || c === '{' || (c === '<' && isWord(line[i - 1]))) {
        const openAt = i;
        flush(i);
        i++;
        const inner = parseSeq(closing[c]);
        if (!inner.closed) {
          items[items.length - 1].push({ kind: 'text', text: line.slice(openAt) });
          i = line.length;
          return { items, sep: sep ?? ',', closed: false };
        }
        i++;
        const before = line[openAt - 1];
        items[items.length - 1].push({
          kind: 'group',
          open: c,
          close: closing[c],
          items: nonEmpty(inner.items),
          sep: inner.sep,
          call: c !== '(' || isWord(before) || before === '>' || before === ')' || before === ']',
          flat: undefined,
        });
        start = i;
        continue;
      }
      if ((c === ',' || c === ';') && until !== undefined && until !== '>') {
        sep ??= c;
        flush(i);
        items.push([]);
        i++;
        while (line[i] === ' ') i++;
        start = i;
        continue;
      }
      i++;
    }
    flush(i);
    return { items, sep: sep ?? ',', closed: until === undefined };
  };
  return parseSeq(undefined).items[0] ?? [];
}

/** Items without the spaces around them (`{ a: 1 }` holds the item `a: 1`). */
function nonEmpty(items: Token[][]): Token[][] {
  return items
    .map((it) => {
      const out = [...it];
      const first = out[0];
      if (first?.kind === 'text') out[0] = { kind: 'text', text: first.text.trimStart() };
      const last = out[out.length - 1];
      if (last?.kind === 'text') out[out.length - 1] = { kind: 'text', text: last.text.trimEnd() };
      return out.filter((t) => t.kind === 'group' || t.text !== '');
    })
    .filter((it) => it.length > 0);
}

/** The one-line text of a token (computed once per group). */
function flatToken(t: Token): string {
  if (t.kind === 'text') return t.text;
  return (t.flat ??= flatGroup(t));
}

function flatGroup(t: Group): string {
  const inner = t.items.map((it) => it.map(flatToken).join('')).join(t.open === '<' ? ', ' : `${t.sep} `);
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
  const whole = seq.map(flatToken).join('');
  if (column + whole.length <= width) return whole;
  let lastGroup = -1;
  for (let k = seq.length - 1; k >= 0; k--) {
    const t = seq[k];
    if (t.kind === 'group' && t.open !== '<' && t.items.length > 0) {
      lastGroup = k;
      break;
    }
  }
  if (lastGroup > 0) {
    const before = seq.slice(0, lastGroup).map(flatToken).join('');
    const after = seq
      .slice(lastGroup + 1)
      .map(flatToken)
      .join('');
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
    if (t.kind === 'text' || col + restLength[k] <= width) {
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
    if (t.open === '(' && only?.kind === 'group' && (only.open === '{' || only.open === '[')) {
      out += `(${render(items[0], col + 1, indent, width)})`;
      col = lastColumn(out, column);
      continue;
    }
    const pad = ' '.repeat(indent + 2);
    // Grouping parentheses hold one expression or type: no separator after it.
    const sep = t.call || items.length > 1 ? t.sep : '';
    const lines = items.map((it) => `${pad}${render(it, indent + 2, indent + 2, width)}${sep}`);
    out += `${t.open}\n${lines.join('\n')}\n${' '.repeat(indent)}${t.close}`;
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
  const pad = ' '.repeat(indent + 2);
  return `${' '.repeat(indent)}${m[1].trimEnd()}\n${parts.map((p) => `${pad}| ${p}`).join('\n')}${m[3]}`;
}

/** Net bracket depth change of a line (strings and comments skipped) and how many closers lead it. */
function depthOf(line: string): { delta: number; leading: number } {
  let delta = 0;
  let leading = 0;
  let other = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < line.length && line[i] !== c; i += line[i] === '\\' ? 2 : 1);
      other = true;
      continue;
    }
    if (c === '/' && (line[i + 1] === '/' || line[i + 1] === '*')) break;
    if (c === '(' || c === '[' || c === '{') {
      delta++;
      other = true;
    } else if (c === ')' || c === ']' || c === '}') {
      delta--;
      if (!other) leading++;
    } else if (c !== ' ') other = true;
  }
  return { delta, leading };
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
      out.push(' '.repeat(base) + (line.startsWith('*') ? ' ' : '') + line);
      inComment = !line.includes('*/');
      continue;
    }
    if (line.startsWith('//') || line.startsWith('#!')) {
      out.push(' '.repeat(depth * 2) + line);
      continue;
    }
    const { delta, leading } = depthOf(line);
    const isChain = line.startsWith('.');
    const indent = Math.max(0, depth - leading) * 2 + (isChain || chain ? 2 : 0);
    out.push(
      indent + line.length <= width
        ? ' '.repeat(indent) + line
        : (breakUnion(line, indent) ?? ' '.repeat(indent) + render(tokenize(line), indent, indent, width)),
    );
    depth = Math.max(0, depth + delta);
    if (isChain) chain = true;
    if (line.endsWith(';') && depth === 0) chain = false;
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return `${out.join('\n')}\n`;
}
