// How long graceful shutdown takes, measured on the wire: gracefulShutdownTimeout's 10 s
// default cuts a request that never finishes; the drain window (shutdownQuietPeriodDuration,
// 250 ms by default) is one rule whether the server was given a TransportConfig or not, and a
// longer one keeps answering requests on connections already open.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Duration,
  Response,
  Route,
  RoutePattern,
  Routes,
  Server,
  ServerConfig,
  TransportConfig,
  type ServerLayer,
} from '@kitgen/runtime';
import { RawConnection, rawRequest } from './support/rawHttp.ts';
import { deferred, sleep, within } from './support/testServer.ts';
import { nodeRequest } from './support/nodeHttp.ts';

const started = { current: deferred() };
const routes = Routes(
  Route.handled(RoutePattern.GET('hello'), () => Response.text('hi')),
  // Never answers; holds no timer, so a test that leaves it pending does not keep the process up.
  Route.handled(RoutePattern.GET('never'), () => {
    started.current.resolve();
    return new Promise<Response>(() => undefined);
  }),
);

const config = ServerConfig.default.binding('127.0.0.1', 0);

/** Installs the routes on `layer`, leaves one answered keep-alive connection open, and returns it. */
async function withIdleConnection(layer: ServerLayer): Promise<RawConnection> {
  const port = await Server.install(routes, layer);
  const c = await RawConnection.open(port);
  c.write(rawRequest('GET', '/hello'));
  assert.equal((await c.response()).status, 200);
  return c;
}

/** Shuts `layer` down, writing a request on `c` `afterMs` into it; resolves with the duration and what `c` got. */
async function shutdownWithLateRequest(
  layer: ServerLayer,
  c: RawConnection,
  afterMs: number,
): Promise<{ ms: number; answer: string }> {
  const t0 = performance.now();
  const stopped = layer.shutdown().then(() => performance.now() - t0);
  await sleep(afterMs);
  let answer: string;
  if (await c.waitForClose(1)) answer = 'closed';
  else {
    c.write(rawRequest('GET', '/hello'));
    answer = await c.response({ timeoutMs: 3000 }).then(
      (r) => `${r.status} connection: ${r.headers.connection ?? ''}`,
      () => 'closed',
    );
  }
  return { ms: await stopped, answer };
}

describe('gracefulShutdownTimeout', () => {
  test('defaults to 10 s: a request still running then is cut, and shutdown resolves', async () => {
    assert.equal(ServerConfig.default.gracefulShutdownTimeout, 10_000);
    const layer = Server.live(config);
    const port = await Server.install(routes, layer);
    started.current = deferred();
    const reply = nodeRequest(port, { path: '/never' }).then(
      (r) => `status ${r.status}`,
      (e: NodeJS.ErrnoException) => e.code ?? e.message,
    );
    await started.current.promise;
    const t0 = performance.now();
    await layer.shutdown();
    const ms = performance.now() - t0;
    assert.ok(ms >= 9900 && ms < 14_000, `shutdown took ${Math.round(ms)} ms, expected ~10 000`);
    assert.equal(await within(reply, 2000), 'ECONNRESET', 'the client sees its connection cut');
  });
});

describe('the drain window', () => {
  test('is 250 ms with Server.live(c) and with Server.customized(c, TransportConfig.default) alike', async () => {
    assert.equal(TransportConfig.default.shutdownQuietPeriodDuration, 250);
    for (const [name, layer] of [
      ['live', Server.live(config)],
      ['customized', Server.customized(config, TransportConfig.default)],
    ] as const) {
      // An idle server (one idle keep-alive connection) shuts down when the window ends.
      const idle = await withIdleConnection(layer);
      const t0 = performance.now();
      await layer.shutdown();
      const ms = performance.now() - t0;
      assert.ok(ms >= 240 && ms < 1500, `${name}: an idle server shut down in ${Math.round(ms)} ms, expected ~250`);
      assert.equal(await idle.waitForClose(500), true, `${name}: the idle connection is closed`);
      idle.destroy();
    }
    for (const [name, layer] of [
      ['live', Server.live(config)],
      ['customized', Server.customized(config, TransportConfig.default)],
    ] as const) {
      // Inside the window a request on the open connection is answered, and closes it.
      const c = await withIdleConnection(layer);
      const { answer } = await shutdownWithLateRequest(layer, c, 100);
      assert.equal(answer, '200 connection: close', `${name}: a request 100 ms into shutdown`);
      c.destroy();
    }
  });

  test('shutdownQuietPeriodDuration sets it: 1.5 s keeps answering a request sent 1 s into shutdown', async () => {
    const long = Server.customized(
      config,
      TransportConfig.default.copy({ shutdownQuietPeriodDuration: Duration.millis(1500) }),
    );
    const c = await withIdleConnection(long);
    const late = await shutdownWithLateRequest(long, c, 1000);
    assert.equal(late.answer, '200 connection: close', 'a request 1 s into shutdown is answered');
    // The answered connection closes, and with it the last one: shutdown need not wait out the window.
    assert.ok(late.ms >= 950 && late.ms < 3000, `shutdown took ${Math.round(late.ms)} ms`);
    c.destroy();

    const idleLong = Server.customized(
      config,
      TransportConfig.default.copy({ shutdownQuietPeriodDuration: Duration.millis(1500) }),
    );
    const idle = await withIdleConnection(idleLong);
    const t0 = performance.now();
    await idleLong.shutdown();
    const ms = performance.now() - t0;
    assert.ok(ms >= 1450 && ms < 3500, `an idle server shut down in ${Math.round(ms)} ms, expected ~1500`);
    idle.destroy();

    // The default window is over by then: the connection is closed and the request is not answered.
    const short = Server.customized(config, TransportConfig.default);
    const d = await withIdleConnection(short);
    assert.equal((await shutdownWithLateRequest(short, d, 1000)).answer, 'closed');
    d.destroy();
  });

  test('never outlasts gracefulShutdownTimeout', async () => {
    const layer = Server.customized(
      config.withGracefulShutdownTimeout(Duration.millis(300)),
      TransportConfig.default.copy({ shutdownQuietPeriodDuration: Duration.seconds(5) }),
    );
    const c = await withIdleConnection(layer);
    const t0 = performance.now();
    await layer.shutdown();
    const ms = performance.now() - t0;
    assert.ok(ms >= 250 && ms < 1500, `shutdown took ${Math.round(ms)} ms, expected ~300`);
    c.destroy();
  });
});
