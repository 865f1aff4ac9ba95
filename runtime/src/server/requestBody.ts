import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import { Body } from '../http/Body.ts';
import { HttpError } from '../http/HttpError.ts';
import type { Decompression } from './config/Decompression.ts';
import { HttpErrors } from '../errors/catalogue.ts';
import { brotliWindow, type DecompressionGate } from './decompressionGate.ts';
import { inflateWhole, looksLikeZlib } from './inflateWhole.ts';

/** How the server reads one request body. */
export interface BodyReadOptions {
  readonly decompression: Decompression;
  /** Limit on the (decompressed) size; undefined for none. */
  readonly limit: number | undefined;
  /** Bounds the bodies decompressed at once (one gate per server). */
  readonly gate: DecompressionGate;
  /** Largest brotli window accepted, in bytes. */
  readonly maxBrotliWindow: number;
}

/** True when the request announces a body (Content-Length > 0 or Transfer-Encoding). */
export function hasBody(req: IncomingMessage): boolean {
  const te = req.headers['transfer-encoding'];
  if (te !== undefined) return true;
  const cl = req.headers['content-length'];
  return cl !== undefined && cl !== '0';
}

/** 413 for a body over the limit. */
export function tooLarge(limit: number): HttpError {
  return HttpError.of(HttpErrors.BODY_TOO_LARGE, [limit], { details: { limit }, headers: { connection: 'close' } });
}

/** The codings of a request's Content-Encoding to undo, in the order applied ([] when none or decompression is off). */
function codingsOf(req: IncomingMessage, options: BodyReadOptions): string[] {
  const header = req.headers['content-encoding'];
  if (options.decompression === 'No' || header === undefined) return [];
  return header
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e && e !== 'identity');
}

/** The decoder of a coding (created only once a body has a slot), 'identity', or undefined when the mode refuses it. */
function decoderFor(encoding: string, mode: Decompression): (() => Transform) | 'identity' | 'sniff' | undefined {
  switch (encoding) {
    case 'identity':
      return 'identity';
    case 'gzip':
    case 'x-gzip':
      return createGunzip;
    case 'br':
      return createBrotliDecompress;
    case 'deflate':
      return mode === 'Strict' ? createInflate : 'sniff'; // NonStrict: decided on the first byte
    default:
      return undefined;
  }
}

/**
 * The request's content as a byte stream: decompressed when configured (415 for an encoding
 * the mode does not accept), failing with 413 once more than `limit` bytes come out.
 */
export async function* requestBytes(req: IncomingMessage, options: BodyReadOptions): AsyncIterable<Uint8Array> {
  const encodings = codingsOf(req, options);
  // Leaving the loop early (limit exceeded, handler stopped reading) must not destroy the
  // message: that would destroy the socket and the 413 or the handler's answer with it.
  let source: AsyncIterable<Uint8Array> = req.iterator({ destroyOnReturn: false });
  // Content-Encoding lists codings in the order applied; undo them from the last.
  for (const encoding of encodings.reverse()) {
    source = decode(source, encoding, options);
  }
  const limit = options.limit;
  let total = 0;
  // One decompression slot per body, however many codings it stacks (per decoder, two
  // nested codings could wait on each other). Freed when the body ends or its request goes.
  const release = encodings.length > 0 ? await slotFor(req, options.gate) : undefined;
  try {
    for await (const chunk of source) {
      total += chunk.byteLength;
      if (limit !== undefined && total > limit) throw tooLarge(limit);
      yield chunk;
    }
  } finally {
    release?.();
  }
}

/** Waits for a decompression slot; the returned release may be called any number of times. */
async function slotFor(req: IncomingMessage, gate: DecompressionGate): Promise<() => void> {
  await gate.acquire();
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    req.off('close', release);
    gate.release();
  };
  // A streaming handler may abandon the body half read: its request's end frees the slot.
  req.once('close', release);
  return release;
}

/** Resolves when the decoder wants more input, or is gone. */
function writable(z: Transform): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      z.off('drain', done);
      z.off('close', done);
      resolve();
    };
    z.on('drain', done);
    z.on('close', done);
  });
}

async function* decode(
  source: AsyncIterable<Uint8Array>,
  encoding: string,
  options: BodyReadOptions,
): AsyncIterable<Uint8Array> {
  const make = decoderFor(encoding, options.decompression);
  if (make === undefined) {
    throw HttpError.of(HttpErrors.UNSUPPORTED_CONTENT_ENCODING, [encoding], {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
  }
  if (make === 'identity') {
    yield* source;
    return;
  }
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  if (encoding === 'br') {
    // The window is the decoder's memory, and the client picks it: refuse before allocating.
    const window = brotliWindow(first.value);
    if (window !== undefined && window > options.maxBrotliWindow) {
      throw HttpError.of(HttpErrors.BROTLI_WINDOW_TOO_LARGE, [window, options.maxBrotliWindow], {
        headers: { connection: 'close' },
      });
    }
  }
  const z = make === 'sniff' ? (looksLikeZlib(first.value) ? createInflate() : createInflateRaw()) : make();
  yield* inflate(z, first, iterator, encoding);
}

/** Runs one body through its decoder, reading the source only as fast as the decoder drains. */
async function* inflate(
  z: Transform,
  first: IteratorResult<Uint8Array>,
  iterator: AsyncIterator<Uint8Array>,
  encoding: string,
): AsyncIterable<Uint8Array> {
  // Feeds the decoder with backpressure; stops as soon as the decoder is destroyed (decode
  // error, or the reader below gave up), so neither side can wait on the other forever.
  const feed = async () => {
    try {
      for (let r: IteratorResult<Uint8Array> = first; !r.done; r = await iterator.next()) {
        if (z.destroyed) return;
        if (!z.write(r.value)) await writable(z);
      }
      if (!z.destroyed) z.end();
    } catch (error) {
      z.destroy(error as Error);
    }
  };
  void feed();
  try {
    for await (const chunk of z as AsyncIterable<Uint8Array>) yield chunk;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw HttpError.of(HttpErrors.BAD_CONTENT_ENCODING, [encoding], { cause: error });
  } finally {
    z.destroy();
  }
}

/**
 * Reads the whole request body into memory (aggregated mode), honouring limit and decompression;
 * exactly one of `resolve` and `reject` is called, once. A body that needs no decoding is read
 * with plain stream events and callbacks: the async-iterator road cost several promises and
 * listeners per request, which showed in the POST benchmark's profile.
 */
export function readBody(
  req: IncomingMessage,
  options: BodyReadOptions,
  resolve: (body: Body) => void,
  reject: (error: unknown) => void,
): void {
  const type = req.headers['content-type'];
  const encodings = codingsOf(req, options);
  const limit = options.limit;
  if (encodings.length === 0) {
    readRaw(req, limit, (bytes) => resolve(Body.fromReceived(bytes, type)), reject);
  } else if (limit === undefined) {
    aggregateDecoded(req, options).then(resolve, reject);
  } else {
    // The encoded body is held whole, then decoded at once: allowed a little over the limit,
    // as incompressible data comes out of a coder slightly larger than it went in.
    readRaw(
      req,
      limit + Math.ceil(limit / 64) + 1024,
      (bytes) => {
        let decoded: Buffer;
        try {
          decoded = inflateWhole(bytes, encodings, {
            decompression: options.decompression,
            limit,
            maxBrotliWindow: options.maxBrotliWindow,
          });
        } catch (error) {
          reject(error);
          return;
        }
        resolve(Body.fromReceived(decoded, type));
      },
      reject,
    );
  }
}

/** Reads a body's bytes as they came, failing with 413 past `limit`; exactly one callback runs, once. */
function readRaw(
  req: IncomingMessage,
  limit: number | undefined,
  resolve: (bytes: Buffer) => void,
  reject: (error: unknown) => void,
): void {
  let first: Buffer | undefined;
  let chunks: Buffer[] | undefined;
  let total = 0;
  // A flag instead of removing the listeners: the message is dropped after the response, and
  // the `off` calls per request showed in the profile.
  let settled = false;
  const onData = (chunk: Buffer) => {
    if (settled) return;
    total += chunk.byteLength;
    if (limit !== undefined && total > limit) {
      // Stop reading without destroying the message: the 413 must still reach the client.
      settled = true;
      req.off('data', onData);
      req.pause();
      reject(tooLarge(limit));
      return;
    }
    if (first === undefined) first = chunk;
    else (chunks ??= [first]).push(chunk);
  };
  const onEnd = () => {
    if (settled) return;
    settled = true;
    resolve(chunks !== undefined ? Buffer.concat(chunks, total) : (first ?? Buffer.alloc(0)));
  };
  // 'close' covers errors too: a message that fails (the client went away: 'aborted') is destroyed,
  // closed with `errored` set, and Node throws nothing for an 'error' nobody listens to.
  const onClose = () => {
    if (settled || req.complete) return;
    settled = true;
    reject(req.errored ?? new Error('The client closed the connection before the body was complete'));
  };
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('close', onClose);
}

async function aggregateDecoded(req: IncomingMessage, options: BodyReadOptions): Promise<Body> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of requestBytes(req, options)) {
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
  return Body.fromReceived(bytes, req.headers['content-type']);
}

/** A body that streams the request as it arrives (request streaming mode). */
export function streamingBody(req: IncomingMessage, options: BodyReadOptions): Body {
  const cl = req.headers['content-length'];
  const length = cl !== undefined && req.headers['content-encoding'] === undefined ? Number(cl) : undefined;
  return Body.fromLazyStream(() => requestBytes(req, options), req.headers['content-type'], length);
}
