// DocsUI in a real browser: headless Chromium (playwright-core, Debian's chromium) loads the docs
// page of a program written like the DESIGN.md example, renders every operation of its document,
// runs one with "Try it out", and sends no request beyond loopback (everything comes from
// swagger-ui-dist on this server: the page works offline).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  DocsUI,
  Endpoint,
  HeaderCodec,
  HttpCodec,
  OpenAPIGen,
  PathCodec,
  RoutePattern,
  Routes,
  Schema,
  Status,
} from '@kitgen/runtime';
import { startServer, type TestServer } from './support/testServer.ts';

const executablePath = '/usr/bin/chromium';
const hasChromium = existsSync(executablePath);

const User = Schema.Object(
  { id: Schema.Integer(), name: Schema.String({ description: 'Display name' }) },
  { $id: 'User' },
);
const NotFound = Schema.Object({ message: Schema.String() }, { $id: 'NotFound' });
const getUser = Endpoint(RoutePattern.GET('users', PathCodec.int('id')))
  .query(HttpCodec.query('limit', Schema.Integer()).optional())
  .out(User)
  .outError(NotFound, Status.NotFound)
  .summary('Fetch one user')
  .tag('users');
const listUsers = Endpoint(RoutePattern.GET('users'))
  .header(HeaderCodec.authorization)
  .out(Schema.Array(User))
  .summary('List the users')
  .tag('users');
const createUser = Endpoint(RoutePattern.POST('users'))
  .in(Schema.Object({ name: Schema.String() }))
  .out(User, Status.Created)
  .summary('Create a user')
  .tag('admin');
const endpoints = [getUser, listUsers, createUser];

let server: TestServer | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let page: Page | undefined;
const requests: string[] = [];
const blocked: string[] = [];
const failures: string[] = [];
const consoleErrors: string[] = [];

const isLoopback = (url: string) => {
  const u = new URL(url);
  return (
    u.protocol === 'data:' ||
    u.protocol === 'blob:' ||
    u.hostname === '127.0.0.1' ||
    u.hostname === '[::1]' ||
    u.hostname === 'localhost'
  );
};

before(async () => {
  if (!hasChromium) return;
  const api = OpenAPIGen.fromEndpoints('Users', '1.0.0', ...endpoints);
  const routes = Routes(
    getUser.implement(([id]) => (id === 1 ? { id, name: 'Ada' } : getUser.fail({ message: 'no such user' }))),
    listUsers.implement(() => [{ id: 1, name: 'Ada' }]),
    createUser.implement((u) => ({ id: 2, name: u.name })),
  ).concat(DocsUI.routes('docs/openapi', api));
  server = await startServer(routes);
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
  context = await browser.newContext();
  // Every request is recorded; one that would leave loopback is recorded and stopped.
  await context.route('**/*', (route) => {
    const url = route.request().url();
    requests.push(url);
    if (isLoopback(url)) return route.continue();
    blocked.push(url);
    return route.abort('blockedbyclient');
  });
  context.on('requestfailed', (r) => failures.push(`${r.url()}: ${r.failure()?.errorText}`));
  context.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.url()}: ${r.status()}`);
  });
  page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  await page.goto(`${server.url}/docs/openapi`);
});

after(async () => {
  await browser?.close();
  await server?.shutdown();
});

test('the page renders every operation of the document: method, path and summary', async (t) => {
  if (!hasChromium || !page) return t.skip('chromium not installed (/usr/bin/chromium); .ci/run installs it');
  await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
  assert.equal(await page.locator('.opblock').count(), endpoints.length);
  for (const [method, path, summary] of [
    ['GET', '/users/{id}', 'Fetch one user'],
    ['GET', '/users', 'List the users'],
    ['POST', '/users', 'Create a user'],
  ]) {
    const block = page
      .locator('.opblock', { has: page.locator(`.opblock-summary-path[data-path="${path}"]`) })
      .filter({ has: page.locator('.opblock-summary-method', { hasText: method }) });
    assert.equal(await block.count(), 1, `${method} ${path}`);
    assert.ok(await block.locator('.opblock-summary-description', { hasText: summary }).isVisible(), summary);
  }
  assert.ok(await page.getByText('Users', { exact: false }).first().isVisible());
  assert.ok(await page.locator('.opblock-tag', { hasText: 'admin' }).isVisible(), 'operations are grouped by tag');
});

test('"Try it out" calls the API from the page and shows the answer', async (t) => {
  if (!hasChromium || !page) return t.skip('chromium not installed (/usr/bin/chromium); .ci/run installs it');
  const block = page.locator('.opblock', { has: page.locator('.opblock-summary-path[data-path="/users/{id}"]') });
  await block.locator('.opblock-summary').click();
  await block.getByRole('button', { name: 'Try it out' }).click();
  await block.locator('input[placeholder="id"]').fill('1');
  await block.getByRole('button', { name: 'Execute' }).click();
  const live = block.locator('.live-responses-table tr.response .response-col_status').first();
  await live.waitFor({ timeout: 20_000 });
  assert.equal((await live.innerText()).trim(), '200');
  assert.match(await block.locator('.live-responses-table .microlight').first().innerText(), /"name": "Ada"/);
});

test('nothing leaves loopback, nothing fails, no console errors (CSP included)', async (t) => {
  if (!hasChromium || !page) return t.skip('chromium not installed (/usr/bin/chromium); .ci/run installs it');
  assert.deepEqual(blocked, [], 'requests beyond loopback');
  assert.ok(
    requests.some((u) => u.endsWith('/docs/openapi/openapi.json')),
    'the document was loaded from the server',
  );
  assert.ok(
    requests.some((u) => u.includes('/docs/openapi/swagger-ui-bundle.js')),
    'Swagger UI was loaded from the server',
  );
  assert.ok(requests.every(isLoopback));
  assert.deepEqual(failures, []);
  assert.deepEqual(consoleErrors, []);
});
