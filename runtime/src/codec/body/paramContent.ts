import type { TSchema } from 'typebox';
import type { CodecConfig } from '../json/CodecConfig.ts';
import type { JsonBinaryCodec } from '../json/JsonCodec.ts';
import type { DecodeError } from '../../errors/DecodeError.ts';
import { validatorFor } from '../../schema/validator.ts';
import { Either } from '../../util/Either.ts';
import { bodyCodecFor } from './BodyCodecs.ts';
import { coerceScalar } from './paramCoercion.ts';

// A parameter described by `content` (OpenAPI 3, "Parameter Object": `content` instead of
// `schema`) carries its whole value as one text of that media type, in no style: a JSON
// parameter is JSON text (`[1,2]`, `"a b"`, `{"x":1}`), whatever the schema's type.

/** True for media types whose parameter text is JSON (`application/json`, `application/*+json`). */
export function isJsonParameterType(mediaType: string): boolean {
  return /^application\/(?:[\w.-]+\+)?json$/i.test(mediaType.split(';')[0].trim());
}

function jsonCodec(schema: TSchema, config: CodecConfig): JsonBinaryCodec<unknown> {
  return bodyCodecFor('application/json', schema, config) as JsonBinaryCodec<unknown>;
}

/**
 * The value of a content-described parameter from its text: JSON text through the schema's
 * JSON codec (the CodecConfig's names, dates, bigints), any other media type as the text
 * itself read as the schema's scalar. A `left` names `what` and what was expected.
 */
export function decodeParameterContent(
  text: string,
  mediaType: string,
  schema: TSchema,
  config: CodecConfig,
  what: string,
): Either<DecodeError, unknown> {
  if (isJsonParameterType(mediaType)) return jsonCodec(schema, config).decodeString(text, what);
  const value = coerceScalar(schema as unknown as Record<string, unknown>, text);
  const failure = validatorFor(schema).firstError(value, '', what);
  return failure ? Either.left(failure) : Either.right(value);
}

/** The text of a content-described parameter's value, as {@link decodeParameterContent} reads it back. */
export function encodeParameterContent(
  value: unknown,
  mediaType: string,
  schema: TSchema,
  config: CodecConfig,
): string {
  if (isJsonParameterType(mediaType)) return jsonCodec(schema, config).encodeToString(value);
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}
