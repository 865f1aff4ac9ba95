// Hono on @hono/node-server with its defaults (the adapter's lightweight Request/Response).
// The id is parsed by hand, as Hono apps do without a validator middleware.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { badIdBody, parseIntId, userRecord, validNewUser } from '../domain.ts';
import type { ScenarioId } from '../scenarios.ts';
import type { StartServer } from './types.ts';

const routes: Record<ScenarioId, (app: Hono) => void> = {
  'get-user': (app) => {
    app.get('/users/:id', (c) => {
      const text = c.req.param('id');
      const id = parseIntId(text);
      return id === undefined ? c.json(badIdBody(text), 400) : c.json(userRecord(id));
    });
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
      return c.json({ id: body.id, name: body.name, email: body.email });
    });
  },
};

/** Starts Hono with the scenario routes. */
export const start: StartServer = async (host) => {
  const app = new Hono();
  for (const register of Object.values(routes)) register(app);
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
