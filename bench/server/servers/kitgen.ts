// kitgen as an application would use it today: typed routes (`Route.handled` with a decoded
// int path parameter) on the default config. When the endpoint API lands, the route should
// become `Endpoint(...).out(User).implement(...)`, the way users will write it.
import type * as KitgenRuntime from '@kitgen/runtime';
import { newUserJsonSchema, userRecord } from '../domain.ts';
import type { ScenarioId } from '../scenarios.ts';
import type { StartServer } from './types.ts';

// The runner points KITGEN_BENCH_RUNTIME at the tsc build of the runtime (buildRuntime.ts);
// without it the sources are loaded through tsx.
const built = process.env.KITGEN_BENCH_RUNTIME;
const { Endpoint, PathCodec, Response, Route, RoutePattern, Routes, Schema, Server }: typeof KitgenRuntime = built ? await import(built) : await import('@kitgen/runtime');

const routes: Record<ScenarioId, KitgenRuntime.Route> = {
  // PathCodec.int answers 400 itself for a segment that is not a 32-bit integer.
  'get-user': Route.handled(RoutePattern.GET('users', PathCodec.int('id')), (_request, id) => Response.json(userRecord(id))),
  // The endpoint API, as users write it: the body decoded and validated against the same JSON
  // Schema Fastify gets, then encoded from the schema.
  'post-user': (() => {
    const NewUser = Schema.Unsafe<{ id: number; name: string; email: string }>(newUserJsonSchema);
    return Endpoint(RoutePattern.POST('users')).in(NewUser).out(NewUser).implement((user) => user);
  })(),
};

/** Starts kitgen's server with the scenario routes. */
export const start: StartServer = async (host) => {
  const layer = Server.live(Server.Config.default.binding(host, 0));
  const port = await Server.install(Routes(...Object.values(routes)), layer);
  return { port, close: () => layer.shutdown() };
};
