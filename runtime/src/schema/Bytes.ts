import * as Type from 'typebox';
import type { TSchema, TUnsafe } from 'typebox';

/** Marker keyword of a bytes schema. */
export const BytesKeyword = 'x-kitgen-bytes';

/**
 * Raw bytes (`Uint8Array` in memory). JSON carries them as base64 text; binary formats as their
 * own bytes type; OpenAPI shows `type: string, format: binary` (bodies) or `byte` (fields).
 */
// Free of side effects, so a bundler drops the schemas a program never uses.
/* @__NO_SIDE_EFFECTS__ */
export function Bytes(options: { description?: string; $id?: string } = {}): TUnsafe<Uint8Array> {
  const base = Type.Unsafe<Uint8Array>({ ...options, [BytesKeyword]: true } as unknown as TSchema);
  return Type.Refine(
    base,
    (value) => value instanceof Uint8Array,
    () => 'must be bytes (Uint8Array)',
  ) as unknown as TUnsafe<Uint8Array>;
}

/** True when a schema is {@link Bytes}. */
export function isBytesSchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && (schema as Record<string, unknown>)[BytesKeyword] === true;
}
