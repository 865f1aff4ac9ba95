/** A field name as one segment of a JSON pointer (RFC 6901: `~` → `~0`, `/` → `~1`). */
export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * A pointer as it appears in a message: whole when short, else its beginning and end around
 * `…`. A value nested thousands of levels deep has a pointer of thousands of segments; the
 * answer's `pointer` field keeps it whole.
 */
export function pointerForMessage(pointer: string, max = 200): string {
  if (pointer.length <= max) return pointer;
  const half = Math.floor(max / 2);
  return `${pointer.slice(0, half)}…${pointer.slice(-half)}`;
}
