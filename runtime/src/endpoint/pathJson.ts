import { constraintCheck, type PathCodec } from '../routing/PathCodec.ts';

// Kinds whose value is text: its JSON text is quoted. A number's or boolean's JSON text is the
// segment the plain codec reads already.
const textKinds = new Set(['string', 'uuid', 'dateTime']);

/**
 * A path parameter described by `content: application/json` (stream-io's `{type}`): the segment
 * is the value's JSON text, `"apn"` quotes and all, so a text value is read from a JSON string
 * and written as one; a segment that is no JSON string does not decode (400 naming the
 * parameter). Applied last, after `constrain`, `doc` and the format, which hold the value itself.
 */
export function withJsonText<A>(codec: PathCodec<A>, mediaType: string): PathCodec<A> {
  // OpenAPIGen describes the parameter by the same `content` again.
  if (!textKinds.has(codec.kind)) return { ...codec, mediaType };
  const { decode, encode } = codec;
  // The plain text codec refuses an empty segment, which no route could hold; here the segment of
  // the empty text is `""`, and the empty text is a value like another, unless the parameter's
  // constraints or format refuse it (stream-io's `{name}`, a string with no minimum length).
  const emptyAllowed =
    codec.kind === 'string' && codec.schema.format === undefined && constraintCheck(codec.schema)('');
  return {
    ...codec,
    mediaType,
    expected: `a JSON string: ${codec.expected}`,
    decode: (segment) => {
      let text: unknown;
      try {
        text = JSON.parse(segment);
      } catch {
        return undefined;
      }
      if (typeof text !== 'string') return undefined;
      return text === '' ? (emptyAllowed ? (text as A) : undefined) : decode(text);
    },
    encode: (value) => JSON.stringify(encode(value)),
  };
}
