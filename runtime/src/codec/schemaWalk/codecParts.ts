import type { MediaType } from '../../http/MediaType.ts';
import { Either } from '../../util/Either.ts';
import type { BinaryCodec } from '../BinaryCodec.ts';
import { DecodeError } from '../../errors/DecodeError.ts';
import { EncodeError, PathFailure } from './errors.ts';
import { itemError, type Frame } from './frames.ts';
import type { Validator } from '../../schema/validator.ts';

/** A binary codec derived from a schema, with every media type it accepts on requests. */
export interface SchemaBinaryCodec<A> extends BinaryCodec<A> {
  /** `mediaType` first, then aliases a request's Content-Type may use (`application/x-protobuf`). */
  readonly mediaTypes: readonly MediaType[];
}

/** A schema-derived codec that can print its schema in its format's own IDL. */
export interface IdlBinaryCodec<A> extends SchemaBinaryCodec<A> {
  /** The schema in the format's language (`.proto`, Avro JSON schema, `.thrift`), for non-TypeScript peers. */
  readonly idl: string;
}

/** Turns whatever a library or converter threw while decoding into a DecodeError. */
export function toDecodeError(format: string, error: unknown): DecodeError {
  if (error instanceof DecodeError) return error;
  if (error instanceof PathFailure) {
    const pointer = error.pointer;
    return new DecodeError(`invalid ${format} data at ${pointer === '' ? 'the root' : pointer}: ${error.message}`, {
      pointer,
      ...(error.expected === undefined ? {} : { expected: error.expected }),
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RangeError && /call stack/i.test(message)) {
    return new DecodeError(`invalid ${format} data: values are nested too deeply`, { cause: error });
  }
  return new DecodeError(`invalid ${format} data: ${message}`, { cause: error });
}

/** Turns a converter's PathFailure into an EncodeError; other errors pass through. */
export function toEncodeError(error: unknown, dropSegments = 0): unknown {
  if (!(error instanceof PathFailure)) return error;
  error.segments.splice(0, dropSegments);
  return new EncodeError(error.message, error.pointer);
}

/**
 * The decode pipeline of every binary codec: library decode plus conversion (`read`), then the
 * schema's compiled check, so a handler only ever sees values its schema allows. No validator:
 * the wire schema and the converters already enforce all the schema says (wireGuarantees.ts).
 */
export function decodeChecked<A>(
  format: string,
  validator: Validator | undefined,
  read: (bytes: Uint8Array) => unknown,
  bytes: Uint8Array,
): Either<DecodeError, A> {
  let value: unknown;
  try {
    value = read(bytes);
  } catch (error) {
    return Either.left(toDecodeError(format, error));
  }
  if (validator === undefined) return Either.right(value as A);
  try {
    if (!validator.check(value)) return Either.left(validator.error(value));
  } catch (error) {
    // The check recurses as the value nests: a recursive schema's value deep enough for the
    // decoder can still be too deep for the check, which must be a 400, not an error thrown at the server.
    if (error instanceof RangeError) return Either.left(toDecodeError(format, error));
    throw error;
  }
  return Either.right(value as A);
}

/** Decodes each frame of a stream, failing with the item's index and byte offset. */
export async function* decodeFrames<A>(
  frames: AsyncIterable<Frame>,
  decode: (bytes: Uint8Array) => Either<DecodeError, A>,
): AsyncGenerator<A> {
  for await (const frame of frames) {
    const result = decode(frame.body);
    if (result._tag === 'left') throw itemError(result.left, frame.index, frame.offset);
    yield result.right;
  }
}

/** Default limit on one streamed item: a corrupt length prefix must not make us buffer gigabytes. */
export const DEFAULT_MAX_ITEM_BYTES = 64 * 1024 * 1024;
