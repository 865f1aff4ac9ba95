import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from '../http/Response.ts';
import { statusHasNoBody } from '../http/Status.ts';
import type { ResponseCompressionConfig } from './config/ResponseCompressionConfig.ts';
import { chooseCompression, compressBytes, compressStream } from './compression.ts';

/** Per-response settings the server decides. */
export interface WriteOptions {
  readonly compression: ResponseCompressionConfig | undefined;
  /** Send `connection: close` and end the connection after this response. */
  readonly close: boolean;
}

const encoder = new TextEncoder();

/**
 * Writes a {@link Response} to Node's response: content type from the body when the headers
 * lack one, Content-Length for bodies of known size, compression as configured (with `Vary`),
 * and no body for HEAD, 1xx, 204 and 304. Resolves when the body has been handed to the socket.
 */
export function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response, options: WriteOptions): void | Promise<void> {
  const status = response.status;
  const body = response.body;
  const raw = response.headers.raw;
  const head: string[] = [];
  let hasContentType = false;
  let hasEncoding = false;
  let userLength: string | undefined;
  for (const name in raw) {
    const value = raw[name];
    if (value === undefined) continue;
    if (name === 'content-length') {
      userLength = typeof value === 'string' ? value : value[0];
      continue;
    }
    if (name === 'content-type') hasContentType = true;
    else if (name === 'content-encoding') hasEncoding = true;
    else if (name === 'connection' && options.close) continue;
    if (typeof value === 'string') head.push(name, value);
    else for (const v of value) head.push(name, v);
  }
  if (options.close) head.push('connection', 'close');
  const noBody = statusHasNoBody(status);
  if (noBody) {
    res.writeHead(status, head);
    res.end();
    return;
  }
  if (!hasContentType && body.contentType !== undefined && !body.isEmpty) head.push('content-type', body.contentType);

  const source = body.source;
  const compression = options.compression !== undefined && !hasEncoding && !body.isEmpty ? options.compression : undefined;
  if (compression) head.push('vary', 'accept-encoding');
  const coding = compression ? chooseCompression(compression, req.headers['accept-encoding']) : undefined;

  if (source.kind === 'empty' || source.kind === 'string' || source.kind === 'bytes') {
    let data: string | Uint8Array = source.kind === 'empty' ? '' : source.kind === 'string' ? source.text : source.bytes;
    let length = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    if (coding && compression && length >= compression.contentThreshold && length > 0) {
      data = compressBytes(typeof data === 'string' ? encoder.encode(data) : data, coding);
      length = data.byteLength;
      head.push('content-encoding', coding.type);
    }
    head.push('content-length', String(length));
    res.writeHead(status, head);
    res.end(data);
    return;
  }
  return writeStreamed(res, status, head, body.contentLength ?? (userLength !== undefined ? Number(userLength) : undefined), source, coding, compression);
}

async function writeStreamed(
  res: ServerResponse,
  status: number,
  head: string[],
  knownLength: number | undefined,
  source: { kind: 'stream'; open: () => AsyncIterable<Uint8Array> } | { kind: 'file'; path: string },
  coding: ReturnType<typeof chooseCompression>,
  compression: ResponseCompressionConfig | undefined,
): Promise<void> {
  let length = knownLength;
  let stream: AsyncIterable<Uint8Array>;
  if (source.kind === 'file') {
    length = (await stat(source.path)).size;
    stream = createReadStream(source.path);
  } else {
    stream = source.open();
  }
  let out: Readable;
  if (coding && compression && (length === undefined || length >= compression.contentThreshold)) {
    head.push('content-encoding', coding.type);
    out = compressStream(stream, coding);
  } else {
    if (length !== undefined) head.push('content-length', String(length));
    out = stream instanceof Readable ? stream : Readable.from(stream, { objectMode: false });
  }
  res.writeHead(status, head);
  try {
    await pipeline(out, res);
  } catch {
    // The status line is gone; all that is left is to cut the connection so the client sees a
    // truncated body rather than a complete-looking one.
    res.destroy();
  }
}
