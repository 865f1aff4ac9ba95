import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { BinaryCodec } from '../codec/BinaryCodec.ts';
import { DecodeError } from '../errors/DecodeError.ts';
import { HttpError } from './HttpError.ts';
import { MediaType } from './MediaType.ts';
import { fileMediaType } from './fileMediaType.ts';
import type { Form } from './multipart/Form.ts';
import type { StreamingFormField } from './multipart/FormField.ts';
import type { MultipartLimits } from './multipart/MultipartLimits.ts';
import { decodeMultipart } from './multipart/decodeMultipart.ts';
import {
  encodeMultipart,
  encodeMultipartBytes,
  generateBoundary,
  isInMemory,
  multipartContentType,
} from './multipart/encodeMultipart.ts';
import { readMultipartForm } from './multipart/readMultipartForm.ts';
import { HttpErrors } from '../errors/catalogue.ts';

const encoder = new TextEncoder();
const emptyBytes = new Uint8Array(0);

type Source =
  | { readonly kind: 'empty' }
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array }
  | { readonly kind: 'string'; readonly text: string }
  | { readonly kind: 'stream'; readonly open: () => AsyncIterable<Uint8Array> }
  | { readonly kind: 'file'; readonly path: string };

/**
 * The spec's `Body`: the content of a request or response. It may be held in memory, read from
 * a file, or arrive as a stream; a streamed body can be consumed once.
 */
export class Body {
  /** @internal */
  readonly source: Source;
  /** The body's media type (Content-Type), when known. */
  readonly contentType: string | undefined;
  /** Byte length, when known ahead of reading. */
  readonly contentLength: number | undefined;
  #consumed = false;

  private constructor(source: Source, contentType: string | undefined, contentLength: number | undefined) {
    this.source = source;
    this.contentType = contentType;
    this.contentLength = contentLength;
  }

  /** A body with no content. */
  static readonly empty: Body = new Body({ kind: 'empty' }, undefined, 0);

  /** A UTF-8 text body (`text/plain; charset=utf-8` unless another type is given). */
  static fromString(text: string, contentType = 'text/plain; charset=utf-8'): Body {
    return new Body({ kind: 'string', text }, contentType, undefined);
  }

  /** A body holding these bytes. */
  static fromBytes(bytes: Uint8Array, contentType = 'application/octet-stream'): Body {
    return new Body({ kind: 'bytes', bytes }, contentType, bytes.byteLength);
  }

  /** A body read from a byte stream, once. `length` is sent as Content-Length when given. */
  static fromStream(stream: AsyncIterable<Uint8Array>, options: { contentType?: string; length?: number } = {}): Body {
    let used = false;
    return new Body(
      {
        kind: 'stream',
        open: () => {
          if (used) throw new Error('Body stream was already consumed');
          used = true;
          return stream;
        },
      },
      options.contentType ?? 'application/octet-stream',
      options.length,
    );
  }

  /** @internal Bytes received from a peer, whose Content-Type may be absent. */
  static fromReceived(bytes: Uint8Array, contentType: string | undefined): Body {
    return new Body({ kind: 'bytes', bytes }, contentType, bytes.byteLength);
  }

  /** @internal A stream body whose source is opened lazily (the server's request bodies). */
  static fromLazyStream(
    open: () => AsyncIterable<Uint8Array>,
    contentType: string | undefined,
    length: number | undefined,
  ): Body {
    return new Body({ kind: 'stream', open }, contentType, length);
  }

  /** A body streamed from a file when it is sent; the media type follows the file's extension unless given. */
  static fromFile(path: string, contentType: string = fileMediaType(path)): Body {
    return new Body({ kind: 'file', path }, contentType, undefined);
  }

  /**
   * A multipart/form-data body of a form (for clients), with a random boundary unless one is
   * given. A form held in memory gets a known length; streaming fields are read when it is sent.
   */
  static fromMultipartForm(form: Form, boundary: string = generateBoundary()): Body {
    const contentType = multipartContentType(boundary);
    if (isInMemory(form)) return Body.fromBytes(encodeMultipartBytes(form, boundary), contentType);
    return Body.fromStream(encodeMultipart(form, boundary), { contentType });
  }

  /** The spec's `Body.from[A](a)`: encodes a value with a codec; the body takes the codec's media type. */
  static from<A>(value: A, codec: BinaryCodec<A>): Body {
    return Body.fromBytes(codec.encode(value), MediaType.render(codec.mediaType));
  }

  /** Encodes a stream of values with the codec's stream encoder. */
  static fromValues<A>(values: AsyncIterable<A>, codec: BinaryCodec<A>): Body {
    return Body.fromStream(codec.streamEncoder(values), { contentType: MediaType.render(codec.mediaType) });
  }

  /** A copy carrying another media type. */
  withContentType(contentType: string): Body {
    return new Body(this.source, contentType, this.contentLength);
  }

  /** True when the body is known to be empty without reading it. */
  get isEmpty(): boolean {
    return this.source.kind === 'empty' || this.contentLength === 0;
  }

  /** The whole body as bytes. A too-large request body rejects with a 413 HttpError. */
  async asBytes(): Promise<Uint8Array> {
    const s = this.source;
    switch (s.kind) {
      case 'empty':
        return emptyBytes;
      case 'bytes':
        return s.bytes;
      case 'string':
        return encoder.encode(s.text);
      default: {
        const chunks: Uint8Array[] = [];
        let total = 0;
        for await (const chunk of this.asStream()) {
          chunks.push(chunk);
          total += chunk.byteLength;
        }
        if (chunks.length === 1) return chunks[0];
        return Buffer.concat(chunks, total);
      }
    }
  }

  /** The whole body as UTF-8 text. */
  async asString(): Promise<string> {
    if (this.source.kind === 'string') return this.source.text;
    if (this.source.kind === 'empty') return '';
    const bytes = await this.asBytes();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  }

  /** The spec's `Body#asStream`: the content as a byte stream. A streamed body can be read once. */
  asStream(): AsyncIterable<Uint8Array> {
    const s = this.source;
    switch (s.kind) {
      case 'empty':
        return (async function* () {})();
      case 'bytes':
        return (async function* () {
          yield s.bytes;
        })();
      case 'string':
        return (async function* () {
          yield encoder.encode(s.text);
        })();
      case 'file':
        return createReadStream(s.path) as AsyncIterable<Uint8Array>;
      case 'stream':
        if (this.#consumed) throw HttpError.of(HttpErrors.BODY_CONSUMED, []);
        this.#consumed = true;
        return s.open();
    }
  }

  /** The spec's `Body#to[A]`: decodes the body with a codec; rejects with a DecodeError. */
  async to<A>(codec: BinaryCodec<A>): Promise<A> {
    const bytes = await this.asBytes();
    const result = codec.decode(bytes);
    if (result._tag === 'left') throw result.left;
    return result.right;
  }

  /**
   * The spec's `Body#asMultipartFormStream`: the form's fields as their bytes arrive. A binary
   * field's `data` must be read before asking for the next field (otherwise it is drained).
   * Rejects with a DecodeError on a missing boundary, a truncated body or a malformed part, and
   * with an HttpError 413 past a limit ({@link MultipartLimits.streaming} by default).
   */
  asMultipartFormStream(limits?: Partial<MultipartLimits>): AsyncIterable<StreamingFormField> {
    return decodeMultipart(() => this.asStream(), this.contentType, limits);
  }

  /** The spec's `Body#asMultipartForm`: the whole form in memory ({@link MultipartLimits.aggregated} by default). */
  asMultipartForm(limits?: Partial<MultipartLimits>): Promise<Form> {
    return readMultipartForm(() => this.asStream(), this.contentType, limits);
  }

  /** Decodes a stream of values with the codec's stream decoder. */
  toStream<A>(codec: BinaryCodec<A>): AsyncIterable<A> {
    return codec.streamDecoder(this.asStream());
  }

  /** @internal Size of a file body, for Content-Length. */
  async fileSize(): Promise<number | undefined> {
    if (this.source.kind !== 'file') return undefined;
    return (await stat(this.source.path)).size;
  }
}

/** Re-exported so callers of `Body#to` can recognise decode failures. */
export { DecodeError };
