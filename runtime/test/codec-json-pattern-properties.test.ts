// An object with declared properties and `patternProperties` (OpenAPI 3.1, JSON Schema): a name a
// pattern declares is a field of the schema, not an extra one. It is kept, decoded and encoded
// through its pattern's schema and validated by it; only names neither declares are extra
// (dropped, or refused under `rejectExtraFields`). Over the wire, through an echoing endpoint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CodecConfig,
  Either,
  Endpoint,
  JsonCodec,
  RoutePattern,
  Routes,
  Schema,
  type Route,
  type TSchema,
} from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

// Names like `x-…` hold integers; `at_…` hold date-times, which the codec decodes into Dates.
const Labels = Schema.Unsafe<Record<string, unknown>>({
  type: 'object',
  properties: { name: { type: 'string' } },
  required: ['name'],
  patternProperties: { '^x-[a-z]+$': { type: 'integer' }, '^at_': Schema.DateTime() },
});

// The same fields as the allOf of two objects, the patterns in the second.
const Merged = Schema.Unsafe<Record<string, unknown>>({
  allOf: [
    { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    { type: 'object', patternProperties: { '^x-[a-z]+$': { type: 'integer' }, '^at_': Schema.DateTime() } },
  ],
});

/** Echoes the decoded value, saying which `at_` fields the handler saw as Dates. */
function echo(schema: TSchema, path: string): Route {
  return Endpoint(RoutePattern.POST(path))
    .in(schema)
    .out(Schema.Unsafe<unknown>({}))
    .implement((v) => {
      const value = v as Record<string, unknown>;
      const dates = Object.keys(value).filter((k) => value[k] instanceof Date);
      return { value, dates };
    });
}

async function withServer(fn: (url: string) => Promise<void>): Promise<void> {
  const routes = Routes(echo(Labels, 'lenient'), echo(Merged, 'merged')).concat(
    Routes(echo(Labels, 'strict')).pipe(CodecConfig.withConfig(CodecConfig({ rejectExtraFields: true }))),
  );
  const server = await startServer(routes);
  try {
    await fn(server.url);
  } finally {
    await server.shutdown();
  }
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const valid = { name: 'n', 'x-count': 3, at_start: '2026-01-02T03:04:05Z' };
const echoed = { name: 'n', 'x-count': 3, at_start: '2026-01-02T03:04:05.000Z' };

test('names a pattern declares reach the handler, decoded by their pattern, and go back out', async () => {
  await withServer(async (url) => {
    for (const path of ['lenient', 'strict', 'merged']) {
      // An undeclared `other` is dropped where extra fields are (`strict` refuses it: see below).
      const answer = await post(`${url}/${path}`, path === 'strict' ? valid : { ...valid, other: 1 });
      assert.equal(answer.status, 200, path);
      assert.deepEqual(await answer.json(), { value: echoed, dates: ['at_start'] }, path);
    }
  });
});

test('a value a pattern refuses answers 400 naming its pointer', async () => {
  await withServer(async (url) => {
    for (const path of ['lenient', 'strict', 'merged']) {
      const answer = await post(`${url}/${path}`, { name: 'n', 'x-count': 'three' });
      assert.equal(answer.status, 400, path);
      const body = (await answer.json()) as { pointer: string };
      assert.equal(body.pointer, '/x-count', path);
    }
  });
});

test('a name neither a property nor a pattern declares is extra: dropped, or refused under rejectExtraFields', async () => {
  await withServer(async (url) => {
    const dropped = await post(`${url}/lenient`, { ...valid, 'x-Upper': 1 });
    assert.equal(dropped.status, 200);
    assert.deepEqual(await dropped.json(), { value: echoed, dates: ['at_start'] });
    const refused = await post(`${url}/strict`, { ...valid, 'x-Upper': 1 });
    assert.equal(refused.status, 400);
    const body = (await refused.json()) as { pointer: string; message: string };
    assert.equal(body.pointer, '/x-Upper');
    assert.match(body.message, /unexpected field "x-Upper"/);
  });
});

test('a record whose values differ by name pattern decodes each value by its own pattern', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(
    Schema.Unsafe<Record<string, unknown>>({
      type: 'object',
      patternProperties: { '^n_': { type: 'integer' }, '^at_': Schema.DateTime() },
    }),
  );
  const decoded = codec.decodeString('{"n_1":1,"at_1":"2026-01-02T03:04:05Z","free":"kept"}');
  assert.ok(Either.isRight(decoded), JSON.stringify(decoded));
  const value = decoded.right;
  assert.equal(value.n_1, 1);
  assert.ok(value.at_1 instanceof Date);
  assert.equal(value.free, 'kept');
  assert.equal(codec.encodeToString(value), '{"n_1":1,"at_1":"2026-01-02T03:04:05.000Z","free":"kept"}');
});
