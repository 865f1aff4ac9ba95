import { MediaType } from '../MediaType.ts';
import type { Form } from './Form.ts';
import type { FormField } from './FormField.ts';
import { randomHex } from '../../util/randomHex.ts';
import { concatBytes } from '../../util/bytes.ts';

const encoder = new TextEncoder();
const crlf = encoder.encode('\r\n');

/** A fresh random boundary (128 bits), so no field's content can contain it by accident. */
export function generateBoundary(): string {
  return `kitgen-${randomHex(16)}`;
}

/** The Content-Type of a multipart form with this boundary. */
export function multipartContentType(boundary: string): string {
  return MediaType.render(MediaType.of('multipart/form-data', { boundary }));
}

/**
 * Escapes a name or file name for a quoted Content-Disposition parameter as browsers and
 * `fetch` do (WHATWG HTML, "multipart/form-data encoding"): `"`, CR and LF are percent-encoded,
 * so no value can end the quoted string or inject a header line.
 */
function quote(value: string): string {
  return `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

function partHeader(boundary: string, field: FormField): Uint8Array {
  let head = `--${boundary}\r\nContent-Disposition: form-data; name=${quote(field.name)}`;
  if (field.filename !== undefined) head += `; filename=${quote(field.filename)}`;
  head += '\r\n';
  // Like browsers, a plain text field goes without Content-Type (text/plain is the default).
  const plainText =
    field._tag === 'Text' &&
    field.contentType.fullType === 'text/plain' &&
    Object.keys(field.contentType.parameters).length === 0;
  if (!plainText) head += `Content-Type: ${MediaType.render(field.contentType).replace(/[\r\n]/g, '')}\r\n`;
  return encoder.encode(`${head}\r\n`);
}

/** True when every field is held in memory, so the encoded size is known up front. */
export function isInMemory(form: Form): boolean {
  return form.fields.every((f) => f._tag !== 'StreamingBinary');
}

/** Encodes an in-memory form (no streaming fields) to one byte array. */
export function encodeMultipartBytes(form: Form, boundary: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const field of form.fields) {
    if (field._tag === 'StreamingBinary')
      throw new TypeError(`encodeMultipartBytes: field "${field.name}" is streaming; use encodeMultipart`);
    chunks.push(partHeader(boundary, field), field._tag === 'Text' ? encoder.encode(field.value) : field.data, crlf);
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return concatBytes(chunks);
}

/** Encodes a form to a multipart byte stream; streaming fields are read as the stream is. */
export async function* encodeMultipart(form: Form, boundary: string): AsyncGenerator<Uint8Array> {
  for (const field of form.fields) {
    yield partHeader(boundary, field);
    if (field._tag === 'Text') yield encoder.encode(field.value);
    else if (field._tag === 'Binary') yield field.data;
    else for await (const chunk of field.data) yield chunk;
    yield crlf;
  }
  yield encoder.encode(`--${boundary}--\r\n`);
}
