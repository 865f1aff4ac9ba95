import * as Type from 'typebox';
import type { TSchema, TUnsafe } from './schemaKinds.ts';

/** Marker keyword of a bytes schema: `true` for base64 text in JSON (`format: byte`), `'binary'` for raw text. */
export const BytesKeyword = 'x-kitgen-bytes';

/**
 * How bytes travel where only text can (a JSON string, a query or header value): `byte` as
 * base64 (RFC 4648), `binary` as the text itself (its UTF-8 bytes), as OpenAPI's two formats say.
 * A whole body, a multipart part or a form field carries the bytes themselves either way.
 */
export type BytesFormat = 'byte' | 'binary';

/**
 * Raw bytes (`Uint8Array` in memory). JSON carries them as base64 text, or with `format: 'binary'`
 * as the text itself; binary formats as their own bytes type; OpenAPI shows `type: string`,
 * `format: binary` (bodies, and `binary` fields) or `byte` (base64 fields).
 */
// Free of side effects, so a bundler drops the schemas a program never uses.
/* @__NO_SIDE_EFFECTS__ */
export function Bytes(options: { description?: string; $id?: string; format?: BytesFormat } = {}): TUnsafe<Uint8Array> {
  const { format, ...rest } = options;
  const base = Type.Unsafe<Uint8Array>({
    ...rest,
    [BytesKeyword]: format === 'binary' ? 'binary' : true,
  } as unknown as TSchema);
  return Type.Refine(
    base,
    (value) => value instanceof Uint8Array,
    () => 'must be bytes (Uint8Array)',
  ) as unknown as TUnsafe<Uint8Array>;
}

/** True when a schema is {@link Bytes}. */
export function isBytesSchema(schema: unknown): boolean {
  return bytesFormat(schema) !== undefined;
}

/** The format of a {@link Bytes} schema (undefined for any other schema). */
export function bytesFormat(schema: unknown): BytesFormat | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const marker = (schema as Record<string, unknown>)[BytesKeyword];
  return marker === true ? 'byte' : marker === 'binary' ? 'binary' : undefined;
}
