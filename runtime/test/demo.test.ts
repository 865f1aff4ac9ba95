// `npm run demo` end to end: the demo generates the bundled Pets API with kitgen, serves the
// generated server as its own process on a free port, and the routes answer over loopback.
// The demo is spawned the way `scripts/run-ts.mjs` runs it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const entry = fileURLToPath(new URL('../../compiler/demo/main.ts', import.meta.url));

/** Starts the demo and resolves with its printed base URL; rejects on exit or after 20 s. */
function startDemo(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, LIB_HTTP_SERVER_BINDING_PORT: '0' };
  // The runner's own context variable would make a child that happened to load node:test report to it.
  delete env.NODE_TEST_CONTEXT;
  const child = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const output = () => out;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the demo printed no URL within 20 s:\n${out}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1].replace('//localhost:', '//127.0.0.1:'), output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the demo exited early (code ${code}, signal ${signal}):\n${out}`));
    });
  });
}

/** Sends SIGTERM and waits for the graceful exit (SIGKILL after 10 s). */
function stopDemo(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

test('npm run demo serves the Pets API and stops on SIGTERM', async () => {
  const { child, url, output } = await startDemo();
  child.removeAllListeners('exit');
  try {
    const list = await fetch(`${url}/pets`);
    assert.equal(list.status, 200);
    assert.match(list.headers.get('content-type') ?? '', /^application\/json/);
    const pets = (await list.json()) as Array<{ id: number; name: string }>;
    assert.ok(pets.length >= 2, 'the store starts seeded');

    const limited = (await (await fetch(`${url}/pets?limit=1`)).json()) as unknown[];
    assert.equal(limited.length, 1);
    const badLimit = await fetch(`${url}/pets?limit=zero`);
    assert.equal(badLimit.status, 400);
    assert.match(((await badLimit.json()) as { message: string }).message, /limit/);

    const one = await fetch(`${url}/pets/${pets[0].id}`);
    assert.equal(one.status, 200);
    assert.deepEqual(await one.json(), pets[0]);
    assert.equal((await fetch(`${url}/pets/424242`)).status, 404);
    assert.equal((await fetch(`${url}/pets/rex`)).status, 400);

    const created = await fetch(`${url}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Fido', tag: 'dog' }),
    });
    assert.equal(created.status, 201);
    const pet = (await created.json()) as { id: number; name: string; tag: string };
    assert.equal(pet.name, 'Fido');
    assert.equal(pet.tag, 'dog');
    assert.equal(created.headers.get('location'), `/pets/${pet.id}`);
    assert.deepEqual(await (await fetch(`${url}/pets/${pet.id}`)).json(), pet);

    const invalid = await fetch(`${url}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"tag":"dog"}',
    });
    assert.equal(invalid.status, 400);
    assert.match(((await invalid.json()) as { message: string }).message, /name/);
    const notJson = await fetch(`${url}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'name=Fido',
    });
    assert.equal(notJson.status, 400);
    // The document declares JSON only: a form body is refused as the wrong media type.
    const form = await fetch(`${url}/pets`, { method: 'POST', body: new URLSearchParams({ name: 'Fido' }) });
    assert.equal(form.status, 415);

    assert.match(output(), /curl .*\/pets/, 'prints example curl commands');
    assert.match(output(), /cli\.js list-pets/, 'prints how to call it with the generated CLI');
  } finally {
    assert.equal(await stopDemo(child), 0, `the demo exits cleanly on SIGTERM:\n${output()}`);
  }
});
