// Fastify as its users write it: JSON Schemas for params (coerced to integer, 400 otherwise)
// and for the response, which Fastify compiles into a fast serializer. Logger off (its default).
import Fastify, { type FastifyInstance } from 'fastify';
import { newUserJsonSchema, userJsonSchema, userParamsJsonSchema, userRecord, type User } from '../domain.ts';
import type { ScenarioId } from '../scenarios.ts';
import type { StartServer } from './types.ts';

const routes: Record<ScenarioId, (app: FastifyInstance) => void> = {
  'get-user': (app) => {
    app.get<{ Params: { id: number } }>(
      '/users/:id',
      { schema: { params: userParamsJsonSchema, response: { 200: userJsonSchema } } },
      async (request) => userRecord(request.params.id),
    );
  },
  'post-user': (app) => {
    app.post<{ Body: User }>('/users', { schema: { body: newUserJsonSchema, response: { 200: userJsonSchema } } }, async (request) => request.body);
  },
};

/** Starts Fastify with the scenario routes. */
export const start: StartServer = async (host) => {
  const app = Fastify({ logger: false });
  for (const register of Object.values(routes)) register(app);
  await app.listen({ host, port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('Fastify is not listening on a TCP port');
  return { port: address.port, close: () => app.close() };
};
