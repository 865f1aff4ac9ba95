// One start of a kitgen server with N extra routes (the shapes of manyRoutes.ts), for measuring
// the start from outside: `RT=<bundle index.js> N=1000 node bench/server/startApp.mjs` prints
// JSON with the milliseconds from the process's start to the runtime imported, the endpoints
// built, the routes joined and the server listening (`total`), then exits. Run it under
// `valgrind --tool=callgrind` for instruction counts that do not move with the machine's load,
// or through startCompare.mjs for wall times of two bundles side by side.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const t0 = performance.now();
const runtime = process.env.RT;
if (!runtime)
  throw new Error(
    'RT: the path of a built runtime bundle (node scripts/build-runtime.mjs --outDir <dir> --no-declarations)',
  );
const { Endpoint, PathCodec, RoutePattern, Routes, Schema, Server } = await import(
  pathToFileURL(resolve(runtime)).href
);
const t1 = performance.now();
const User = Schema.Unsafe({
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } },
  required: ['id', 'name', 'email'],
  additionalProperties: false,
});
const count = Number(process.env.N ?? 1000);
const endpoints = [];
for (let index = 0; index < count; index++) {
  const literal = `svc/r${index >> 1}/items`;
  endpoints.push(
    index % 2 === 0
      ? Endpoint(RoutePattern.GET(literal))
          .out(User)
          .implement(async () => ({ id: index, name: 'a', email: 'abc' }))
      : Endpoint(RoutePattern.GET(literal, PathCodec.int('id')))
          .out(User)
          .implement(async (id) => ({ id, name: 'a', email: 'abc' })),
  );
}
const t2 = performance.now();
const routes = Routes(...endpoints);
const t3 = performance.now();
const layer = Server.live(Server.Config.default.binding('127.0.0.1', 0));
await Server.install(routes, layer);
const t4 = performance.now();
const ms = (x) => Number(x.toFixed(1));
console.log(
  JSON.stringify({
    start: ms(t0),
    import: ms(t1 - t0),
    endpoints: ms(t2 - t1),
    routes: ms(t3 - t2),
    install: ms(t4 - t3),
    total: ms(t4),
  }),
);
await layer.shutdown();
