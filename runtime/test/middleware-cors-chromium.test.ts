// Middleware.cors, proven in a real browser: a page served from one origin fetches the API on
// another origin (another port on loopback). Without the middleware the fetch fails; with it,
// it succeeds (credentials included, preflighted requests too); for an origin the config
// refuses it fails. Headless Chromium through playwright-core decides, not our own code.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CorsConfig, Header, Middleware, PathCodec, Response, Route, RoutePattern, Routes } from '@kitgen/runtime';
import { serve, type Running } from './fixtures/middleware/helpers.ts';

const executablePath = '/usr/bin/chromium';
const hasChromium = existsSync(executablePath);
const fixtures = fileURLToPath(new URL('./fixtures/middleware/', import.meta.url));

interface Probe {
  ok: boolean;
  status?: number;
  body?: string;
  headers?: Record<string, string | null>;
  error?: string;
}

let browser: Browser | undefined;
let pageServer: Running | undefined;
let page: Page | undefined;
const consoleMessages: string[] = [];

before(async () => {
  if (!hasChromium) return;
  pageServer = await serve(Routes().pipe(Middleware.serveDirectory('site', fixtures)));
  browser = await chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  page = await browser.newPage();
  page.on('console', (m) => consoleMessages.push(m.text()));
  await page.goto(`${pageServer.base}/site/cors-page.html`);
  assert.equal(await page.title(), 'ready');
});

after(async () => {
  await browser?.close();
  await pageServer?.close();
});

function api(): Routes {
  return Routes(
    Route.handled(RoutePattern.GET('users', PathCodec.int('id')), (_req, id) =>
      Response.json({ id, name: 'Ada' }).setHeader('x-request-cost', '3'),
    ),
    Route.handled(RoutePattern.POST('users'), async (req) =>
      Response.json({ created: JSON.parse(await req.body.asString()) }, 201),
    ),
  );
}

async function probe(url: string, init: Record<string, unknown> = {}, headers: string[] = []): Promise<Probe> {
  return page!.evaluate(
    ([u, i, h]) =>
      (globalThis as unknown as { probe: (u: string, i: unknown, h: string[]) => Promise<Probe> }).probe(u, i, h),
    [url, init, headers] as const,
  );
}

const simple = { credentials: 'include' };
const preflighted = {
  method: 'POST',
  credentials: 'include',
  headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
  body: JSON.stringify({ name: 'Grace' }),
};

test('rule 1: without the CORS middleware a request from another origin is rejected by the browser', async (t) => {
  if (!hasChromium) return t.skip('chromium not installed');
  const apiServer = await serve(api());
  try {
    assert.notEqual(apiServer.port, pageServer!.port, 'two origins: same host, different ports');
    consoleMessages.length = 0;
    const get = await probe(`${apiServer.base}/users/1`, simple);
    assert.equal(get.ok, false);
    assert.match(get.error!, /TypeError: Failed to fetch/);
    assert.ok(
      consoleMessages.some((m) => /blocked by CORS policy/.test(m)),
      consoleMessages.join('\n'),
    );
    const post = await probe(`${apiServer.base}/users`, preflighted);
    assert.equal(post.ok, false);
    // Same-origin requests of the page server still work, so the page itself is fine.
    const same = await probe(`${pageServer!.base}/site/cors-page.html`);
    assert.equal(same.ok, true);
  } finally {
    await apiServer.close();
  }
});

test('with Middleware.cors() (defaults), the browser lets the page read the answers, credentials and preflights included', async (t) => {
  if (!hasChromium) return t.skip('chromium not installed');
  const apiServer = await serve(api().pipe(Middleware.cors()));
  try {
    const get = await probe(`${apiServer.base}/users/1`, simple, ['x-request-cost']);
    assert.equal(get.ok, true, get.error);
    assert.deepEqual(JSON.parse(get.body!), { id: 1, name: 'Ada' });
    assert.equal(get.headers!['x-request-cost'], '3', 'exposed header readable');
    const post = await probe(`${apiServer.base}/users`, preflighted);
    assert.equal(post.ok, true, post.error);
    assert.equal(post.status, 201);
    assert.deepEqual(JSON.parse(post.body!), { created: { name: 'Grace' } });
    const withAuth = await probe(`${apiServer.base}/users/2`, {
      credentials: 'include',
      headers: { authorization: 'Bearer t' },
    });
    assert.equal(withAuth.ok, true, withAuth.error);
  } finally {
    await apiServer.close();
  }
});

test('an origin the config refuses is rejected; the one it names is accepted (AccessControlAllowOrigin.Specific)', async (t) => {
  if (!hasChromium) return t.skip('chromium not installed');
  const pageOrigin = pageServer!.base;
  const onlyOther = CorsConfig({ allowedOrigin: CorsConfig.allowOrigins('http://127.0.0.1:1') });
  const onlyPage = CorsConfig({
    allowedOrigin: (o) => (o === pageOrigin ? Header.AccessControlAllowOrigin.Specific(o) : undefined),
  });
  const refused = await serve(api().pipe(Middleware.cors(onlyOther)));
  const accepted = await serve(api().pipe(Middleware.cors(onlyPage)));
  try {
    for (const init of [simple, preflighted]) {
      const r = await probe(`${refused.base}/users${init === simple ? '/1' : ''}`, init);
      assert.equal(r.ok, false, 'refused origin');
      const a = await probe(`${accepted.base}/users${init === simple ? '/1' : ''}`, init);
      assert.equal(a.ok, true, a.error);
    }
  } finally {
    await refused.close();
    await accepted.close();
  }
});

test('why credentials echo the origin: the browser rejects a literal * with credentials, and accepts * without', async (t) => {
  if (!hasChromium) return t.skip('chromium not installed');
  // Hand-written headers, not the middleware: this checks the browser rule the middleware follows.
  const star = Routes(
    Route.handled(RoutePattern.GET('star'), () =>
      Response.text('star')
        .setHeader('access-control-allow-origin', '*')
        .setHeader('access-control-allow-credentials', 'true'),
    ),
  );
  const noCredentials = Routes(
    Route.handled(RoutePattern.GET('users', PathCodec.int('id')), (_r, id) => Response.json({ id })),
  ).pipe(Middleware.cors(CorsConfig({ allowCredentials: false })));
  const starServer = await serve(star);
  const plainServer = await serve(noCredentials);
  try {
    assert.equal((await probe(`${starServer.base}/star`, { credentials: 'include' })).ok, false);
    assert.equal((await probe(`${starServer.base}/star`, { credentials: 'omit' })).ok, true);
    const viaMiddleware = await probe(`${plainServer.base}/users/4`, { credentials: 'omit' });
    assert.equal(viaMiddleware.ok, true, viaMiddleware.error);
    assert.equal(
      (await probe(`${plainServer.base}/users/4`, { credentials: 'include' })).ok,
      false,
      'no credentials allowed by this config',
    );
  } finally {
    await starServer.close();
    await plainServer.close();
  }
});
