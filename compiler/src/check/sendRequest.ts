// Sends a rendered request with exactly the headers the check chose. fetch adds headers of its own
// to every request that lacks them (Accept, Accept-Language `*`, Accept-Encoding, User-Agent,
// Sec-Fetch-Mode): an optional Accept-Language the valid request left out then reaches the server
// as `*`, a value the check never chose and zalando's enum refuses, and the printed curl (which
// sends no Accept-Language) does not reproduce what was judged. node:http adds only what the
// connection needs (Host, Connection, Content-Length).
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** A server's answer as the check reads it. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** The body's bytes and, for a form, the multipart Content-Type with its boundary. */
async function bodyBytes(url: string, init: RequestInit): Promise<{ bytes?: Uint8Array; contentType?: string }> {
  if (init.body === undefined || init.body === null) return {};
  if (typeof init.body === 'string') return { bytes: new TextEncoder().encode(init.body) };
  if (init.body instanceof Uint8Array) return { bytes: init.body };
  // A FormData (or any other body fetch takes) written as fetch would write it.
  const written = new Request(url, { method: init.method, body: init.body });
  return {
    bytes: new Uint8Array(await written.arrayBuffer()),
    contentType: written.headers.get('content-type') ?? undefined,
  };
}

/** The body as sent, undone of a Content-Encoding a server applied though none was asked for. */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

/** The answer's headers; a value Headers cannot hold (a control character) is left out. */
function answerHeaders(response: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i], raw[i + 1]);
    } catch {
      // Nothing the check judges can be read from a header no client could read either.
    }
  }
  return headers;
}

/**
 * Sends `init` (as `render` builds it: a Headers, a text, bytes or FormData body) to `url` with
 * those headers and no others of a client's own; redirects are answers, not followed.
 * Rejects on a transport failure or when `timeoutMs` passes.
 */
export async function sendRequest(url: string, init: RequestInit, timeoutMs: number): Promise<Answer> {
  const { bytes, contentType } = await bodyBytes(url, init);
  const headers: Record<string, string> = {};
  for (const [name, value] of new Headers(init.headers)) headers[name] = value;
  if (contentType !== undefined && headers['content-type'] === undefined) headers['content-type'] = contentType;
  if (bytes !== undefined) headers['content-length'] = String(bytes.byteLength);
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    const req = send(
      target,
      { method: init.method ?? 'GET', headers, signal: AbortSignal.timeout(timeoutMs) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            const body = decoded(Buffer.concat(chunks), response.headers['content-encoding']);
            resolve({
              status: response.statusCode ?? 0,
              headers: answerHeaders(response),
              text: new TextDecoder().decode(body),
            });
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(bytes);
  });
}
