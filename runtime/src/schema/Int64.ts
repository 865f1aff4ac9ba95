import { BigInt as BigIntType } from 'typebox';
import type { TBigInt } from './schemaKinds.ts';

/** A 64-bit signed integer held as a `bigint` in memory (OpenAPI: integer/int64). */
export function Int64(options: { description?: string; $id?: string } = {}): TBigInt {
  return BigIntType({ ...options, format: 'int64' }) as TBigInt;
}
