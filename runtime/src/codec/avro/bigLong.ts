import type * as Avsc from 'avsc';
import { INT64_MAX, INT64_MIN } from '../schemaWalk/values.ts';

/**
 * avsc's `long` with the full int64 range: avsc's own long refuses values beyond 2^53, so longs
 * are read as `bigint` (converted to a number where the schema holds one) and written from a
 * bigint or a safe-integer number.
 */
export function bigintLongType(avro: typeof Avsc): Avsc.Type {
  // avsc packs the 8 bytes as soon as `toBuffer` returns, so one scratch buffer is enough.
  const scratch = Buffer.alloc(8);
  return avro.types.LongType.__with({
    fromBuffer: (buf: Buffer) => buf.readBigInt64LE(0),
    toBuffer: (n: bigint | number) => {
      scratch.writeBigInt64LE(typeof n === 'bigint' ? n : BigInt(n));
      return scratch;
    },
    fromJSON: (json: unknown) => BigInt(json as string),
    toJSON: (n: bigint) => Number(n),
    isValid: (n: unknown) => (typeof n === 'bigint' && n >= INT64_MIN && n <= INT64_MAX) || Number.isSafeInteger(n),
    compare: (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0),
  });
}
