// JSON pointers (RFC 6901): how a diagnostic names a place in an OpenAPI document.

/** Escapes one JSON pointer segment (`~` → `~0`, `/` → `~1`). */
export function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Joins a pointer and segments. */
export function pointerJoin(base: string, ...keys: Array<string | number>): string {
  return base + keys.map((k) => `/${pointerSegment(k)}`).join('');
}

/** The segments of a JSON pointer (unescaped). */
export function pointerParts(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
