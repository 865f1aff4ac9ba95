// The floor: Node's http module with hand routing and hand parsing, no framework at all. The
// application code it calls (the user store) is `async` by default, as in the other servers,
// and a rejection answers 500.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { badIdBody, handlerMode, parseIntId, userStore, validNewUser, type User } from '../domain.ts';
import { catalog } from '../catalog.ts';
import { validOrder } from '../orderCheck.ts';
import { summariseOrder } from '../payloads.ts';
import type { SharedScenarioId } from '../scenarios.ts';
import type { StartServer } from './types.ts';

const store = userStore(handlerMode());

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

/** Reads the whole body as JSON and calls `then` with it when `valid` takes it; a 400 otherwise. */
function readValidJson<T>(
  req: IncomingMessage,
  res: ServerResponse,
  valid: (value: unknown) => value is T,
  then: (body: T) => void,
): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return sendJson(res, 400, { error: 'Bad Request', message: 'invalid JSON' });
    }
    if (!valid(body)) return sendJson(res, 400, { error: 'Bad Request', message: 'body does not match the schema' });
    then(body);
  });
}

function internalError(res: ServerResponse): void {
  if (!res.headersSent) sendJson(res, 500, { error: 'Internal Server Error' });
}

/** Answers with what `value` gives: at once when it is a user, after it settles when it is a promise. */
function sendUser(res: ServerResponse, value: User | Promise<User>): void {
  if (value instanceof Promise)
    value.then(
      (user) => sendJson(res, 200, user),
      () => internalError(res),
    );
  else sendJson(res, 200, value);
}

/** Answers with what `value` gives, as {@link sendUser} does, for any JSON value. */
function sendValue(res: ServerResponse, value: unknown): void {
  if (value instanceof Promise)
    value.then(
      (v) => sendJson(res, 200, v),
      () => internalError(res),
    );
  else sendJson(res, 200, value);
}

/** The id route, for the scenario and for bench:routes' parameterised routes. */
function byId(res: ServerResponse, rest: string): void {
  const text = decodeURIComponent(rest);
  const id = parseIntId(text);
  if (id === undefined) sendJson(res, 400, badIdBody(text));
  else sendUser(res, findUser(id));
}

// In async mode the handler is an `async` function, as a user would write it.
const findUser =
  store.mode === 'async' ? async (id: number) => await store.findUser(id) : (id: number) => store.findUser(id);

const routes: Record<SharedScenarioId, RawRoute> = {
  'get-user': {
    method: 'GET',
    prefix: '/users/',
    handle: (_req, res, rest) => byId(res, rest),
  },
  'post-user': {
    method: 'POST',
    prefix: '/users',
    exact: true,
    handle(req, res) {
      readValidJson(req, res, validNewUser, (body) => {
        const user = { id: body.id, name: body.name, email: body.email };
        sendUser(
          res,
          store.mode === 'async' ? (async () => await store.saveUser(user))() : (store.saveUser(user) as User),
        );
      });
    },
  },
  'post-order': {
    method: 'POST',
    prefix: '/orders',
    exact: true,
    handle(req, res) {
      readValidJson(req, res, validOrder, (order) => {
        sendValue(
          res,
          store.mode === 'async' ? (async () => await Promise.resolve(summariseOrder(order)))() : summariseOrder(order),
        );
      });
    },
  },
  'list-json': {
    method: 'GET',
    prefix: '/catalog',
    exact: true,
    handle: (_req, res) =>
      sendValue(res, store.mode === 'async' ? (async () => await Promise.resolve(catalog))() : catalog),
  },
};

/** Starts a bare node:http server with the scenario routes (and `extra` more, for bench:routes). */
export const start: StartServer = async (host, extra) => {
  const table: RawRoute[] = Object.values(routes);
  // Hand routing of many routes: a map from the literal path to the route (the parameterised
  // ones keyed by the path without its last segment).
  const statics = new Map<string, number>();
  const params = new Set<string>();
  for (const r of extra ?? []) {
    if (r.param === undefined) statics.set(r.path, r.index);
    else params.add(r.path);
  }
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
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
    if (req.method === 'GET') {
      const index = statics.get(path);
      if (index !== undefined) return sendUser(res, findUser(index));
      const slash = path.lastIndexOf('/');
      if (params.has(path.slice(0, slash))) {
        try {
          return byId(res, path.slice(slash + 1));
        } catch {
          return sendJson(res, 400, { error: 'Bad Request', message: 'malformed path' });
        }
      }
    }
    sendJson(res, 404, { error: 'Not Found', message: 'No route matches the request path' });
  };
  // Fastify's keep-alive timeout (Node's own default is 5 s), so bench:routes' idle
  // connections stay open as long as on the other servers.
  const server = createServer({ keepAliveTimeout: 72_000 }, onRequest);
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
