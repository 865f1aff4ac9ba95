import type { TSchema } from 'typebox';
import type { CodecConfig } from '../codec/json/CodecConfig.ts';
import { JsonCodec } from '../codec/json/JsonCodec.ts';

/**
 * A value as it can stand in a JSON document: bigints become numbers (JSON has no other integer),
 * bytes base64 text, dates ISO text; `undefined` fields are dropped.
 */
export function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Uint8Array)
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : jsonSafe(v)));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = jsonSafe(v);
    return out;
  }
  return value;
}

/**
 * An in-memory value (an example, a default) as it goes over the wire in JSON: written by the
 * JSON codec of its schema under `config` (field names, discriminators, nulls, bytes, int64),
 * so documented examples match what clients send and receive.
 */
export function jsonWireValue(schema: TSchema, value: unknown, config: CodecConfig): unknown {
  try {
    return JSON.parse(JsonCodec.schemaBasedBinaryCodec(schema, config).encodeToString(value as never));
  } catch {
    return jsonSafe(value);
  }
}
