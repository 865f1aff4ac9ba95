// kitgen's typed GET route (the endpoint API, as bench/server's kitgen server) served by
// `nThreads` worker processes: plain node on the runtime compiled by tsc (KITGEN_BENCH_RUNTIME,
// set by run.ts), as users run it. Prints the port on stderr from the primary.
const { Endpoint, PathCodec, RoutePattern, Routes, Schema, Server, ServerConfig, TransportConfig } = await import(
  process.env.KITGEN_BENCH_RUNTIME
);

const user = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } },
  required: ['id', 'name', 'email'],
  additionalProperties: false,
};
const get = Endpoint(RoutePattern.GET('users', PathCodec.int('id')))
  .out(Schema.Unsafe(user))
  .implement(async (id) => ({ id, name: `User ${id}`, email: `user${id}@example.com` }));

const threads = Number(process.env.BENCH_THREADS ?? 1);
const config = ServerConfig.default.binding('127.0.0.1', Number(process.env.BENCH_PORT ?? 0));
const layer = Server.customized(config, TransportConfig.default.maxThreads(threads));
const port = await Server.install(Routes(get), layer);
if (layer.role !== 'worker') process.stderr.write(`${JSON.stringify({ port })}\n`);
await layer.stopRequested();
await layer.shutdown();
