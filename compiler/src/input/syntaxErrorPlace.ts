/**
 * Where a syntax error really is. Parsers notice a mistake where they stop making sense of the
 * text, which is often the next key's line (a missing comma in JSON) or the end of the file (an
 * unclosed quote or bracket); the user needs the line where the mistake was made.
 */

/**
 * For a JSON error reported at a token that follows a missing comma or a trailing one
 * (`Expected ',' or '}'`, `Expected double-quoted property name`), the end of the token before
 * it, on the line where the comma is missing or extra; else the offset itself.
 */
export function jsonMistakeOffset(text: string, offset: number, message: string): number {
  if (!/^Expected (',' or|double-quoted property name)/.test(message)) return offset;
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  return i >= 0 && text.lastIndexOf('\n', offset - 1) > i ? i : offset;
}

/** True when `open` is left open on the line (quotes of the other kind and comments skipped). */
function unbalanced(line: string, open: string, close: string): boolean {
  let depth = 0;
  let quote: string | undefined;
  for (const c of line) {
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      continue;
    }
    if (c === '#') break;
    if ((c === '"' || c === "'") && open !== c) quote = c;
    else if (open === close && c === open) depth = depth === 0 ? 1 : 0;
    else if (c === open) depth++;
    else if (c === close) depth--;
  }
  return depth > 0;
}

/**
 * For a YAML error about something left open (a quote, a flow sequence or mapping), the line
 * (1-based) before `line` that opens it and never closes it; `line` when none is found.
 */
export function yamlOpeningLine(text: string, line: number, code: string, message: string): number {
  const opener =
    code === 'MISSING_CHAR' && /quote/.test(message)
      ? /'quote/.test(message)
        ? "'"
        : '"'
      : /end with a \]/.test(message)
        ? '['
        : /end with a \}/.test(message)
          ? '{'
          : undefined;
  if (opener === undefined) return line;
  const close = opener === '[' ? ']' : opener === '{' ? '}' : opener;
  const lines = text.split('\n');
  for (let i = Math.min(line, lines.length) - 1; i >= 0; i--) if (unbalanced(lines[i], opener, close)) return i + 1;
  return line;
}
