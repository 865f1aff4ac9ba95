import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Body } from '../http/Body.ts';
import { HttpError } from '../http/HttpError.ts';
import { tooLarge } from './requestBody.ts';
import { HttpErrors } from '../errors/catalogue.ts';

/**
 * The body of a request that came with an `Upgrade` header the server does not take up (such
 * as `h2c`): once a WebSocket route is installed Node hands every upgrade request to the
 * upgrade hook with its body unparsed, so it is read here, from the bytes already received
 * (`head`) and then the socket. Only a `Content-Length` body in identity encoding is read
 * (up to `limit`); a chunked or encoded one is refused with 501 rather than guessed at.
 * Resolves with `Body.empty` when there is no body.
 */
export function readUpgradeBody(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  limit: number | undefined,
): Promise<Body> {
  const h = req.headers;
  if (h['transfer-encoding'] !== undefined || h['content-encoding'] !== undefined) {
    return Promise.reject(HttpError.of(HttpErrors.UPGRADE_BODY_UNSUPPORTED, []));
  }
  const length = h['content-length'] === undefined ? 0 : Number(h['content-length']);
  if (!Number.isSafeInteger(length) || length < 0)
    return Promise.reject(HttpError.of(HttpErrors.BAD_CONTENT_LENGTH, []));
  if (length === 0) return Promise.resolve(Body.empty);
  if (limit !== undefined && length > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const bytes = Buffer.allocUnsafe(length);
    let got = 0;
    const take = (chunk: Buffer): void => {
      const n = Math.min(chunk.length, length - got);
      chunk.copy(bytes, got, 0, n);
      got += n;
      if (got === length) {
        socket.off('data', take);
        socket.off('close', closed);
        socket.pause();
        resolve(Body.fromReceived(bytes, h['content-type']));
      }
    };
    const closed = (): void => reject(HttpError.of(HttpErrors.BODY_CUT_SHORT, []));
    take(head);
    if (got < length) {
      socket.on('data', take);
      socket.once('close', closed);
      socket.resume();
    }
  });
}
