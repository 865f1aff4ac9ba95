import type { Either } from '../util/Either.ts';
import type { MediaType } from '../http/MediaType.ts';
import type { DecodeError } from '../errors/DecodeError.ts';

/**
 * The spec's `BinaryCodec[A]`: turns values of `A` into bytes and back, one value at a time or
 * as streams. `mediaType` is the type the codec speaks, used for content negotiation.
 */
export interface BinaryCodec<A> {
  readonly mediaType: MediaType;
  /** Encodes one value. */
  encode(value: A): Uint8Array;
  /** Decodes one value; a `left` says where and what was expected. */
  decode(bytes: Uint8Array): Either<DecodeError, A>;
  /** Encodes a stream of values into a byte stream (framing is the format's own). */
  streamEncoder(values: AsyncIterable<A>): AsyncIterable<Uint8Array>;
  /** Decodes a byte stream into values; fails with a DecodeError on corrupt or truncated input. */
  streamDecoder(bytes: AsyncIterable<Uint8Array>): AsyncIterable<A>;
}
