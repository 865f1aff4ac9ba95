// DocsUI.routes over HTTP: the page, the document and the swagger-ui-dist files at the prefix,
// with their content types, validators and caching; nothing from the package's own Petstore setup.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DocsUI, Endpoint, OpenAPI, OpenAPIGen, PathCodec, Routes, RoutePattern, Schema } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';
import { RawConnection, rawRequest } from './support/rawHttp.ts';

const require = createRequire(import.meta.url);
const dist = dirname(require.resolve('swagger-ui-dist/package.json'));
const version = (JSON.parse(readFileSync(join(dist, 'package.json'), 'utf8')) as { version: string }).version;

const api = OpenAPIGen.fromEndpoints(
  'Pets',
  '1.0.0',
  Endpoint(RoutePattern.GET('pets', PathCodec.int('id')))
    .out(Schema.String())
    .summary('Fetch a pet'),
);

async function serve(prefix: string, fn: (url: string) => Promise<void>): Promise<void> {
  const server = await startServer(Routes(DocsUI.routes(prefix, api)));
  try {
    await fn(server.url);
  } finally {
    await server.shutdown();
  }
}

/** The URLs a page refers to (href and src attributes). */
const references = (html: string) => [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]);

test('the page at the prefix: HTML, relative asset URLs, strict CSP, revalidated', async () => {
  await serve('docs/openapi', async (url) => {
    const r = await fetch(`${url}/docs/openapi`);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(r.headers.get('cache-control'), 'no-cache');
    assert.ok(r.headers.get('etag'));
    assert.match(r.headers.get('content-security-policy') ?? '', /default-src 'self'; script-src 'self'/);
    const html = await r.text();
    assert.match(html, /<title>Pets API documentation<\/title>/);
    const refs = references(html);
    assert.deepEqual(
      refs.map((u) => u.split('?')[0]),
      [
        'openapi/swagger-ui.css',
        'openapi/favicon-32x32.png',
        'openapi/favicon-16x16.png',
        'openapi/swagger-ui-bundle.js',
        'openapi/swagger-initializer.js',
      ],
    );
    for (const ref of refs) {
      const asset = await fetch(new URL(ref, `${url}/docs/openapi`));
      assert.equal(asset.status, 200, ref);
      assert.equal(
        asset.headers.get('cache-control'),
        'public, max-age=31536000, immutable',
        `${ref} is versioned by its URL`,
      );
      await asset.arrayBuffer();
    }
    assert.doesNotMatch(html, /https?:\/\//, 'no absolute URL: nothing is loaded from elsewhere');
    // With a trailing slash (or as index.html) the same page refers to its neighbours.
    for (const path of ['/docs/openapi/', '/docs/openapi/index.html']) {
      const again = await (await fetch(url + path)).text();
      assert.deepEqual(references(again).map((u) => u.split('?')[0])[0], './swagger-ui.css', path);
    }
  });
});

test('the document beside the page: JSON as generated, YAML too, with validators', async () => {
  await serve('docs/openapi', async (url) => {
    const r = await fetch(`${url}/docs/openapi/openapi.json`);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(r.headers.get('cache-control'), 'no-cache');
    assert.equal(await r.text(), api.toJson());
    const etag = r.headers.get('etag') ?? '';
    const again = await fetch(`${url}/docs/openapi/openapi.json`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
    const yaml = await fetch(`${url}/docs/openapi/openapi.yaml`);
    assert.equal(yaml.headers.get('content-type'), 'application/yaml; charset=utf-8');
    assert.equal(await yaml.text(), api.toYaml());
  });
});

test('swagger-ui-dist files: their bytes, content types, ETags and caching; HEAD without a body', async () => {
  await serve('docs/openapi', async (url) => {
    const cases: Array<[string, string]> = [
      ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
      ['swagger-ui.css', 'text/css; charset=utf-8'],
      ['favicon-32x32.png', 'image/png'],
      ['swagger-ui-bundle.js.map', 'application/json; charset=utf-8'],
      ['oauth2-redirect.html', 'text/html; charset=utf-8'],
    ];
    for (const [file, type] of cases) {
      const r = await fetch(`${url}/docs/openapi/${file}`);
      assert.equal(r.status, 200, file);
      assert.equal(r.headers.get('content-type'), type, file);
      assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(r.headers.get('cache-control'), 'public, max-age=3600', `${file} without a version is revalidated`);
      assert.ok(Buffer.from(await r.arrayBuffer()).equals(readFileSync(join(dist, file))), file);
      const cached = await fetch(`${url}/docs/openapi/${file}?v=${version}`, {
        headers: { 'if-none-match': r.headers.get('etag') ?? '' },
      });
      assert.equal(cached.status, 304, file);
      assert.equal(cached.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    }
    const head = await fetch(`${url}/docs/openapi/swagger-ui.css`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
  });
});

test("the package's own initializer (which loads the Petstore from the internet) and other files are not served", async () => {
  await serve('docs/openapi', async (url) => {
    const init = await (await fetch(`${url}/docs/openapi/swagger-initializer.js`)).text();
    assert.doesNotMatch(init, /petstore|https?:/i);
    assert.match(init, /validatorUrl: null/);
    for (const file of [
      'package.json',
      'index.js',
      'absolute-path.js',
      'README.md',
      'swagger-ui-bundle.js.LICENSE.txt',
      'nope.js',
      'a/b.js',
    ]) {
      assert.equal((await fetch(`${url}/docs/openapi/${file}`)).status, 404, file);
    }
    // fetch would resolve the dot segments itself; a raw request sends them as they are.
    const port = Number(new URL(url).port);
    for (const target of [
      '/docs/openapi/../../package.json',
      '/docs/openapi/%2e%2e/%2e%2e/package.json',
      '/docs/openapi/..%2fpackage.json',
    ]) {
      const { response } = await RawConnection.exchange(
        port,
        rawRequest('GET', target, { host: 'localhost', connection: 'close' }),
      );
      assert.equal(response.status, 400, target);
    }
    assert.equal((await fetch(`${url}/docs/other`)).status, 404);
    assert.equal((await fetch(`${url}/docs/openapi/openapi.json`, { method: 'POST' })).status, 405);
  });
});

test('any prefix: nested, or the root', async () => {
  await serve('/api/v1/docs/', async (url) => {
    assert.equal((await fetch(`${url}/api/v1/docs/openapi.json`)).status, 200);
    assert.match(await (await fetch(`${url}/api/v1/docs`)).text(), /src="docs\/swagger-ui-bundle\.js/);
  });
  await serve('', async (url) => {
    assert.match(await (await fetch(`${url}/`)).text(), /src="\.\/swagger-ui-bundle\.js/);
    assert.equal((await fetch(`${url}/openapi.json`)).status, 200);
  });
  assert.throws(() => DocsUI.routes('docs/../x', api), /bad path prefix/);
});

test('the served document lists the page’s own server first; one without servers, or with this one first, is served as it is', async () => {
  const withServers = OpenAPI.fromDocument({
    ...api.document,
    servers: [
      {
        url: 'https://{region}.example.com/{version}/',
        variables: { region: { default: 'eu' }, version: { default: 'v1', enum: ['v1', 'v2'] } },
      },
      { url: 'https://staging.example.com/v1' },
    ],
  });
  assert.equal(withServers._tag, 'right');
  const served = async (docs: Routes) => {
    const server = await startServer(docs);
    try {
      return ((await (await fetch(`${server.url}/docs/openapi.json`)).json()) as { servers?: unknown[] }).servers;
    } finally {
      await server.shutdown();
    }
  };
  const document = (withServers as { right: typeof api }).right;
  assert.deepEqual(await served(DocsUI.routes('docs', document)), [
    {
      url: '/{version}',
      description: 'This server (where these docs are served)',
      variables: { version: { default: 'v1', enum: ['v1', 'v2'] } },
    },
    ...document.document.servers!,
  ]);
  assert.deepEqual(
    await served(DocsUI.routes('docs', api)),
    [{ url: '/' }],
    'a first server on this origin already is left as it is',
  );
  const none = OpenAPI.fromDocument({ ...api.document, servers: undefined });
  assert.equal(
    await served(DocsUI.routes('docs', (none as { right: typeof api }).right)),
    undefined,
    'no servers: Swagger UI calls the page’s origin',
  );
});
