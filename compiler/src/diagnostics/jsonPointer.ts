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

/**
 * The value at a JSON pointer of a document (`/components/schemas/Pet`, a leading `#` allowed), or
 * undefined. Only own properties count, so `/constructor` finds nothing in a document without one.
 */
export function valueAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const part of pointerParts(pointer.charCodeAt(0) === 35 ? pointer.slice(1) : pointer)) {
    if (Array.isArray(node)) node = node[Number(part)];
    else if (node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, part))
      node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return node;
}

/** The pointer a local `$ref` names (`#/a%20b` → `/a b`), or undefined for a reference into another file. */
export function refPointer(ref: string): string | undefined {
  if (!ref.startsWith('#')) return undefined;
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    return ref.slice(1);
  }
}

/** Why {@link followRefs} stopped short of a value that is not a reference. */
export type RefStop = 'external' | 'missing' | 'loop';

/**
 * Follows local `$ref`s from `value` (found at `pointer`) to the first value that is not a
 * reference. Returns it with its pointer, or where and why the chain broke: a reference into
 * another file, a target that is not in the document, or a loop (a pointer seen twice, or more
 * than `maxHops` references).
 */
export function followRefs(
  document: unknown,
  value: unknown,
  pointer: string,
  maxHops = 64,
):
  | { readonly value: unknown; readonly pointer: string }
  | { readonly stop: RefStop; readonly ref: string; readonly at: string; readonly target?: string } {
  let current = value;
  let at = pointer;
  const seen = new Set<string>();
  while (current !== null && typeof current === 'object' && typeof (current as { $ref?: unknown }).$ref === 'string') {
    const ref = (current as { $ref: string }).$ref;
    const target = refPointer(ref);
    if (target === undefined) return { stop: 'external', ref, at };
    if (seen.has(target) || seen.size >= maxHops) return { stop: 'loop', ref, at, target };
    seen.add(target);
    const next = valueAt(document, target);
    if (next === undefined) return { stop: 'missing', ref, at, target };
    current = next;
    at = target;
  }
  return { value: current, pointer: at };
}
