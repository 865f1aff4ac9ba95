import type { TSchema } from 'typebox';
import type { BinaryCodec } from '../BinaryCodec.ts';
import { DecodeError } from '../../errors/DecodeError.ts';
import { Either } from '../../util/Either.ts';
import { MediaType } from '../../http/MediaType.ts';
import { validatorFor } from '../../schema/validator.ts';
import { concatBytes } from '../../util/bytes.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

async function* collectThen<A>(
  bytes: AsyncIterable<Uint8Array>,
  decode: (b: Uint8Array) => Either<DecodeError, A>,
): AsyncIterable<A> {
  const chunks: Uint8Array[] = [];
  for await (const c of bytes) chunks.push(c);
  const r = decode(concatBytes(chunks));
  if (r._tag === 'left') throw r.left;
  yield r.right;
}

/** A `text/*` codec for string schemas: UTF-8 text, validated against the schema. */
export function textCodec(schema: TSchema, mediaType: string): BinaryCodec<string> {
  const validator = validatorFor(schema);
  const decode = (bytes: Uint8Array): Either<DecodeError, string> => {
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      return Either.left(new DecodeError('body: not valid UTF-8 text', { expected: 'UTF-8 text' }));
    }
    const failure = validator.firstError(text, '', 'body');
    return failure ? Either.left(failure) : Either.right(text);
  };
  return {
    mediaType: MediaType.parse(mediaType) ?? MediaType.text.plain,
    encode: (value) => encoder.encode(value),
    decode,
    streamEncoder: async function* (values) {
      for await (const v of values) yield encoder.encode(v);
    },
    streamDecoder: (bytes) => collectThen(bytes, decode),
  };
}

/** An `application/octet-stream` (or any binary type) codec for bytes schemas. */
export function bytesCodec(mediaType: string): BinaryCodec<Uint8Array> {
  return {
    mediaType: MediaType.parse(mediaType) ?? MediaType.application.octetStream,
    encode: (value) => value,
    decode: (bytes) => Either.right(bytes),
    streamEncoder: async function* (values) {
      for await (const v of values) yield v;
    },
    streamDecoder: async function* (bytes) {
      for await (const b of bytes) yield b;
    },
  };
}
