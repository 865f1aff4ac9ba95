// JSON pointers (RFC 6901): how a diagnostic names a place in an OpenAPI document.

/** Escapes one JSON pointer segment (`~` → `~0`, `/` → `~1`). */
export function pointerSegment(key: string | number): string {
  const text = String(key);
  // Most keys need no escape; a schema walk of a 10,000-operation document makes millions of them.
  if (!text.includes('~') && !text.includes('/')) return text;
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Joins a pointer and segments. */
export function pointerJoin(base: string, ...keys: Array<string | number>): string {
  let pointer = base;
  for (const key of keys) pointer += `/${pointerSegment(key)}`;
  return pointer;
}

/** The segments of a JSON pointer (unescaped). */
export function pointerParts(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  const parts = (pointer.charCodeAt(0) === 47 ? pointer.slice(1) : pointer).split('/');
  if (!pointer.includes('~')) return parts;
  return parts.map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
