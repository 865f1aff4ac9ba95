// Middleware.timeout(duration) answers 408 when the handler is slower, and tells
// the handler to stop through request.signal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import {
  Duration,
  Middleware,
  PathCodec,
  RequestTimeoutError,
  Response,
  Route,
  RoutePattern,
  Routes,
} from '@kitgen/runtime';
import { captureLogs, rawGet, serve } from './fixtures/middleware/helpers.ts';

interface Observed {
  aborted: boolean;
  reason: unknown;
  finishedWork: boolean;
}

function app(observed: Observed[]): Routes {
  return Routes(
    Route.handled(RoutePattern.GET('work', PathCodec.int('ms')), async (request, ms) => {
      const o: Observed = { aborted: false, reason: undefined, finishedWork: false };
      observed.push(o);
      // A cancellable piece of work: stops as soon as the signal fires.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          o.finishedWork = true;
          resolve();
        }, ms);
        request.signal.addEventListener('abort', () => {
          o.aborted = true;
          o.reason = request.signal.reason;
          clearTimeout(timer);
          resolve();
        });
      });
      return Response.text(`worked ${ms} ms`);
    }),
    Route.handled(RoutePattern.GET('fail'), async () => {
      throw new Error('fast failure');
    }),
  );
}

test('a handler slower than the timeout answers 408 and its signal is aborted with RequestTimeoutError', async () => {
  const observed: Observed[] = [];
  const server = await serve(app(observed).pipe(Middleware.timeout(Duration.millis(100))));
  try {
    const started = Date.now();
    const res = await fetch(`${server.base}/work/5000`);
    const elapsed = Date.now() - started;
    assert.equal(res.status, 408);
    assert.equal(((await res.json()) as { error: string }).error, 'Request Timeout');
    assert.ok(elapsed < 2000, `answered after ${elapsed} ms`);
    assert.equal(observed.length, 1);
    assert.equal(observed[0].aborted, true);
    assert.equal(observed[0].finishedWork, false);
    assert.ok(observed[0].reason instanceof RequestTimeoutError);
  } finally {
    await server.close();
  }
});

test('a handler within the timeout answers normally and is not aborted; failures pass through', async () => {
  const observed: Observed[] = [];
  const server = await serve(app(observed).pipe(Middleware.timeout(Duration.seconds(2))));
  const logs = captureLogs(); // the 500's warning goes here, not to the test output
  try {
    const res = await fetch(`${server.base}/work/20`);
    assert.equal(res.status, 200);
    assert.equal(await res.text(), 'worked 20 ms');
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(observed[0].aborted, false);
    assert.equal(observed[0].finishedWork, true);
    assert.equal((await fetch(`${server.base}/fail`)).status, 500);
  } finally {
    logs.restore();
    await server.close();
  }
});

test('the 408 closes the connection (RFC 9110 §15.5.9); only wrapped routes are limited', async () => {
  const observed: Observed[] = [];
  const limited = app(observed).pipe(Middleware.timeout(Duration.millis(50)));
  const unlimited = Routes(
    Route.handled(RoutePattern.GET('slow-ok'), async () => {
      await new Promise((r) => setTimeout(r, 200));
      return Response.text('no limit here');
    }),
  );
  const server = await serve(limited.concat(unlimited));
  try {
    const raw = await rawGet(server.port, '/work/3000');
    assert.equal(raw.status, 408);
    assert.equal(raw.headers.connection, 'close');
    const ok = await fetch(`${server.base}/slow-ok`);
    assert.equal(ok.status, 200);
    assert.equal(await ok.text(), 'no limit here');
  } finally {
    await server.close();
  }
});

test("the handler's signal also fires when the client goes away before the timeout", async () => {
  const observed: Observed[] = [];
  const server = await serve(app(observed).pipe(Middleware.timeout(Duration.seconds(30))));
  try {
    // A raw socket that sends the request and hangs up, so nothing else keeps the connection.
    const socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write('GET /work/20000 HTTP/1.1\r\nHost: x\r\n\r\n');
    while (observed.length === 0) await new Promise((r) => setTimeout(r, 5));
    socket.destroy();
    const until = Date.now() + 2000;
    while (!observed[0].aborted && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    assert.equal(observed[0].aborted, true);
    assert.ok(!(observed[0].reason instanceof RequestTimeoutError));
  } finally {
    await server.close();
  }
});

test('timeout refuses a negative or non-finite duration', () => {
  assert.throws(() => Middleware.timeout(-1), RangeError);
  assert.throws(() => Middleware.timeout(Number.NaN), RangeError);
});
