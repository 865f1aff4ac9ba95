// The floor: Node's http module with hand routing and hand parsing, no framework at all.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { badIdBody, parseIntId, userRecord, validNewUser } from '../domain.ts';
import type { ScenarioId } from '../scenarios.ts';
import type { StartServer } from './types.ts';

/** A hand-written route: method, a literal path prefix, and a handler given the rest of the path. */
interface RawRoute {
  readonly method: string;
  readonly prefix: string;
  /** True when the route takes exactly `prefix` (no rest of path). */
  readonly exact?: boolean;
  handle(req: IncomingMessage, res: ServerResponse, rest: string): void;
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const routes: Record<ScenarioId, RawRoute> = {
  'get-user': {
    method: 'GET',
    prefix: '/users/',
    handle(_req, res, rest) {
      const text = decodeURIComponent(rest);
      const id = parseIntId(text);
      if (id === undefined) sendJson(res, 400, badIdBody(text));
      else sendJson(res, 200, userRecord(id));
    },
  },
  'post-user': {
    method: 'POST',
    prefix: '/users',
    exact: true,
    handle(req, res) {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return sendJson(res, 400, { error: 'Bad Request', message: 'invalid JSON' });
        }
        if (!validNewUser(body)) return sendJson(res, 400, { error: 'Bad Request', message: 'body does not match the schema' });
        sendJson(res, 200, { id: body.id, name: body.name, email: body.email });
      });
    },
  },
};
const table = Object.values(routes);

function onRequest(req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  for (const r of table) {
    if (req.method !== r.method || !path.startsWith(r.prefix)) continue;
    const rest = path.slice(r.prefix.length);
    if (r.exact ? rest.length > 0 : rest.length === 0 || rest.includes('/')) continue;
    try {
      r.handle(req, res, rest);
    } catch {
      sendJson(res, 400, { error: 'Bad Request', message: 'malformed path' });
    }
    return;
  }
  sendJson(res, 404, { error: 'Not Found', message: 'No route matches the request path' });
}

/** Starts a bare node:http server with the scenario routes. */
export const start: StartServer = async (host) => {
  const server = createServer(onRequest);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
