import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { Response } from '../http/Response.ts';
import { statusHasNoBody } from '../http/Status.ts';
import type { CompressionOption, ResponseCompressionConfig } from './config/ResponseCompressionConfig.ts';
import { chooseCompression, compressBytes, compressor } from './compression.ts';
import { statusMessage } from './statusLine.ts';
import { Log } from '../log/Log.ts';

/** Per-response settings the server decides. */
export interface WriteOptions {
  readonly compression: ResponseCompressionConfig | undefined;
  /** Send `connection: close` and end the connection after this response. */
  readonly close: boolean;
}

const encoder = new TextEncoder();

/**
 * Headers of the connection, not of the answer (RFC 9112 §6, §7; RFC 9110 §7.6.1): Node frames the
 * body itself, and a handler's Transfer-Encoding beside the Content-Length written here would be no
 * HTTP/1.1 message at all. Dropped, with a warning once per name.
 */
const hopByHop = new Set(['transfer-encoding', 'te', 'trailer', 'keep-alive', 'upgrade', 'proxy-connection']);
const warned = new Set<string>();
function droppedHeader(name: string): void {
  if (warned.has(name)) return;
  warned.add(name);
  Log.get().warn(
    { header: name },
    `response header '${name}' is the connection's, which the server frames itself; it is left out`,
  );
}
const ACCEPT_ENCODING = /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i;

/**
 * Writes a {@link Response} to Node's response: content type from the body when the headers
 * lack one, Content-Length for bodies of known size, compression as configured (with `Vary`),
 * and no body for HEAD, 1xx, 204 and 304 (HEAD keeps the GET's headers where they are known
 * without producing the body). Returns a promise only for streamed bodies; it rejects when the
 * body's source fails (the connection is then cut, so the client sees a truncated body), not
 * when the client goes away.
 */
export function writeResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  options: WriteOptions,
): void | Promise<void> {
  const status = response.status;
  // A 1xx is never a final answer (RFC 9110 §15.2): a client would wait on for the real one (a
  // 101 switches protocol only on a WebSocket route's handshake, which `ws` completes).
  if (status < 200) throw new Error(`a ${status} answer is informational and cannot end an exchange`);
  const body = response.body;
  const raw = response.headers.raw;
  // One flat [name, value, ...] array: Node's fastest writeHead form.
  const head: string[] = [];
  let hasContentType = false;
  let hasEncoding = false;
  let varyAt = -1;
  let userLength: string | undefined;
  for (const name in raw) {
    const value = raw[name];
    if (value === undefined) continue;
    if (name === 'content-length') {
      userLength = typeof value === 'string' ? value : value[0];
      continue;
    }
    // A 426 must name the protocol to switch to (RFC 9110 §15.5.22): its Upgrade is the answer's.
    if (hopByHop.has(name) && !(name === 'upgrade' && status === 426)) {
      droppedHeader(name);
      continue;
    }
    if (name === 'content-type') hasContentType = true;
    else if (name === 'content-encoding') hasEncoding = true;
    else if (name === 'connection' && options.close) continue;
    if (typeof value === 'string') head.push(name, value);
    else for (const v of value) head.push(name, v);
    if (name === 'vary') varyAt = head.length - 1;
  }
  if (options.close) head.push('connection', 'close');
  if (statusHasNoBody(status)) {
    res.writeHead(status, statusMessage(status), head);
    res.end();
    return;
  }
  // Zero bytes a codec wrote (an empty form, an empty text) are still content of that type; only
  // a response built without a body (`Body.empty`) goes without one.
  if (!hasContentType && body.contentType !== undefined && body.source.kind !== 'empty')
    head.push('content-type', body.contentType);

  const config = options.compression !== undefined && !hasEncoding && !body.isEmpty ? options.compression : undefined;
  let coding: CompressionOption | undefined;
  if (config) {
    // The answer depends on Accept-Encoding whether or not this one gets compressed.
    if (varyAt < 0) head.push('vary', 'accept-encoding');
    else if (!ACCEPT_ENCODING.test(head[varyAt])) head[varyAt] += ', accept-encoding';
    coding = chooseCompression(config, req.headers['accept-encoding']);
  }
  const headOnly = req.method === 'HEAD';
  const source = body.source;
  if (source.kind === 'empty' || source.kind === 'string' || source.kind === 'bytes') {
    let data: string | Uint8Array =
      source.kind === 'empty' ? '' : source.kind === 'string' ? source.text : source.bytes;
    let length = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    if (coding && config && length > 0 && length >= config.contentThreshold) {
      head.push('content-encoding', coding.type);
      if (headOnly) {
        // The compressed length is only known by compressing; a HEAD may omit it.
        res.writeHead(status, statusMessage(status), head);
        res.end();
        return;
      }
      data = compressBytes(typeof data === 'string' ? encoder.encode(data) : data, coding);
      length = data.byteLength;
    }
    head.push('content-length', String(length));
    res.writeHead(status, statusMessage(status), head);
    if (headOnly) res.end();
    else res.end(data);
    return;
  }
  const known = body.contentLength ?? (userLength !== undefined ? Number(userLength) : undefined);
  return writeStreamed(res, status, head, known, source, coding, config, headOnly);
}

async function writeStreamed(
  res: ServerResponse,
  status: number,
  head: string[],
  knownLength: number | undefined,
  source: { kind: 'stream'; open: () => AsyncIterable<Uint8Array> } | { kind: 'file'; path: string },
  coding: CompressionOption | undefined,
  config: ResponseCompressionConfig | undefined,
  headOnly: boolean,
): Promise<void> {
  let length = knownLength;
  if (source.kind === 'file') length = (await stat(source.path)).size;
  const compress =
    coding !== undefined && config !== undefined && (length === undefined || length >= config.contentThreshold);
  if (compress) head.push('content-encoding', coding.type);
  else if (length !== undefined) head.push('content-length', String(length));
  res.writeHead(status, statusMessage(status), head);
  if (headOnly) {
    // Never opened: a HEAD must not run the body's producer.
    res.end();
    return;
  }
  const stream: AsyncIterable<Uint8Array> = source.kind === 'file' ? createReadStream(source.path) : source.open();
  try {
    // pipeline closes every stage on failure, the source's iterator included.
    if (compress) await pipeline(stream, compressor(coding), res);
    else await pipeline(stream, res);
  } catch (error) {
    // The status line is gone; all that is left is to cut the connection so the client sees a
    // truncated body rather than a complete-looking one.
    res.destroy();
    if (!clientWentAway(error)) throw error;
  }
}

/** Errors that mean the client closed the connection, not that the body failed. */
function clientWentAway(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    code === 'ERR_STREAM_DESTROYED'
  );
}
