// Fastify as its docs show: JSON Schemas for params (coerced to integer, 400 otherwise) and for
// the response, which Fastify compiles into a fast serializer; the handler returns the value
// (an `async` handler by default, a plain one with --handlers sync). Logger off (its default).
import Fastify, { type FastifyInstance } from 'fastify';
import {
  handlerMode,
  newUserJsonSchema,
  userJsonSchema,
  userParamsJsonSchema,
  userStore,
  type User,
} from '../domain.ts';
import { catalog, catalogJsonSchema } from '../catalog.ts';
import { orderJsonSchema, orderSummaryJsonSchema, summariseOrder, type Order } from '../payloads.ts';
import type { SharedScenarioId } from '../scenarios.ts';
import type { StartServer } from './types.ts';

const store = userStore(handlerMode());

const routes: Record<SharedScenarioId, (app: FastifyInstance) => void> = {
  'get-user': (app) => {
    const schema = { params: userParamsJsonSchema, response: { 200: userJsonSchema } };
    if (store.mode === 'async')
      app.get<{ Params: { id: number } }>(
        '/users/:id',
        { schema },
        async (request) => await store.findUser(request.params.id),
      );
    else app.get<{ Params: { id: number } }>('/users/:id', { schema }, (request) => store.findUser(request.params.id));
  },
  'post-user': (app) => {
    const schema = { body: newUserJsonSchema, response: { 200: userJsonSchema } };
    if (store.mode === 'async')
      app.post<{ Body: User }>('/users', { schema }, async (request) => await store.saveUser(request.body));
    else app.post<{ Body: User }>('/users', { schema }, (request) => store.saveUser(request.body));
  },
  // The body checked by the Ajv code Fastify compiles from the schema (formats included), the
  // summary written by fast-json-stringify from its response schema.
  'post-order': (app) => {
    const schema = { body: orderJsonSchema, response: { 200: orderSummaryJsonSchema } };
    if (store.mode === 'async')
      app.post<{ Body: Order }>(
        '/orders',
        { schema },
        async (request) => await Promise.resolve(summariseOrder(request.body)),
      );
    else app.post<{ Body: Order }>('/orders', { schema }, (request) => summariseOrder(request.body));
  },
  'list-json': (app) => {
    const schema = { response: { 200: catalogJsonSchema } };
    if (store.mode === 'async') app.get('/catalog', { schema }, async () => await Promise.resolve(catalog));
    else app.get('/catalog', { schema }, () => catalog);
  },
};

/** Starts Fastify with the scenario routes (and `extra` more, for bench:routes). */
export const start: StartServer = async (host, extra) => {
  const app = Fastify({ logger: false });
  for (const register of Object.values(routes)) register(app);
  for (const r of extra ?? []) {
    if (r.param === undefined)
      app.get(r.path, { schema: { response: { 200: userJsonSchema } } }, async () => await store.findUser(r.index));
    else
      app.get<{ Params: { id: number } }>(
        `${r.path}/:id`,
        { schema: { params: userParamsJsonSchema, response: { 200: userJsonSchema } } },
        async (request) => await store.findUser(request.params.id),
      );
  }
  await app.listen({ host, port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('Fastify is not listening on a TCP port');
  return { port: address.port, close: () => app.close() };
};
