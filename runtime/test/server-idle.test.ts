// Spec server behaviour 7: with idleTimeout a connection idle for longer is closed by the
// server; without it an idle keep-alive connection stays open (past Node's 5 s keep-alive timeout).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { Duration, Response, Route, RoutePattern } from '@kitgen/runtime';
import { RawConnection, rawRequest } from './support/rawHttp.ts';
import { sleep, startServer, type TestServer } from './support/testServer.ts';

const routes = [
  Route.handled(RoutePattern.GET('hello'), () => Response.text('hi')),
  Route.handled(RoutePattern.GET('slow'), async () => {
    await sleep(150);
    return Response.text('slow');
  }),
];

let idle: TestServer;
let noIdle: TestServer;
before(async () => {
  idle = await startServer(routes, (c) => c.withIdleTimeout(Duration.millis(300)));
  noIdle = await startServer(routes);
});
after(async () => {
  await idle.shutdown();
  await noIdle.shutdown();
});

/** Time from now until the server closes `c` (Infinity if it does not within `ms`). */
async function closesIn(c: RawConnection, ms: number): Promise<number> {
  const started = Date.now();
  return (await c.waitForClose(ms)) ? Date.now() - started : Infinity;
}

test('idleTimeout 300 ms: an idle keep-alive connection is closed after ~300 ms', async () => {
  const c = await RawConnection.open(idle.port);
  try {
    // Timed from before the request: the server's last activity (its response) comes after
    // this, so it cannot close sooner than 300 ms from here, however slow the machine.
    const sent = Date.now();
    c.write(rawRequest('GET', '/hello'));
    const r = await c.response();
    assert.equal(r.status, 200);
    assert.notEqual(r.headers.connection?.toLowerCase(), 'close');
    assert.equal(await c.waitForClose(3000), true, 'never closed');
    const ms = Date.now() - sent;
    assert.ok(ms >= 290 && ms < 1500, `closed ${ms} ms after the request, expected ~300`);
  } finally {
    c.destroy();
  }
});

test('idleTimeout: a connection that never sends anything is closed after ~300 ms', async () => {
  const c = await RawConnection.open(idle.port);
  try {
    const ms = await closesIn(c, 3000);
    assert.ok(ms >= 250 && ms < 1500, `closed after ${ms} ms, expected ~300`);
  } finally {
    c.destroy();
  }
});

test('idleTimeout: activity keeps the connection open; only idleness counts', async () => {
  const c = await RawConnection.open(idle.port);
  try {
    // Eight requests 100 ms apart: over 800 ms in all (well past the 300 ms timeout), never
    // 300 ms idle, with room for a loaded machine waking late from a sleep.
    const started = Date.now();
    for (let i = 0; i < 8; i++) {
      c.write(rawRequest('GET', '/hello'));
      assert.equal((await c.response()).status, 200);
      await sleep(100);
      assert.equal(c.closed, false, `closed after request ${i + 1}`);
    }
    assert.ok(Date.now() - started >= 800, 'the connection outlived the idle timeout several times over');
  } finally {
    c.destroy();
  }
});

test('no idleTimeout (default): an idle keep-alive connection stays open past 6 s and still serves', async () => {
  const c = await RawConnection.open(noIdle.port);
  try {
    c.write(rawRequest('GET', '/hello'));
    const r = await c.response();
    assert.equal(r.status, 200);
    assert.equal(r.headers['keep-alive'], undefined, 'no Keep-Alive: timeout=… is advertised when none applies');
    // Node's own keep-alive timeout is 5 s (+1 s grace): it must not apply.
    assert.equal(await c.closedAfter(6200), false, 'the server closed an idle connection without an idle timeout');
    c.write(rawRequest('GET', '/hello'));
    assert.equal((await c.response()).body.toString(), 'hi');
  } finally {
    c.destroy();
  }
});
