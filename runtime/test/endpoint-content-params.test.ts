// Parameters described by content (OpenAPI's `content` instead of `schema`): the whole value is
// one text of the media type, whatever the schema's type. Tested on the wire with fetch, so the
// texts are what any other client sends (`ids=[1,2]`, `label="a b"`, a JSON header and cookie),
// through the executor, and in the document OpenAPIGen writes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, EndpointExecutor, HttpCodec, OpenAPIGen, RoutePattern, Routes, Schema } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const json = { mediaType: 'application/json' };
const Context = Schema.Object({ tenant: Schema.String(), depth: Schema.Optional(Schema.Integer()) });
const Prefs = Schema.Object({ theme: Schema.Union([Schema.Literal('light'), Schema.Literal('dark')]) });
const ids = HttpCodec.query('ids', Schema.Array(Schema.Integer()), json);
const label = HttpCodec.query('label', Schema.String(), json).optional();
const since = HttpCodec.query('since', Schema.DateTime(), json).optional();
const limit = HttpCodec.query('limit', Schema.Integer({ minimum: 1 }), { mediaType: 'text/plain' }).optional();
const context = HttpCodec.header('x-context', Context, json);
const prefs = HttpCodec.cookie('prefs', Prefs, json).optional();

const Seen = Schema.Object({
  ids: Schema.Array(Schema.Integer()),
  label: Schema.String(),
  since: Schema.String(),
  limit: Schema.Integer(),
  tenant: Schema.String(),
  theme: Schema.String(),
});
const search = Endpoint(RoutePattern.GET('search'))
  .query(ids)
  .query(label)
  .query(since)
  .query(limit)
  .header(context)
  .header(prefs)
  .out(Seen);
const route = search.implement(([i, l, s, n, c, p]) => ({
  ids: i,
  label: l ?? '-',
  since: s instanceof Date ? s.toISOString() : '-',
  limit: n ?? 0,
  tenant: c.tenant,
  theme: p?.theme ?? '-',
}));

async function withServer(fn: (url: string) => Promise<void>): Promise<void> {
  const server = await startServer(Routes(route));
  try {
    await fn(server.url);
  } finally {
    await server.shutdown();
  }
}

const q = (params: Record<string, string | string[]>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const x of Array.isArray(v) ? v : [v]) s.append(k, x);
  return s.toString();
};

test('the server reads each content-described parameter as one text of its media type', async () => {
  await withServer(async (url) => {
    const r = await fetch(
      `${url}/search?${q({ ids: '[1,2,3]', label: '"a b, c"', since: '"2024-05-01T10:00:00.000Z"', limit: '5' })}`,
      {
        headers: {
          'x-context': '{"tenant":"acme","depth":2}',
          cookie: `prefs=${encodeURIComponent('{"theme":"dark"}')}`,
        },
      },
    );
    assert.equal(r.status, 200);
    assert.deepEqual(await r.json(), {
      ids: [1, 2, 3],
      label: 'a b, c',
      since: '2024-05-01T10:00:00.000Z',
      limit: 5,
      tenant: 'acme',
      theme: 'dark',
    });
    const minimal = await fetch(`${url}/search?ids=%5B%5D`, { headers: { 'x-context': '{"tenant":"t"}' } });
    assert.deepEqual(
      await minimal.json(),
      { ids: [], label: '-', since: '-', limit: 0, tenant: 't', theme: '-' },
      'optional ones may be absent',
    );
  });
});

test('bad content-described parameters answer 400 naming the parameter and what was expected; the server keeps serving', async () => {
  await withServer(async (url) => {
    const get = async (query: string, headers: Record<string, string> = { 'x-context': '{"tenant":"t"}' }) => {
      const r = await fetch(`${url}/search?${query}`, { headers });
      // The runtime's 400 body is `{ error, message, in, parameter, pointer?, expected }`.
      const body = (await r.json()) as { message: string } & Record<string, unknown>;
      return { status: r.status, message: body.message, details: body };
    };
    const notJson = await get(q({ ids: '1,2' }));
    assert.equal(notJson.status, 400);
    assert.match(notJson.message, /query parameter 'ids': invalid JSON/);
    assert.equal(notJson.details.parameter, 'ids');
    assert.equal(notJson.details.in, 'query');
    assert.doesNotMatch(notJson.message, /\n\s+at /, 'no stack trace');

    const wrongItem = await get(q({ ids: '[1,"x"]' }));
    assert.equal(wrongItem.status, 400);
    assert.match(wrongItem.message, /query parameter 'ids'/);
    assert.equal(wrongItem.details.pointer, '/1', 'the JSON pointer of the bad item');

    const twice = await get(q({ ids: ['[1]', '[2]'] }));
    assert.equal(twice.status, 400);
    assert.match(twice.message, /query parameter 'ids': sent 2 times/);

    const unquoted = await get(q({ ids: '[1]', label: 'plain' }));
    assert.equal(unquoted.status, 400, 'a JSON string parameter needs its quotes');
    assert.match(unquoted.message, /query parameter 'label': invalid JSON/);

    const text = await get(q({ ids: '[1]', limit: '0' }));
    assert.equal(text.status, 400, 'text/plain content is validated as the schema says');
    assert.match(text.message, /query parameter 'limit'/);

    const header = await get(q({ ids: '[1]' }), { 'x-context': 'tenant=t' });
    assert.equal(header.status, 400);
    assert.match(header.message, /header 'x-context': invalid JSON/);

    const cookie = await get(q({ ids: '[1]' }), {
      'x-context': '{"tenant":"t"}',
      cookie: 'prefs=%7B%22theme%22%3A%22blue%22%7D',
    });
    assert.equal(cookie.status, 400);
    assert.match(cookie.message, /cookie 'prefs'/);
    assert.equal(cookie.details.in, 'cookie');
    assert.equal(cookie.details.pointer, '/theme');

    const missing = await get('');
    assert.equal(missing.status, 400);
    assert.match(missing.message, /query parameter 'ids': required but missing/);

    assert.equal((await get(q({ ids: '[7]' }))).status, 200);
  });
});

test('the executor writes each value as its media type says, and reads the answer back', async () => {
  await withServer(async (url) => {
    let sent: { url: string; headers: globalThis.Headers } | undefined;
    const call = EndpointExecutor.make({
      baseUrl: url,
      fetch: (input, init) => {
        sent = { url: String(input), headers: new globalThis.Headers(init?.headers) };
        return fetch(input, init);
      },
    });
    const since = new Date('2024-05-01T10:00:00.000Z');
    const out = await call(search, [[4, 5], 'x&y "z"', since, 3, { tenant: 'acme', depth: 2 }, { theme: 'light' }]);
    assert.deepEqual(out, {
      ids: [4, 5],
      label: 'x&y "z"',
      since: since.toISOString(),
      limit: 3,
      tenant: 'acme',
      theme: 'light',
    });
    const query = new URL(sent!.url).searchParams;
    assert.equal(query.get('ids'), '[4,5]');
    assert.equal(query.get('label'), '"x&y \\"z\\""');
    assert.equal(query.get('since'), '"2024-05-01T10:00:00.000Z"');
    assert.equal(query.get('limit'), '3');
    assert.equal(sent!.headers.get('x-context'), '{"tenant":"acme","depth":2}');
    assert.equal(sent!.headers.get('cookie'), `prefs=${encodeURIComponent('{"theme":"light"}')}`);
    assert.deepEqual(await call(search, [[], undefined, undefined, undefined, { tenant: 't' }, undefined]), {
      ids: [],
      label: '-',
      since: '-',
      limit: 0,
      tenant: 't',
      theme: '-',
    });
    assert.equal(new URL(sent!.url).search, '?ids=%5B%5D', 'absent optional parameters are not sent');
  });
});

test('OpenAPIGen writes content-described parameters back as content', () => {
  const doc = OpenAPIGen.fromEndpoints('Content parameters', '1.0.0', search).document;
  const params = (doc.paths?.['/search']?.get?.parameters ?? []) as unknown as Array<Record<string, unknown>>;
  const byName = Object.fromEntries(params.map((p) => [p.name, p]));
  for (const [name, where, mediaType] of [
    ['ids', 'query', 'application/json'],
    ['label', 'query', 'application/json'],
    ['limit', 'query', 'text/plain'],
    ['x-context', 'header', 'application/json'],
    ['prefs', 'cookie', 'application/json'],
  ]) {
    const p = byName[name];
    assert.ok(p, `${name} is described`);
    assert.equal(p.in, where);
    assert.equal(p.schema, undefined, `${name}: content, not schema`);
    assert.deepEqual(Object.keys(p.content as object), [mediaType], name);
    assert.ok(
      (p.content as Record<string, { schema?: unknown }>)[mediaType].schema,
      `${name}: the content has the schema`,
    );
  }
  assert.deepEqual((byName.ids.content as Record<string, { schema: unknown }>)['application/json'].schema, {
    type: 'array',
    items: { type: 'integer' },
  });
});
