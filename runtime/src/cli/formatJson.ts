/**
 * Re-indents JSON text without parsing its values, so 64-bit integers and exact decimals print
 * as the server sent them. `indent` 0 gives compact text; the input is assumed to be valid JSON.
 */
export function formatJson(text: string, indent: number): string {
  const pad = (depth: number) => (indent > 0 ? `\n${' '.repeat(indent * depth)}` : '');
  let out = '';
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      // Copy the whole string literal, escapes included.
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (c === '{' || c === '[') {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j])) j++;
      if (text[j] === (c === '{' ? '}' : ']')) {
        out += c + text[j];
        i = j;
      } else {
        depth++;
        out += c + pad(depth);
      }
    } else if (c === '}' || c === ']') {
      depth--;
      out += pad(depth) + c;
    } else if (c === ',') out += `,${pad(depth)}`;
    else if (c === ':') out += indent > 0 ? ': ' : ':';
    else if (!/\s/.test(c)) out += c;
  }
  return out;
}
