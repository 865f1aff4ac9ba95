// Hono on @hono/node-server with its defaults (the adapter's lightweight Request/Response).
// The id is parsed by hand, as Hono apps do without a validator middleware.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { badIdBody, parseIntId, userRecord } from '../domain.ts';
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
