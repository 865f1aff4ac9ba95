// kitgen as users write it: the endpoint API, each route described by its path codec, body
// and output schemas (the same JSON Schemas Fastify gets), then implemented.
import type * as KitgenRuntime from '@kitgen/runtime';
import { newUserJsonSchema, userJsonSchema, userRecord, type User } from '../domain.ts';
import type { ScenarioId } from '../scenarios.ts';
import type { StartServer } from './types.ts';

// The runner points KITGEN_BENCH_RUNTIME at the tsc build of the runtime (buildRuntime.ts);
// without it the sources are loaded through tsx.
const built = process.env.KITGEN_BENCH_RUNTIME;
const { Endpoint, PathCodec, RoutePattern, Routes, Schema, Server }: typeof KitgenRuntime = built ? await import(built) : await import('@kitgen/runtime');

const UserSchema = Schema.Unsafe<User>(structuredClone(userJsonSchema) as object);
const NewUser = Schema.Unsafe<User>(structuredClone(newUserJsonSchema) as object);

const routes: Record<ScenarioId, KitgenRuntime.Route> = {
  // PathCodec.int answers 400 itself for a segment that is not a 32-bit integer; the record is
  // written from its schema.
  'get-user': Endpoint(RoutePattern.GET('users', PathCodec.int('id'))).out(UserSchema).implement((id) => userRecord(id)),
  // The body decoded and validated against the same JSON Schema Fastify gets, then encoded
  // from the schema.
  'post-user': Endpoint(RoutePattern.POST('users')).in(NewUser).out(NewUser).implement((user) => user),
};

/** Starts kitgen's server with the scenario routes. */
export const start: StartServer = async (host) => {
  const layer = Server.live(Server.Config.default.binding(host, 0));
  const port = await Server.install(Routes(...Object.values(routes)), layer);
  return { port, close: () => layer.shutdown() };
};
