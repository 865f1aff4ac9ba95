// A request sent with node:http, for what fetch cannot send: fetch (undici) writes a
// `User-Agent: node` of its own when the request has none, so a request that leaves out a
// required `User-Agent` header (bunq's and mineskin's operations declare one) would still carry
// one, and the server would rightly accept it.
import { request } from 'node:http';

/** What came back: the status, the Content-Type and the body as text. */
export interface RawAnswer {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly text: string;
}

/** True when fetch would add a User-Agent this request leaves out, and node:http can send the body as it is. */
export function needsRawRequest(init: RequestInit): boolean {
  const headers = new Headers(init.headers);
  const body = init.body;
  return (
    !headers.has('user-agent') &&
    (body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array)
  );
}

/** Sends the request with exactly its own headers, answering as fetch would with `redirect: 'manual'`. */
export function rawRequest(url: string, init: RequestInit, timeoutMs: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    const req = request(url, { method: init.method ?? 'GET', headers, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'],
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(init.body === undefined || init.body === null ? undefined : (init.body as string | Uint8Array));
  });
}
