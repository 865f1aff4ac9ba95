// Cookie parameters (OpenAPI `in: cookie`): read from the Cookie header by the server (curl and
// fetch send them), sent in one Cookie header by the executor, described by OpenAPIGen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, EndpointExecutor, HttpCodec, OpenAPIGen, RoutePattern, Routes, Schema } from '@kitgen/runtime';
import { curl, hasCurl } from './support/curl.ts';
import { startServer } from './support/testServer.ts';

// What the handler saw; page -1 when the optional cookie was absent.
const Seen = Schema.Object({ session: Schema.String(), page: Schema.Integer() });
const session = HttpCodec.cookie('session', Schema.String({ minLength: 1 })).doc('The session id.');
const page = HttpCodec.cookie('page', Schema.Integer()).optional();
const whoami = Endpoint(RoutePattern.GET('whoami')).header(session).header(page).out(Seen);
const route = whoami.implement(([s, p]) => ({ session: s, page: p ?? -1 }));

async function withServer(fn: (url: string) => Promise<void>): Promise<void> {
  const server = await startServer(Routes(route));
  try {
    await fn(server.url);
  } finally {
    await server.shutdown();
  }
}

test('the server reads cookies from the Cookie header, typed; a missing or bad one answers 400 naming it', async () => {
  await withServer(async (url) => {
    const get = (cookie?: string) => fetch(`${url}/whoami`, cookie === undefined ? {} : { headers: { cookie } });
    assert.deepEqual(await (await get('session=abc; page=2')).json(), { session: 'abc', page: 2 });
    assert.deepEqual(
      await (await get('theme=dark;session=abc')).json(),
      { session: 'abc', page: -1 },
      'other cookies are ignored, optional ones may be absent',
    );
    assert.deepEqual(await (await get('session="quoted"')).json(), { session: 'quoted', page: -1 });
    assert.deepEqual(
      await (await get('session=a%20b%3Bc; session=second')).json(),
      { session: 'a b;c', page: -1 },
      'escapes decoded, the first of two kept',
    );
    const missing = await get('theme=dark');
    assert.equal(missing.status, 400);
    assert.match(((await missing.json()) as { message: string }).message, /cookie 'session': required but missing/);
    assert.equal((await get()).status, 400);
    const bad = await get('session=abc; page=two');
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { message: string }).message, /cookie 'page'/);
  });
});

test('curl -b sends cookies the server reads', async (t) => {
  if (!hasCurl()) return t.skip('curl not installed');
  await withServer(async (url) => {
    const r = await curl(['-b', 'session=from-curl; page=7', `${url}/whoami`]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout.toString()), { session: 'from-curl', page: 7 });
  });
});

test('the executor sends every cookie of the endpoint in one Cookie header, escaped, beside cookies it was given', async () => {
  await withServer(async (url) => {
    let sent: string | null = null;
    const call = EndpointExecutor.make({
      baseUrl: url,
      headers: { cookie: 'theme=dark' },
      fetch: (input, init) => {
        sent = new globalThis.Headers(init?.headers).get('cookie');
        return fetch(input, init);
      },
    });
    assert.deepEqual(await call(whoami, ['a b;c', 3]), { session: 'a b;c', page: 3 });
    assert.equal(sent, 'theme=dark; session=a%20b%3Bc; page=3');
    assert.deepEqual(await call(whoami, ['x', undefined]), { session: 'x', page: -1 });
    assert.equal(sent, 'theme=dark; session=x');
  });
});

test('OpenAPIGen describes cookies as parameters in: cookie', () => {
  const doc = OpenAPIGen.fromEndpoints('Cookies', '1.0.0', whoami).document;
  const params = (doc.paths?.['/whoami']?.get?.parameters ?? []) as unknown as Array<Record<string, unknown>>;
  assert.deepEqual(
    params.map((p) => [p.name, p.in, p.required ?? false]),
    [
      ['session', 'cookie', true],
      ['page', 'cookie', false],
    ],
  );
  assert.equal(params[0].description, 'The session id.');
});

test('a cookie codec cannot describe a response header', () => {
  assert.throws(
    () => Endpoint(RoutePattern.GET('x')).out(Seen).outHeader(session),
    /request cookie; declare a response cookie as a 'set-cookie' header/,
  );
});
