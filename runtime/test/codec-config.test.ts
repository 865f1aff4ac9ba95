// CodecConfig over the wire: each of the six options, both halves, global and per routes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Endpoint,
  RoutePattern,
  Schema,
  Routes,
  CodecConfig,
  DiscriminatorSetting,
  NameFormat,
  JsonCodec,
  type Route,
  type TSchema,
} from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

async function serve(routes: Routes, fn: (url: string) => Promise<void>): Promise<void> {
  const server = await startServer(routes);
  try {
    await fn(server.url);
  } finally {
    await server.shutdown();
  }
}

async function fromAsync<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const Profile = Schema.Object({
  firstName: Schema.String(),
  nickName: Schema.Optional(Schema.String()),
  alias: Schema.Optional(Schema.Union([Schema.String(), Schema.Null()])),
  middleName: Schema.Union([Schema.String(), Schema.Null()]),
  tags: Schema.Array(Schema.String()),
});
const Shape = Schema.TaggedUnion({
  Circle: Schema.Object({ radius: Schema.Number() }),
  Square: Schema.Object({ side: Schema.Number() }),
});

function echoRoute(schema: TSchema, path: string): Route {
  return Endpoint(RoutePattern.POST(path))
    .in(schema)
    .out(schema)
    .implement((v) => v);
}

test('rejectExtraFields: off drops unknown fields, on answers 400 naming the field', async () => {
  const routes = Routes(echoRoute(Profile, 'lenient')).concat(
    Routes(echoRoute(Profile, 'strict')).pipe(CodecConfig.withConfig(CodecConfig({ rejectExtraFields: true }))),
  );
  await serve(routes, async (url) => {
    const input = { firstName: 'Ada', middleName: null, tags: [], admin: true };
    const lenient = await post(`${url}/lenient`, input);
    assert.equal(lenient.status, 200);
    assert.equal('admin' in ((await lenient.json()) as object), false);
    const strict = await post(`${url}/strict`, input);
    assert.equal(strict.status, 400);
    const body = (await strict.json()) as Record<string, string>;
    assert.equal(body.pointer, '/admin');
    assert.match(body.message, /unexpected field "admin"/);
  });
});

test('explicitNulls and explicitEmptyCollections: encoding writes them by default (null only where admitted, absent stays absent), decoding fills them when on', async () => {
  const off = CodecConfig({
    explicitNulls: CodecConfig.ExplicitConfig(false, true),
    explicitEmptyCollections: CodecConfig.ExplicitConfig(false, true),
  });
  const routes = Routes(echoRoute(Profile, 'default')).concat(
    Routes(echoRoute(Profile, 'custom')).pipe(CodecConfig.withConfig(off)),
  );
  await serve(routes, async (url) => {
    const d = await post(`${url}/default`, { firstName: 'Ada', middleName: null, tags: [] });
    // Absent stays absent: the absent nullable `alias` is not written, nor the absent `nickName`.
    assert.deepEqual(await d.json(), { firstName: 'Ada', middleName: null, tags: [] });
    // A null the value holds (a None) is written as null where the schema admits it.
    const given = await post(`${url}/default`, { firstName: 'Ada', alias: null, middleName: null, tags: [] });
    assert.deepEqual(await given.json(), { firstName: 'Ada', alias: null, middleName: null, tags: [] });
    // With encoding off, nulls are left out.
    const quiet = await post(`${url}/custom`, { firstName: 'Ada', alias: null, tags: ['x'] });
    assert.deepEqual(await quiet.json(), { firstName: 'Ada', tags: ['x'] });
    // Defaults: decoding does not fill missing nullable/collection fields, so they are missing.
    const missing = await post(`${url}/default`, { firstName: 'Ada' });
    assert.equal(missing.status, 400);
    const c = await post(`${url}/custom`, { firstName: 'Ada' });
    assert.equal(c.status, 200);
    // Decoded as middleName: null and tags: [] — then not written back (encoding off).
    assert.deepEqual(await c.json(), { firstName: 'Ada' });
  });
});

test('fieldNameFormat maps names both ways', async () => {
  for (const [format, wire] of [
    [NameFormat.SnakeCase, 'first_name'],
    [NameFormat.KebabCase, 'first-name'],
    [NameFormat.PascalCase, 'FirstName'],
    [NameFormat.CamelCase, 'firstName'],
    [NameFormat.Identity, 'firstName'],
  ] as const) {
    const routes = Routes(echoRoute(Profile, 'p')).pipe(
      CodecConfig.withConfig(CodecConfig({ fieldNameFormat: format })),
    );
    await serve(routes, async (url) => {
      const r = await post(`${url}/p`, {
        [wire]: 'Ada',
        [NameFormat.apply(format, 'middleName')]: null,
        [NameFormat.apply(format, 'tags')]: ['x'],
      });
      assert.equal(r.status, 200, String(format));
      const body = (await r.json()) as Record<string, unknown>;
      assert.equal(body[wire], 'Ada', String(format));
    });
  }
});

test('discriminatorSettings: class-name wrapper by default, a named field on request', async () => {
  const routes = Routes(echoRoute(Shape, 'wrapped')).concat(
    Routes(echoRoute(Shape, 'named')).pipe(
      CodecConfig.withConfig(
        CodecConfig({ discriminatorSettings: DiscriminatorSetting.Name('kind', NameFormat.KebabCase) }),
      ),
    ),
  );
  await serve(routes, async (url) => {
    const w = await post(`${url}/wrapped`, { Circle: { radius: 2 } });
    assert.deepEqual(await w.json(), { Circle: { radius: 2 } });
    assert.equal((await post(`${url}/wrapped`, { Triangle: {} })).status, 400);
    const n = await post(`${url}/named`, { kind: 'square', side: 3 });
    assert.deepEqual(await n.json(), { kind: 'square', side: 3 });
  });
  const codec = JsonCodec.schemaBasedBinaryCodec(
    Shape,
    CodecConfig({ discriminatorSettings: DiscriminatorSetting.NoDiscriminator }),
  );
  const decoded = codec.decodeString('{"side":4}');
  assert.deepEqual(decoded._tag === 'right' && decoded.right, { type: 'Square', side: 4 });
});

test('treatStreamsAsArrays: NDJSON by default, one JSON array when on', async () => {
  const Item = Schema.Object({ n: Schema.Integer() });
  async function* items() {
    yield { n: 1 };
    yield { n: 2 };
  }
  const collect = async (it: AsyncIterable<Uint8Array>) => Buffer.concat(await fromAsync(it)).toString();
  assert.equal(await collect(JsonCodec.schemaBasedBinaryCodec(Item).streamEncoder(items())), '{"n":1}\n{"n":2}\n');
  const arrays = JsonCodec.schemaBasedBinaryCodec(Item, CodecConfig({ treatStreamsAsArrays: true }));
  const text = await collect(arrays.streamEncoder(items()));
  assert.equal(text, '[{"n":1},{"n":2}]');
  const back = await fromAsync(
    arrays.streamDecoder(
      (async function* () {
        yield new TextEncoder().encode(text);
      })(),
    ),
  );
  assert.deepEqual(back, [{ n: 1 }, { n: 2 }]);
});

test('configLayer sets the global config; withConfig on routes wins over it', async () => {
  const before = CodecConfig.current();
  try {
    CodecConfig.configLayer(CodecConfig({ fieldNameFormat: NameFormat.SnakeCase }));
    const routes = Routes(echoRoute(Profile, 'global')).concat(
      Routes(echoRoute(Profile, 'local')).pipe(
        CodecConfig.withConfig(CodecConfig({ fieldNameFormat: NameFormat.KebabCase })),
      ),
    );
    await serve(routes, async (url) => {
      const g = await post(`${url}/global`, { first_name: 'A', middle_name: null, tags: [] });
      assert.ok('first_name' in ((await g.json()) as object));
      const l = await post(`${url}/local`, { 'first-name': 'A', 'middle-name': null, tags: [] });
      assert.ok('first-name' in ((await l.json()) as object));
    });
  } finally {
    CodecConfig.configLayer(before);
  }
});

test('JSON decoding never pollutes prototypes through __proto__ or constructor keys', async () => {
  const Bag = Schema.Object({ name: Schema.String(), extra: Schema.Record(Schema.String(), Schema.Unknown()) });
  const routes = Routes(
    Endpoint(RoutePattern.POST('bag'))
      .in(Bag)
      .out(Schema.Unknown())
      .implement((b) => {
        const merged: Record<string, unknown> = {};
        Object.assign(merged, b, b.extra);
        return {
          polluted: ({} as Record<string, unknown>).polluted ?? null,
          proto: Object.getPrototypeOf(merged) === Object.prototype,
          keys: Object.keys(b.extra),
        };
      }),
  );
  await serve(routes, async (url) => {
    // Keys that reach Object.prototype are refused with a 400 naming them, at any depth (as Fastify does).
    for (const [body, pointer] of [
      ['{"name":"x","__proto__":{"polluted":true},"extra":{"ok":1}}', '/__proto__'],
      ['{"name":"x","extra":{"__proto__":{"polluted":true},"ok":1}}', '/extra/__proto__'],
      ['{"name":"x","extra":{"constructor":{"prototype":{"polluted":true}},"ok":1}}', '/extra/constructor/prototype'],
    ]) {
      const refused = await post(`${url}/bag`, body);
      assert.equal(refused.status, 400, body);
      const answer = (await refused.json()) as Record<string, string>;
      assert.equal(answer.pointer, pointer, body);
      assert.match(answer.message, /is refused/, body);
    }
    const r = await post(`${url}/bag`, '{"name":"x","extra":{"constructor":{"polluted":true},"ok":1}}');
    assert.equal(r.status, 200);
    assert.deepEqual(await r.json(), { polluted: null, proto: true, keys: ['constructor', 'ok'] });
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});

test('int64 fields survive JSON exactly', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(Schema.Object({ id: Schema.Int64(), label: Schema.String() }));
  const text = codec.encodeToString({ id: 9223372036854775807n, label: '12345678901234567890' });
  assert.equal(text, '{"id":9223372036854775807,"label":"12345678901234567890"}');
  const back = codec.decodeString(text);
  assert.deepEqual(back._tag === 'right' && back.right, { id: 9223372036854775807n, label: '12345678901234567890' });
});

test('one route served under two configs in turn answers each in its own: the codec a body keeps follows the config', async () => {
  // The same route value (the same body nodes) in two servers, one with kebab-case names: requests
  // alternate between them, so a codec kept from the previous request must never be reused across configs.
  const route = echoRoute(Profile, 'p');
  const plain = await startServer(Routes(route));
  const kebab = await startServer(
    Routes(route).pipe(CodecConfig.withConfig(CodecConfig({ fieldNameFormat: NameFormat.KebabCase }))),
  );
  try {
    for (let i = 0; i < 3; i++) {
      const a = await post(`${plain.url}/p`, { firstName: 'Ada', middleName: null, tags: ['x'] });
      assert.equal(a.status, 200);
      assert.deepEqual(await a.json(), { firstName: 'Ada', middleName: null, tags: ['x'] });
      const b = await post(`${kebab.url}/p`, { 'first-name': 'Ada', 'middle-name': null, tags: ['x'] });
      assert.equal(b.status, 200);
      assert.deepEqual(await b.json(), { 'first-name': 'Ada', 'middle-name': null, tags: ['x'] });
      // A body in the other config's names is wrong in this one: plain names on the kebab server are missing fields.
      const wrong = await post(`${kebab.url}/p`, { firstName: 'Ada', middleName: null, tags: [] });
      assert.equal(wrong.status, 400);
    }
  } finally {
    await plain.shutdown();
    await kebab.shutdown();
  }
});
