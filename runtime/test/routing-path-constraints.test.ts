// Path parameters beyond the basic codecs: `PathCodec.number` (JSON Schema's `number`) and
// `PathCodec#constrain` (an `enum`, bounds, lengths, a `pattern`), over the wire through an
// endpoint: a segment that breaks them answers 400 naming the parameter and what it expects; the
// handler gets the typed value; OpenAPI shows the keywords; the router tries numbers after
// integers and before text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, OpenAPIGen, PathCodec, RoutePattern, Routes, Schema, Server } from '@kitgen/runtime';

const level = Endpoint(RoutePattern.GET('levels', PathCodec.number('level'))).out(Schema.Number());
const account = Endpoint(RoutePattern.GET('accounts', PathCodec.integer('id'))).out(Schema.Number());
const sensor = Endpoint(
  RoutePattern.GET(
    'sensors',
    PathCodec.string('kind').constrain({ enum: ['tide', 'rain'] }),
    PathCodec.int('year').constrain({ minimum: 1900, exclusiveMaximum: 2100 }),
    PathCodec.string('code').constrain({ minLength: 2, maxLength: 4, pattern: '^[a-z]+$' }),
  ),
).out(Schema.String());

async function withServer(
  run: (get: (path: string) => Promise<{ status: number; body: string }>) => Promise<void>,
): Promise<void> {
  const server = Server.defaultWith((c) => c.binding('127.0.0.1', 0));
  const routes = Routes(
    level.implement((n) => n * 2),
    account.implement((id) => id),
    sensor.implement(([kind, year, code]) => {
      // The enum narrows the type: a value outside it does not type-check.
      const k: 'tide' | 'rain' = kind;
      return `${k} ${year + 1} ${code}`;
    }),
  );
  const port = await Server.install(routes, server);
  try {
    await run(async (path) => {
      const r = await fetch(`http://127.0.0.1:${port}${path}`);
      return { status: r.status, body: await r.text() };
    });
  } finally {
    await server.shutdown();
  }
}

test('PathCodec.number reads finite decimal numbers and refuses other text', async () => {
  await withServer(async (get) => {
    for (const [text, doubled] of [
      ['2.5', 5],
      ['-4', -8],
      ['.5', 1],
      ['1e3', 2000],
      ['-0', 0],
    ] as const) {
      const r = await get(`/levels/${text}`);
      assert.equal(r.status, 200, `${text}: ${r.body}`);
      assert.equal(JSON.parse(r.body), doubled, text);
    }
    for (const text of ['abc', 'NaN', 'Infinity', '1e999', '0x1f', '1,5', '+', '1.2.3']) {
      const r = await get(`/levels/${text}`);
      assert.equal(r.status, 400, text);
      assert.deepEqual(JSON.parse(r.body), {
        error: 'Bad Request',
        message: `path parameter 'level': expected a number, got '${text}'`,
        in: 'path',
        parameter: 'level',
        expected: 'a number',
      });
    }
  });
});

test('PathCodec.integer reads any safe integer (ids past 2^31), and refuses fractions and what a number cannot hold exactly', async () => {
  await withServer(async (get) => {
    for (const id of [0, 7, -12, 2147483648, 4294967296, 9007199254740991]) {
      const r = await get(`/accounts/${id}`);
      assert.equal(r.status, 200, `${id}: ${r.body}`);
      assert.equal(JSON.parse(r.body), id);
    }
    for (const text of ['1.5', '9007199254740993', '1e3', 'abc', '0x10']) {
      const r = await get(`/accounts/${text}`);
      assert.equal(r.status, 400, text);
      assert.equal((JSON.parse(r.body) as { expected: string }).expected, 'an integer', text);
    }
  });
});

test('PathCodec#constrain holds a value to its enum, bounds, lengths and pattern', async () => {
  await withServer(async (get) => {
    const ok = await get('/sensors/rain/1999/abc');
    assert.equal(ok.status, 200, ok.body);
    assert.equal(JSON.parse(ok.body), 'rain 2000 abc');
    for (const [path, message] of [
      ['/sensors/snow/1999/abc', "path parameter 'kind': expected one of tide, rain, got 'snow'"],
      [
        '/sensors/tide/1899/abc',
        "path parameter 'year': expected a 32-bit integer, at least 1900, below 2100, got '1899'",
      ],
      [
        '/sensors/tide/2100/abc',
        "path parameter 'year': expected a 32-bit integer, at least 1900, below 2100, got '2100'",
      ],
      [
        '/sensors/tide/2000/a',
        "path parameter 'code': expected a non-empty text, at least 2 characters, at most 4 characters, matching /^[a-z]+$/, got 'a'",
      ],
      [
        '/sensors/tide/2000/abcde',
        "path parameter 'code': expected a non-empty text, at least 2 characters, at most 4 characters, matching /^[a-z]+$/, got 'abcde'",
      ],
      [
        '/sensors/tide/2000/ab1',
        "path parameter 'code': expected a non-empty text, at least 2 characters, at most 4 characters, matching /^[a-z]+$/, got 'ab1'",
      ],
    ] as const) {
      const r = await get(path);
      assert.equal(r.status, 400, path);
      assert.equal((JSON.parse(r.body) as { message: string }).message, message);
    }
  });
});

test('OpenAPI shows a number path parameter and the keywords of a constrained one', () => {
  const doc = OpenAPIGen.fromEndpoints('t', '1', level, sensor).document as {
    paths: Record<string, { get: { parameters: Array<{ name: string; schema: unknown }> } }>;
  };
  assert.deepEqual(doc.paths['/levels/{level}'].get.parameters[0].schema, { type: 'number' });
  const params = doc.paths['/sensors/{kind}/{year}/{code}'].get.parameters;
  assert.deepEqual(
    params.map((p) => [p.name, p.schema]),
    [
      ['kind', { type: 'string', enum: ['tide', 'rain'] }],
      ['year', { type: 'integer', format: 'int32', minimum: 1900, exclusiveMaximum: 2100 }],
      ['code', { type: 'string', minLength: 2, maxLength: 4, pattern: '^[a-z]+$' }],
    ],
  );
});

test('the router tries an integer parameter before a number one, and a number one before text', async () => {
  const byInt = Endpoint(RoutePattern.GET('x', PathCodec.int('n'))).out(Schema.String());
  const byNumber = Endpoint(RoutePattern.GET('x', PathCodec.number('n'))).out(Schema.String());
  const byText = Endpoint(RoutePattern.GET('x', PathCodec.string('n'))).out(Schema.String());
  const server = Server.defaultWith((c) => c.binding('127.0.0.1', 0));
  const port = await Server.install(
    Routes(
      byText.implement(() => 'text'),
      byNumber.implement(() => 'number'),
      byInt.implement(() => 'int'),
    ),
    server,
  );
  try {
    for (const [segment, expected] of [
      ['7', 'int'],
      ['7.5', 'number'],
      ['seven', 'text'],
    ]) {
      const r = await fetch(`http://127.0.0.1:${port}/x/${segment}`);
      assert.equal(JSON.parse(await r.text()), expected, segment);
    }
  } finally {
    await server.shutdown();
  }
});
