// The docs UI served beside a generated server over the published document (README's example):
// the page lists this server first (the path of the document's first server URL, where the
// generated routes serve), so Swagger UI's "Try it out" calls it and never the production server
// the document names; in headless Chromium the call reaches the local handler and nothing leaves
// loopback. README's snippet itself type-checks against the runtime.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { DocsUI, OpenAPI, type Routes } from '@kitgen/runtime';
import { routes } from '../../fixtures/base-path/expected/server.js';
import { repoRoot } from './support/fixtures.ts';
import { serve, typeCheckFolder, type Running } from './support/e2e.ts';

const executablePath = '/usr/bin/chromium';
const hasChromium = existsSync(executablePath);

const calls: string[] = [];
const handlers = {
  getItem: ({ id }: { id: string }) => {
    calls.push(id);
    return { id, name: `item ${id}` };
  },
};

async function published(): Promise<OpenAPI> {
  const document = OpenAPI.fromYaml(await readFile(join(repoRoot, 'fixtures/base-path/openapi.yaml'), 'utf8'));
  if (document._tag === 'left') throw document.left;
  return document.right;
}

async function withDocs(docs: Routes, run: (server: Running) => Promise<void>): Promise<void> {
  const server = await serve(routes(handlers).concat(docs));
  try {
    await run(server);
  } finally {
    await server.shutdown();
  }
}

test('the served document lists this server first, at the path the generated routes serve, then the document’s own', async () => {
  const api = await published();
  await withDocs(DocsUI.routes('docs', api), async (server) => {
    const json = (await (await fetch(`${server.url}/docs/openapi.json`)).json()) as { servers: Array<{ url: string }> };
    assert.deepEqual(
      json.servers.map((s) => s.url),
      ['/v2', 'https://api.example.com/v2/'],
    );
    assert.match(await (await fetch(`${server.url}/docs/openapi.yaml`)).text(), /servers:\n\s+- url: \/v2\n/);
    // Where the first server points, the generated routes answer.
    assert.equal((await fetch(`${server.url}${json.servers[0].url}/items/1`)).status, 200);
  });
  await withDocs(DocsUI.routes('docs', api, { serverUrl: '/api' }), async (server) => {
    const json = (await (await fetch(`${server.url}/docs/openapi.json`)).json()) as { servers: Array<{ url: string }> };
    assert.deepEqual(
      json.servers.map((s) => s.url),
      ['/api', 'https://api.example.com/v2/'],
    );
  });
  await withDocs(DocsUI.routes('docs', api, { serverUrl: false }), async (server) => {
    const json = (await (await fetch(`${server.url}/docs/openapi.json`)).json()) as { servers: Array<{ url: string }> };
    assert.deepEqual(
      json.servers.map((s) => s.url),
      ['https://api.example.com/v2/'],
    );
  });
  assert.deepEqual(
    api.document.servers?.map((s) => s.url),
    ['https://api.example.com/v2/'],
    'the caller’s document is left as it was',
  );
});

let browser: Browser | undefined;
before(async () => {
  if (hasChromium)
    browser = await chromium.launch({
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
});
after(async () => {
  await browser?.close();
});

test('"Try it out" on the docs page calls this server, not the production one', async (t) => {
  if (!browser) return t.skip('chromium not installed (/usr/bin/chromium); .ci/run installs it');
  await withDocs(DocsUI.routes('docs', await published()), async (server) => {
    const context = await browser!.newContext();
    const offLoopback: string[] = [];
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === '127.0.0.1') return route.continue();
      offLoopback.push(url.href);
      return route.abort('blockedbyclient');
    });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/docs`);
      const block = page.locator('.opblock', { has: page.locator('.opblock-summary-path[data-path="/items/{id}"]') });
      await block.waitFor({ timeout: 20_000 });
      await block.locator('.opblock-summary').click();
      await block.getByRole('button', { name: 'Try it out' }).click();
      await block.locator('input[placeholder="id"]').fill('42');
      calls.length = 0;
      await block.getByRole('button', { name: 'Execute' }).click();
      const status = block.locator('.live-responses-table tr.response .response-col_status').first();
      await status.waitFor({ timeout: 20_000 });
      assert.equal((await status.innerText()).trim(), '200');
      assert.deepEqual(calls, ['42'], 'the local handler answered');
      assert.match(
        await block.locator('.request-url pre, .request-url .microlight').first().innerText(),
        new RegExp(`^${server.url}/v2/items/42`),
      );
      assert.deepEqual(offLoopback, [], 'nothing went to the document’s production server');
    } finally {
      await context.close();
    }
  });
});

test("README's docs UI snippet type-checks against the runtime", { timeout: 300_000 }, async () => {
  const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
  const at = readme.indexOf('The docs UI beside a generated server');
  const snippet = /```ts\n([\s\S]*?)```/.exec(readme.slice(at))?.[1];
  assert.ok(at >= 0 && snippet !== undefined && snippet.includes('DocsUI.routes('), 'README still has the snippet');
  const dir = join(repoRoot, '.tmp', 'readme-docs-ui');
  await mkdir(join(dir, 'api'), { recursive: true });
  // What the snippet takes from the generated code and the example before it.
  await writeFile(
    join(dir, 'api', 'index.d.ts'),
    "import type { Routes } from '@kitgen/runtime';\nexport interface Handlers { getItem(params: { id: string }): { id: string } }\nexport declare function routes(handlers: Partial<Handlers>): Routes;\n",
  );
  const file = join(dir, 'snippet.mts');
  await writeFile(
    file,
    `import type { Handlers } from './api/index.js';\ndeclare const handlers: Handlers;\n${snippet}\nexport {};\n`,
  );
  const r = await typeCheckFolder(dir, ['*.mts']);
  assert.equal(r.status, 0, r.output);
});
