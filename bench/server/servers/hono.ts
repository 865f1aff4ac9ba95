// Hono on @hono/node-server with its defaults (the adapter's lightweight Request/Response).
// The id is parsed by hand, as Hono apps do without a validator middleware; the handlers are
// `async` (plain ones with --handlers sync, except POST, which awaits the body either way).
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import type { AddressInfo } from 'node:net';
import { badIdBody, handlerMode, parseIntId, userStore, validNewUser, type User } from '../domain.ts';
import { catalog } from '../catalog.ts';
import { validOrder } from '../orderCheck.ts';
import { summariseOrder } from '../payloads.ts';
import type { SharedScenarioId } from '../scenarios.ts';
import type { StartServer } from './types.ts';

const store = userStore(handlerMode());

function byId(c: Context): Response | Promise<Response> {
  const text = c.req.param('id') ?? '';
  const id = parseIntId(text);
  if (id === undefined) return c.json(badIdBody(text), 400);
  return store.mode === 'async' ? (async () => c.json(await store.findUser(id)))() : c.json(store.findUser(id) as User);
}

const routes: Record<SharedScenarioId, (app: Hono) => void> = {
  'get-user': (app) => {
    if (store.mode === 'async') {
      app.get('/users/:id', async (c) => {
        const text = c.req.param('id');
        const id = parseIntId(text);
        if (id === undefined) return c.json(badIdBody(text), 400);
        return c.json(await store.findUser(id));
      });
    } else {
      app.get('/users/:id', (c) => {
        const text = c.req.param('id');
        const id = parseIntId(text);
        return id === undefined ? c.json(badIdBody(text), 400) : c.json(store.findUser(id) as User);
      });
    }
  },
  'post-user': (app) => {
    app.post('/users', async (c) => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return c.json({ error: 'Bad Request', message: 'invalid JSON' }, 400);
      }
      if (!validNewUser(body)) return c.json({ error: 'Bad Request', message: 'body does not match the schema' }, 400);
      const saved = await store.saveUser({ id: body.id, name: body.name, email: body.email });
      return c.json(saved);
    });
  },
  'post-order': (app) => {
    app.post('/orders', async (c) => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return c.json({ error: 'Bad Request', message: 'invalid JSON' }, 400);
      }
      if (!validOrder(body)) return c.json({ error: 'Bad Request', message: 'body does not match the schema' }, 400);
      return c.json(store.mode === 'async' ? await Promise.resolve(summariseOrder(body)) : summariseOrder(body));
    });
  },
  'list-json': (app) => {
    if (store.mode === 'async') app.get('/catalog', async (c) => c.json(await Promise.resolve(catalog)));
    else app.get('/catalog', (c) => c.json(catalog));
  },
};

/** Starts Hono with the scenario routes (and `extra` more, for bench:routes). */
export const start: StartServer = async (host, extra) => {
  const app = new Hono();
  for (const register of Object.values(routes)) register(app);
  for (const r of extra ?? []) {
    if (r.param === undefined) app.get(r.path, async (c) => c.json(await store.findUser(r.index)));
    else app.get(`${r.path}/:id`, byId);
  }
  let server: ReturnType<typeof serve> | undefined;
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: host }, (info: AddressInfo) => resolve(info.port));
  });
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
};
