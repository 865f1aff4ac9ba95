// The server the hostile suite attacks, run as its own process so that its memory can be read
// from /proc and SIGTERM can be sent to it: built from the public API only, configured from
// the environment (`LIB_HTTP_SERVER_*`) like a user's. Prints `{"port":N}` once listening;
// answers `{type:'calls'}` over IPC with how many handlers ran.
import { Body, Middleware, PathCodec, Response, Route, RoutePattern, Routes, Server } from '@kitgen/runtime';

let calls = 0;
const routes = Routes(
  Route.handled(RoutePattern.GET('users', PathCodec.string('id')), async (_request, id) => {
    calls++;
    await Promise.resolve();
    return Response.json({ id });
  }),
  Route.handled(RoutePattern.POST('echo'), async (request) => {
    calls++;
    const bytes = await request.body.asBytes();
    return Response.json({ length: bytes.byteLength });
  }),
  Route.handled(RoutePattern.GET('hello'), async () => {
    calls++;
    return new Response(200, { 'content-type': 'text/plain' }, Body.fromString('hi'));
  }),
);
// HOSTILE_NO_WS=1 leaves the WebSocket route out: slow-client limits must not depend on it.
const echo = Route.webSocket(RoutePattern.GET('ws'), async (socket) => {
  calls++;
  for await (const m of socket) {
    if (m.type === 'text') await socket.send(m.text);
    else if (m.type === 'binary') await socket.send(m.data);
  }
});
const withWs = process.env.HOSTILE_NO_WS === '1' ? routes : routes.concat(echo);
const staticDir = process.env.HOSTILE_STATIC_DIR;
const all = staticDir ? withWs.pipe(Middleware.serveDirectory('files', staticDir)) : withWs;

const layer = Server.configured({ LIB_HTTP_SERVER_BINDING_HOST: '127.0.0.1', LIB_HTTP_SERVER_BINDING_PORT: '0', ...process.env });
const port = await Server.install(all, layer);
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on('message', (m: { type?: string }) => {
  if (m?.type === 'calls') process.send?.({ type: 'calls', calls });
});
const stop = () => {
  process.off('SIGTERM', stop);
  void layer.shutdown().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
