/**
 * Text from a spec placed in generated code goes through these functions only, so it can never
 * end a string, a comment or a template, or inject code.
 */

/** Printable ASCII without `'` and `\\`: such text is its own literal body. */
const plainText = /^[\x20-\x26\x28-\x5b\x5d-\x7e]*$/;

/** A single-quoted TypeScript string literal of any text. */
export function stringLiteral(text: string): string {
  if (plainText.test(text)) return `'${text}'`;
  const body = JSON.stringify(text)
    .slice(1, -1)
    .replace(/\\"/g, '"')
    .replace(/'/g, "\\'")
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `'${body}'`;
}

const identifierShape = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A property name in a type (interface member, type literal): bare when identifier-shaped,
 * quoted otherwise (`'x-rate-limit'`). `'__proto__'` is an ordinary member in a type.
 */
export function propertyKey(name: string): string {
  return identifierShape.test(name) ? name : stringLiteral(name);
}

/**
 * A property name in an object literal (a value): like {@link propertyKey}, except that
 * `__proto__` is computed (`['__proto__']`), because a plain `__proto__:` key would set the
 * object's prototype instead of creating a property.
 */
export function objectKey(name: string): string {
  if (name === '__proto__') return `['__proto__']`;
  return propertyKey(name);
}

/**
 * A JSDoc block from spec text (descriptions, deprecation): `*\/` cannot close it early, a word
 * after `@` cannot start a tag, and lines are kept. `tags` are block tags the compiler writes
 * (`@deprecated`, `@default 'x'`); their text is made comment-safe too. Returns '' when empty.
 */
export function jsDoc(lines: ReadonlyArray<string | undefined>, indent = '', tags: readonly string[] = []): string {
  let text = '';
  for (const l of lines) {
    if (typeof l !== 'string' || l.trim() === '') continue;
    text += text === '' ? l : `\n\n${l}`;
  }
  // The replacements only where they can match: most descriptions are one plain line.
  if (/[\r\u2028\u2029]/.test(text)) text = text.replace(/\r\n?|\u2028|\u2029/g, '\n');
  if (text.includes('*/')) text = text.replace(/\*\//g, '*\\/');
  if (!text && tags.length === 0) return '';
  const hasAt = text.includes('@');
  const body = text
    ? text
        .split('\n')
        .map((l) => `${indent} *${l ? ' ' + (hasAt ? l.replace(/@(?=[A-Za-z{])/g, '@\u200b') : l).trimEnd() : ''}`)
    : [];
  for (const tag of tags) body.push(`${indent} * ${commentText(tag)}`);
  // One short line stays on one line: `/** text */`.
  if (body.length === 1 && body[0].length < 100) return `${indent}/** ${body[0].slice(indent.length + 3)} */\n`;
  return `${indent}/**\n${body.join('\n')}\n${indent} */\n`;
}

/** One line of text safe inside a `//` or block comment (line breaks and `*\/` removed). */
export function commentText(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').replace(/\*\//g, '*\\/');
}

/** Any JSON value as a TypeScript expression (strings escaped by {@link stringLiteral}). */
export function jsonLiteral(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'number') return Number.isFinite(value) ? (Object.is(value, -0) ? '-0' : String(value)) : 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value)) return `[${value.map(jsonLiteral).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, v]) => `${objectKey(k)}: ${jsonLiteral(v)}`).join(', ')} }`;
  }
  return 'undefined';
}

/** A JSON value as a TypeScript literal type (`'a'`, `1`, `true`, `null`), or `unknown` for structures. */
export function literalType(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'number') return Number.isFinite(value) ? (value < 0 ? `-${-value}` : String(value)) : 'number';
  if (typeof value === 'boolean') return String(value);
  return 'unknown';
}
