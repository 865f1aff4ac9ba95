// A handler that answers a 1xx (Docker's POST /session declares only `101`, the connection
// hijacked) gets no final answer out of it: the client would wait for one until it timed out.
// The server answers 500 at once and logs why; WebSocket handshakes (101 by `ws`) are not this path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Response, Route, RoutePattern, Routes, Server } from '@kitgen/runtime';

test('a 1xx from a handler is answered 500 at once, not left hanging', async () => {
  const server = Server.defaultWith((c) => c.binding('127.0.0.1', 0));
  const routes = Routes(
    Route.handled(RoutePattern.POST('session'), () => new Response(101)),
    Route.handled(RoutePattern.GET('ok'), () => new Response(204)),
  );
  const port = await Server.install(routes, server);
  try {
    const r = await fetch(`http://127.0.0.1:${port}/session`, { method: 'POST', signal: AbortSignal.timeout(5000) });
    assert.equal(r.status, 500);
    await r.text();
    const ok = await fetch(`http://127.0.0.1:${port}/ok`, { signal: AbortSignal.timeout(5000) });
    assert.equal(ok.status, 204);
  } finally {
    await server.shutdown();
  }
});
