// A WebSocket client for wire tests, on the `ws` library's own client: connects, collects the
// messages and the close, or reports the HTTP answer of a refused upgrade.
import type { IncomingMessage } from 'node:http';
import WebSocket, { type ClientOptions } from 'ws';

/** What a refused upgrade answered. */
export interface Refusal {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** An open client connection with everything it received so far. */
export interface OpenClient {
  readonly ws: WebSocket;
  /** Messages as received: strings for text, Buffers for binary. */
  readonly received: Array<string | Buffer>;
  /** Resolves with the next message. */
  next(): Promise<string | Buffer>;
  /** Resolves when the connection closes, with the code and reason received. */
  readonly closed: Promise<{ code: number; reason: string }>;
  /** The 101 response's headers. */
  readonly upgradeHeaders: IncomingMessage['headers'];
}

/** Connects; resolves with the open client, or with the HTTP answer when the upgrade is refused. */
export function connect(
  url: string,
  protocols: string[] = [],
  options: ClientOptions = {},
): Promise<OpenClient | Refusal> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, options);
    const received: Array<string | Buffer> = [];
    const waiting: Array<(m: string | Buffer) => void> = [];
    let upgradeHeaders: IncomingMessage['headers'] = {};
    const closed = new Promise<{ code: number; reason: string }>((r) =>
      ws.on('close', (code, reason) => r({ code, reason: reason.toString() })),
    );
    ws.on('upgrade', (res) => (upgradeHeaders = res.headers));
    ws.on('message', (data, isBinary) => {
      const m = isBinary ? (data as Buffer) : data.toString();
      const w = waiting.shift();
      if (w) w(m);
      else received.push(m);
    });
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    ws.on('error', (e) => reject(e));
    ws.on('open', () =>
      resolve({
        ws,
        received,
        closed,
        upgradeHeaders,
        next: () => (received.length > 0 ? Promise.resolve(received.shift()!) : new Promise((r) => waiting.push(r))),
      }),
    );
  });
}

/** Connects and fails the test unless the upgrade is accepted. */
export async function open(url: string, protocols: string[] = [], options: ClientOptions = {}): Promise<OpenClient> {
  const c = await connect(url, protocols, options);
  if ('status' in c) throw new Error(`expected an accepted upgrade, got ${c.status}: ${c.body}`);
  return c;
}

/** Connects and fails the test unless the upgrade is refused with an HTTP answer. */
export async function refused(url: string, options: ClientOptions = {}): Promise<Refusal> {
  const c = await connect(url, [], options);
  if (!('status' in c)) {
    c.ws.terminate();
    throw new Error('expected the upgrade to be refused, but it was accepted');
  }
  return c;
}
