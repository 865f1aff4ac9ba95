// The spec's other ways from a description to a running server, over the wire:
// `implementHandler` (a route, like `implement`), `toRoutes` (a collection holding it), and
// `Server.serve`, which serves until SIGTERM and then shuts down gracefully.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { Endpoint, HttpCodec, PathCodec, RoutePattern, Routes, Schema, Status } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';
import { nodeRequest } from './support/nodeHttp.ts';

const User = Schema.Object({ id: Schema.Integer(), name: Schema.String(), greeting: Schema.String() });
const NotFound = Schema.Object({ message: Schema.String() });
const getUser = Endpoint(RoutePattern.GET('users', PathCodec.int('id')))
  .query(HttpCodec.query('greeting', Schema.String()))
  .out(User)
  .outError(NotFound, Status.NotFound);

/** GET `path` on `port`; the status and the parsed JSON body. */
async function getJson(port: number, path: string): Promise<{ status: number; body: unknown }> {
  const r = await nodeRequest(port, { path });
  return { status: r.status, body: JSON.parse(r.body.toString()) as unknown };
}

test('implementHandler yields a route that serves the endpoint: input tuple in, output or declared error out', async () => {
  const route = getUser.implementHandler(([id, greeting]) => {
    if (id === 0) throw getUser.fail({ message: 'no user 0' });
    return { id, name: 'Ada', greeting };
  });
  const server = await startServer(Routes(route));
  try {
    assert.deepEqual(await getJson(server.port, '/users/7?greeting=hello'), {
      status: 200,
      body: { id: 7, name: 'Ada', greeting: 'hello' },
    });
    assert.deepEqual(await getJson(server.port, '/users/0?greeting=hello'), {
      status: 404,
      body: { message: 'no user 0' },
    });
    // The required query parameter is part of the description the route enforces.
    assert.equal((await nodeRequest(server.port, { path: '/users/7' })).status, 400);
  } finally {
    await server.shutdown();
  }
});

test('toRoutes yields a collection holding the one route, which combines with others', async () => {
  const users = getUser.toRoutes(([id, greeting]) => ({ id, name: 'Grace', greeting }));
  assert.equal(users.routes.length, 1);
  const health = Endpoint(RoutePattern.GET('health'))
    .out(Schema.String())
    .toRoutes(() => 'ok');
  const server = await startServer(users.concat(health));
  try {
    assert.deepEqual(await getJson(server.port, '/users/3?greeting=hi'), {
      status: 200,
      body: { id: 3, name: 'Grace', greeting: 'hi' },
    });
    assert.deepEqual(await getJson(server.port, '/health'), { status: 200, body: 'ok' });
  } finally {
    await server.shutdown();
  }
});

test('Server.serve serves until SIGTERM, lets the request in flight finish, then resolves and the program ends', async () => {
  // A program of its own, so that the signal goes to it and not to the test runner.
  const program = `
    const { Endpoint, RoutePattern, Schema, Server, ServerConfig } = await import('@kitgen/runtime');
    const slow = Endpoint(RoutePattern.GET('slow')).out(Schema.String()).toRoutes(async () => {
      process.stdout.write('started\\n');
      await new Promise((r) => setTimeout(r, 500));
      return 'finished';
    });
    const layer = Server.live(ServerConfig.default.binding('127.0.0.1', 0));
    const served = Server.serve(slow, layer);
    const poll = setInterval(() => {
      if (layer.port === undefined) return;
      clearInterval(poll);
      process.stdout.write(JSON.stringify({ port: layer.port }) + '\\n');
    }, 10);
    await served;
    process.stdout.write('served\\n');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    for (const w of waiters.splice(0)) w();
  });
  const line = async (test: (l: string) => boolean): Promise<string> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const found = lines.find(test);
      if (found !== undefined) return found;
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`no such line; got ${JSON.stringify(lines)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 100);
      });
    }
  };
  try {
    const { port } = JSON.parse(await line((l) => l.startsWith('{'))) as { port: number };
    const reply = nodeRequest(port, { path: '/slow' });
    await line((l) => l === 'started');
    child.kill('SIGTERM');
    const r = await reply;
    assert.equal(r.status, 200);
    assert.equal(r.body.toString(), '"finished"');
    assert.equal(r.headers.connection, 'close', 'answered during shutdown');
    const [code] = (await exited) as [number | null];
    assert.equal(code, 0);
    assert.ok(lines.includes('served'), 'Server.serve resolved after the graceful shutdown');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});
