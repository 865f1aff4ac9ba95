// `npm run demo` serves the docs UI over the Pets document beside the API and prints both URLs;
// a busy port stops it with one line naming the port and the variable. DocsUI's default title
// does not say "API API".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DocsUI, OpenAPIGen, Routes, Server, ServerConfig } from '@kitgen/runtime';
import { tsNodeOptions } from './support/e2e.ts';
import { repoRoot } from './support/fixtures.ts';

const entry = join(repoRoot, 'compiler/demo/main.ts');

function demoEnv(port: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LIB_HTTP_SERVER_BINDING_PORT: port, NODE_OPTIONS: tsNodeOptions };
  delete env.NODE_TEST_CONTEXT;
  return env;
}

test('npm run demo prints the docs UI URL beside the API and serves it', async () => {
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: demoEnv('0'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  try {
    const urls = await new Promise<{ api: string; docs: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URLs within 30 s:\n${out}`)), 30_000);
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /listening on (http:\/\/\S+)\nDocs UI on (http:\/\/\S+)\n/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve({ api: m[1], docs: m[2] });
        }
      });
    });
    assert.equal(urls.docs, `${urls.api}/docs`);
    const page = await fetch(urls.docs.replace('//localhost:', '//127.0.0.1:'), { redirect: 'follow' });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<title>Pets API documentation<\/title>/);
  } finally {
    child.kill('SIGTERM');
  }
});

test('a busy port stops the demo with one line naming the port and the variable', async () => {
  const blocker = createServer();
  await new Promise<void>((r) => blocker.listen(0, '0.0.0.0', r));
  const port = (blocker.address() as AddressInfo).port;
  try {
    const r = spawnSync(process.execPath, [entry], {
      cwd: repoRoot,
      env: demoEnv(String(port)),
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(r.status, 1);
    assert.equal(
      r.stderr,
      `npm run demo: port ${port} is in use (on 0.0.0.0); stop what uses it, or choose another port with LIB_HTTP_SERVER_BINDING_PORT (0 picks a free one)\n`,
    );
  } finally {
    blocker.close();
  }
});

test('Server.install on a busy port rejects with PortInUseError (code EADDRINUSE kept)', async () => {
  const layer = Server.live(ServerConfig.default.binding('127.0.0.1', 0));
  const port = await Server.install(Routes(), layer);
  try {
    await assert.rejects(
      Server.install(Routes(), Server.live(ServerConfig.default.binding('127.0.0.1', port))),
      (error: Error & { code?: string }) => {
        assert.equal(
          error.message,
          `port ${port} is in use (on 127.0.0.1); stop what uses it, or choose another port with LIB_HTTP_SERVER_BINDING_PORT (0 picks a free one)`,
        );
        assert.equal(error.code, 'EADDRINUSE');
        return true;
      },
    );
  } finally {
    await layer.shutdown();
  }
});

test('DocsUI does not title a document called "… API" "… API API documentation"', async () => {
  const api = OpenAPIGen.fromEndpoints('Pets API', '1.0.0');
  const layer = Server.live(ServerConfig.default.binding('127.0.0.1', 0));
  const port = await Server.install(DocsUI.routes('docs', api), layer);
  try {
    const html = await (await fetch(`http://127.0.0.1:${port}/docs`)).text();
    assert.match(html, /<title>Pets API documentation<\/title>/);
  } finally {
    await layer.shutdown();
  }
});
