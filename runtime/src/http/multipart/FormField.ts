import { MediaType } from '../MediaType.ts';

/** A text part of a multipart form: its name, decoded value and declared media type. */
export interface TextField {
  readonly _tag: 'Text';
  readonly name: string;
  readonly value: string;
  readonly contentType: MediaType;
  /** The part's file name, when a client sent text as a file (rare; kept for round trips). */
  readonly filename: string | undefined;
}

/** A binary part held in memory (what `Body#asMultipartForm` gives for file parts). */
export interface BinaryField {
  readonly _tag: 'Binary';
  readonly name: string;
  readonly data: Uint8Array;
  readonly contentType: MediaType;
  readonly filename: string | undefined;
}

/**
 * A binary part whose bytes arrive as a stream (what `Body#asMultipartFormStream` gives for
 * file parts). `data` can be read once; it is drained when the reader moves to the next field.
 */
export interface StreamingBinaryField {
  readonly _tag: 'StreamingBinary';
  readonly name: string;
  readonly data: AsyncIterable<Uint8Array>;
  readonly contentType: MediaType;
  readonly filename: string | undefined;
}

/** The spec's `FormField`: one part of a multipart form. */
export type FormField = TextField | BinaryField | StreamingBinaryField;

/** A field as `Body#asMultipartFormStream` delivers it: text, or binary still streaming. */
export type StreamingFormField = TextField | StreamingBinaryField;

const textPlain = MediaType.text.plain;
const octetStream = MediaType.application.octetStream;

function mediaType(type: MediaType | string | undefined, fallback: MediaType): MediaType {
  if (type === undefined) return fallback;
  if (typeof type !== 'string') return type;
  const parsed = MediaType.parse(type);
  if (!parsed) throw new TypeError(`FormField: "${type}" is not a media type`);
  return parsed;
}

/** Builders for form fields (the spec's `FormField.textField`, `binaryField`, …). */
export const FormField = {
  /** A text field (`text/plain` unless another media type is given). */
  textField(name: string, value: string, contentType?: MediaType | string): TextField {
    return { _tag: 'Text', name, value, contentType: mediaType(contentType, textPlain), filename: undefined };
  },
  /** A binary field held in memory, optionally sent as a file with `filename`. */
  binaryField(name: string, data: Uint8Array, contentType?: MediaType | string, filename?: string): BinaryField {
    return { _tag: 'Binary', name, data, contentType: mediaType(contentType, octetStream), filename };
  },
  /** A binary field whose bytes come from a stream, read once when the form is sent. */
  streamingBinaryField(
    name: string,
    data: AsyncIterable<Uint8Array>,
    contentType?: MediaType | string,
    filename?: string,
  ): StreamingBinaryField {
    return { _tag: 'StreamingBinary', name, data, contentType: mediaType(contentType, octetStream), filename };
  },
  /** True for a binary field, held in memory or streaming. */
  isBinary(field: FormField): field is BinaryField | StreamingBinaryField {
    return field._tag !== 'Text';
  },
} as const;
