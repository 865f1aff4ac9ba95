import Type, { type TSchema, type TUnsafe } from 'typebox';

/** Marker keyword of a bytes schema; OpenAPI renders it as `type: string, format: binary`. */
export const BytesKeyword = 'x-kitgen-bytes';

/**
 * A byte string held as a `Uint8Array` in memory (`Schema.Uint8Array()`): protobuf/Thrift
 * `bytes`/`binary`, Avro `bytes`, MsgPack `bin`. TypeBox 1.x has no such type, so the schema is a
 * marker plus a refinement the compiled checker runs.
 */
export function Uint8ArraySchema(options: { description?: string; title?: string; $id?: string } = {}): TUnsafe<Uint8Array> {
  const marked = Type.Unsafe<Uint8Array>({ ...options, [BytesKeyword]: true } as unknown as TSchema);
  return Type.Refine(marked, (value: unknown) => value instanceof Uint8Array, () => 'must be a Uint8Array') as TUnsafe<Uint8Array>;
}

/** True for a schema built by {@link Uint8ArraySchema}. */
export function isBytesSchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && (schema as Record<string, unknown>)[BytesKeyword] === true;
}
