import type { TSchema } from 'typebox';
import type { BinaryCodec } from '../BinaryCodec.ts';
import { DecodeError } from '../../errors/DecodeError.ts';
import { Either } from '../../util/Either.ts';
import { MediaType } from '../../http/MediaType.ts';
import { validatorFor } from '../../schema/validator.ts';
import { coerceParam } from './paramCoercion.ts';
import { concatBytes, utf8Text } from '../../util/bytes.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

async function* collectThen<A>(bytes: AsyncIterable<Uint8Array>, decode: (b: Uint8Array) => Either<DecodeError, A>): AsyncIterable<A> {
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

/** An `application/x-www-form-urlencoded` codec for object schemas; fields coerced like query parameters. */
export function formCodec(schema: TSchema): BinaryCodec<Record<string, unknown>> {
  const s = schema as unknown as { properties?: Record<string, TSchema> };
  const validator = validatorFor(schema);
  const decode = (bytes: Uint8Array): Either<DecodeError, Record<string, unknown>> => {
    const params = new URLSearchParams(utf8Text(bytes));
    const out: Record<string, unknown> = {};
    for (const [name, fieldSchema] of Object.entries(s.properties ?? {})) {
      const raw = params.getAll(name);
      if (raw.length === 0) continue;
      out[name] = coerceParam(fieldSchema, raw, 'form', true);
    }
    const failure = validator.firstError(out, '', 'form body');
    return failure ? Either.left(failure) : Either.right(out);
  };
  const encode = (value: Record<string, unknown>): Uint8Array => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
      else params.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
    }
    return encoder.encode(params.toString());
  };
  return {
    mediaType: MediaType.application.xWwwFormUrlencoded,
    encode,
    decode,
    streamEncoder: async function* (values) {
      for await (const v of values) yield* once(encode(v));
    },
    streamDecoder: (bytes) => collectThen(bytes, decode),
  };
}
