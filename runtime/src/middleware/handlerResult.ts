import { Body } from '../http/Body.ts';
import type { Request } from '../http/Request.ts';
import type { Response } from '../http/Response.ts';
import { statusHasNoBody } from '../http/Status.ts';
import type { Handler } from '../routing/Handler.ts';
import { answer } from '../routing/errorFunnel.ts';

/**
 * Runs a handler and always resolves with the response the client will get: a thrown error
 * becomes the same answer the server would send, so observing middleware can log and count it.
 */
export async function settle(next: Handler, request: Request): Promise<Response> {
  return answer(next, request);
}

/** Body size known without reading it (file bodies are sized with `stat`); undefined for open streams. */
export async function knownBodySize(body: Body): Promise<number | undefined> {
  const s = body.source;
  switch (s.kind) {
    case 'empty':
      return 0;
    case 'bytes':
      return s.bytes.byteLength;
    case 'string':
      return Buffer.byteLength(s.text);
    case 'file':
      return body.fileSize().catch(() => undefined);
    case 'stream':
      return body.contentLength;
  }
}

/** True when no body goes on the wire for this request and response (HEAD, 1xx, 204, 304). */
export function sendsNoBody(request: Request, response: Response): boolean {
  return request.method === 'HEAD' || statusHasNoBody(response.status);
}

/**
 * The same body as a stream that counts the bytes sent and calls `done(count)` once, when it is
 * finished or abandoned (a client that goes away still ends the count).
 */
export function countingBody(body: Body, done: (bytes: number) => void): Body {
  async function* counted(): AsyncIterable<Uint8Array> {
    let bytes = 0;
    try {
      for await (const chunk of body.asStream()) {
        bytes += chunk.byteLength;
        yield chunk;
      }
    } finally {
      done(bytes);
    }
  }
  return Body.fromLazyStream(counted, body.contentType, body.contentLength);
}
