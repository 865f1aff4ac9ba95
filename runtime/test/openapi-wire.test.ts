// The generated document describes what actually goes over the wire: real answers of a kitgen
// server (default CodecConfig, and a Name-discriminator/snake_case one) are put into the document
// as examples of the response they claim to be, and Redocly (ajv underneath) checks each against
// its schema with additional properties forbidden. Statuses, media types and required headers
// must be documented too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CodecConfig,
  DiscriminatorSetting,
  Either,
  JsonCodec,
  NameFormat,
  OpenAPIGen,
  Routes,
  Schema,
  type HttpMethodName,
  type OpenAPI,
  type ResponseObject,
} from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';
import {
  createUser,
  custom,
  eitherOut,
  getUser,
  listUsers,
  raw,
  replacePet,
  responses,
  streams,
  transformed,
  tree,
  upload,
} from './fixtures/openapi/everyOperation.ts';
import { describe, redoclyLint } from './fixtures/openapi/referees.ts';

const ada = { id: 1, name: 'Ada', tags: [] as string[], createdAt: '2026-11-21T10:00:00Z' };
const basic = `Basic ${Buffer.from('ada:pw').toString('base64')}`;

function routes(): Routes {
  return Routes(
    listUsers.implement(() => [[ada, { ...ada, id: 2, email: 'b@example.org', tags: ['x'] }], 2]),
    getUser.implement(([id]) => (id === 1 ? ada : getUser.fail({ message: 'no such user' }))),
    createUser.implement((u) => {
      if (u.name === 'queue') return Either.left({ queued: true });
      if (u.name === 'taken') throw createUser.fail(Either.right({ existing: 7 }));
      return Either.right([{ ...ada, id: 2, name: u.name }, '/users/2'] as [typeof ada, string]);
    }),
    replacePet.implement(([, , , , pet]) =>
      pet.type === 'Cat' ? { type: 'Dog' as const, bark: 'woof', weight: undefined } : { unchanged: true },
    ),
    raw.implement(([, bytes]) => ({
      name: 'b',
      data: bytes,
      size: BigInt(bytes.byteLength) + 4611686018427387904n,
      color: 'green' as const,
      note: null,
      point: [1.5, 2] as [number, number],
      counts: { a: 1 },
      level: 3,
    })),
    tree.implement((t) =>
      t.value === 0
        ? Either.left({ offset: 0, limit: 5 })
        : Either.right({ value: t.value + 1, children: [{ value: 1, children: [] }] }),
    ),
    custom.implement(([name]) =>
      name === 'missing'
        ? custom.fail({ status: 404, body: { message: 'gone' } })
        : name === 'later'
          ? Either.right({ message: 'later' })
          : Either.left([{ offset: 1, limit: 2 }, 'req-9'] as [{ offset: number; limit: number }, string]),
    ),
    responses.implement(([, page]) =>
      page.limit === 0 ? { status: 204 } : { status: 200, body: page, headers: { rate: 10 } },
    ),
    transformed.implement((uid) => (uid.value === 0 ? transformed.fail(new Error('zero')) : `user ${uid.value}`)),
    eitherOut.implement(() => Either.right({ offset: 3, limit: 4 })),
    upload.implement(([, , , count, , file]) => [{ size: file.byteLength * count }, new Date('2026-11-21T10:00:00Z')]),
    streams.implement(async function* (items) {
      for await (const item of items) yield { n: item.n * 2 };
    }),
  );
}

interface Call {
  readonly method: HttpMethodName;
  readonly path: string;
  readonly template: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Uint8Array | FormData;
}

const json = { 'content-type': 'application/json' };
const calls: Call[] = [
  {
    method: 'get',
    path: '/orgs/acme/users?ids=1&names=a%20b&codes=1|2&age[min]=1&age[max]=3',
    template: '/orgs/{org}/users',
  },
  { method: 'get', path: '/orgs/acme/users?names=a&codes=1&age[min]=1&age[max]=3', template: '/orgs/{org}/users' },
  { method: 'get', path: '/users/1', template: '/users/{id}', headers: { authorization: basic } },
  { method: 'get', path: '/users/2', template: '/users/{id}', headers: { authorization: basic } },
  { method: 'get', path: '/users/x', template: '/users/{id}', headers: { authorization: basic } },
  {
    method: 'post',
    path: '/users',
    template: '/users',
    headers: { ...json, authorization: 'Bearer t' },
    body: '{"name":"Bo"}',
  },
  {
    method: 'post',
    path: '/users',
    template: '/users',
    headers: { ...json, authorization: 'Bearer t' },
    body: '{"name":"queue"}',
  },
  {
    method: 'post',
    path: '/users',
    template: '/users',
    headers: { ...json, authorization: 'Bearer t' },
    body: '{"name":"taken"}',
  },
  { method: 'post', path: '/users', template: '/users', headers: json, body: '{"name":"Bo"}' },
  {
    method: 'post',
    path: '/users',
    template: '/users',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer t' },
    body: 'name=Cy',
  },
  {
    method: 'put',
    path: '/blobs/a/b',
    template: '/blobs/{path}',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array([0, 1, 2]),
  },
  { method: 'get', path: '/custom/x?q=1', template: '/custom/{name}' },
  { method: 'get', path: '/custom/later', template: '/custom/{name}', headers: { 'x-q': 'y' } },
  { method: 'get', path: '/custom/missing?q=1', template: '/custom/{name}' },
  { method: 'get', path: '/t/5', template: '/t/{id}' },
  { method: 'get', path: '/t/0', template: '/t/{id}' },
  { method: 'get', path: '/either', template: '/either' },
  { method: 'post', path: '/files/true', template: '/files/{public}', body: form() },
];

function form(): FormData {
  const f = new FormData();
  f.append('description', 'a photo');
  f.append('count', '2');
  f.append('meta', new Blob(['{"title":"Sunset"}'], { type: 'application/json' }));
  f.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'p.png');
  return f;
}

/** Calls that depend on the config's JSON form (tagged unions, snake_case fields). */
function configCalls(config: CodecConfig): Call[] {
  const name = config.discriminatorSettings.kind === 'Name';
  const cat = name ? '{"kind":"cat","lives":9}' : '{"Cat":{"lives":9}}';
  const dog = name ? '{"kind":"dog","bark":"x"}' : '{"Dog":{"bark":"x"}}';
  const key = '0b9e8b3c-1f7e-4bb4-9d3a-4a7f3d6f9a10';
  const pet = { 'if-match': '"1"', authorization: 'Bearer t', ...json };
  return [
    { method: 'put', path: `/pets/${key}`, template: '/pets/{key}', headers: pet, body: cat },
    { method: 'put', path: `/pets/${key}`, template: '/pets/{key}', headers: pet, body: dog },
    { method: 'post', path: '/trees', template: '/trees', headers: json, body: '{"value":1,"children":[]}' },
    { method: 'post', path: '/trees', template: '/trees', headers: json, body: '{"value":0,"children":[]}' },
    { method: 'patch', path: `/pets/${key}`, template: '/pets/{key}', headers: json, body: '{"offset":1,"limit":2}' },
    { method: 'patch', path: `/pets/${key}`, template: '/pets/{key}', headers: json, body: '{"offset":1,"limit":0}' },
    { method: 'post', path: '/events', template: '/events', headers: json, body: '[{"n":1},{"n":2}]' },
  ];
}

/** Runs the calls, records each answer in the document as an example, and returns what was checked. */
async function record(doc: OpenAPI, url: string, list: Call[]): Promise<number> {
  let checked = 0;
  for (const [i, c] of list.entries()) {
    const r = await fetch(url + c.path, { method: c.method.toUpperCase(), headers: c.headers, body: c.body });
    const where = `${c.method.toUpperCase()} ${c.path} → ${r.status}`;
    const op = doc.document.paths?.[c.template]?.[c.method];
    assert.ok(op, `${where}: operation not documented`);
    const response = op.responses?.[String(r.status)] as ResponseObject | undefined;
    assert.ok(response, `${where}: status not documented (has ${Object.keys(op.responses ?? {}).join(', ')})`);
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if ('required' in header && header.required)
        assert.ok(r.headers.has(name), `${where}: required header ${name} missing`);
    }
    const text = await r.text();
    if (text === '') {
      assert.equal(response.content, undefined, `${where}: documented with a body but none came`);
      continue;
    }
    const mediaType = (r.headers.get('content-type') ?? '').split(';')[0];
    const media = response.content?.[mediaType];
    assert.ok(media, `${where}: media type ${mediaType} not documented`);
    if (mediaType !== 'application/json') continue;
    // A stream sent as newline-delimited JSON: each line is one value of the documented schema.
    const values = media['x-kitgen-stream'] && !text.startsWith('[') ? text.trim().split('\n') : [text];
    values.forEach((v, j) => (media.examples = { ...media.examples, [`wire${i}-${j}`]: { value: JSON.parse(v) } }));
    checked++;
  }
  return checked;
}

for (const [label, config] of [
  ['default config', CodecConfig.default],
  [
    'Name discriminator, snake_case fields, no explicit nulls, streams as arrays',
    CodecConfig({
      discriminatorSettings: DiscriminatorSetting.Name('kind', NameFormat.SnakeCase),
      fieldNameFormat: NameFormat.SnakeCase,
      explicitNulls: CodecConfig.ExplicitConfig(false, false),
      treatStreamsAsArrays: true,
    }),
  ],
] as const) {
  for (const openapi of ['3.1.0', '3.0.3'] as const) {
    test(`${openapi}, ${label}: real answers match the documented statuses, media types, headers and schemas`, async () => {
      const doc = OpenAPIGen.fromEndpoints(
        { title: 'Wire', version: '1.0.0', openapi, codecConfig: config },
        listUsers,
        getUser,
        createUser,
        replacePet,
        raw,
        tree,
        custom,
        responses,
        transformed,
        eitherOut,
        streams,
        upload,
      );
      const server = await startServer(routes().pipe(CodecConfig.withConfig(config)), (c) =>
        c.enableRequestStreaming(),
      );
      let checked: number;
      try {
        checked = await record(doc, server.url, [...calls, ...configCalls(config)]);
      } finally {
        await server.shutdown();
      }
      assert.ok(checked >= 18, `only ${checked} JSON answers checked`);
      const problems = await redoclyLint(doc.toJson(), {
        'no-invalid-media-type-examples': { severity: 'error', allowAdditionalProperties: false },
      });
      const wrong = problems.filter((p) => p.rule === 'no-invalid-media-type-examples' || p.severity === 'error');
      assert.deepEqual(wrong, [], describe(wrong));
    });
  }
}

test('an int64 field inside a Schema.Cyclic goes out as JSON digits, as documented (integer/int64)', () => {
  const T = Schema.Cyclic({ N: Schema.Object({ v: Schema.Int64(), next: Schema.Optional(Schema.Ref('N')) }) }, 'N');
  const codec = JsonCodec.schemaBasedBinaryCodec(T);
  // The absent `next` admits no null: it stays absent (this test once asserted `"next":null`, which the document forbids).
  assert.equal(codec.encodeToString({ v: 5n }), '{"v":5}');
  const back = codec.decodeString('{"v":9223372036854775807,"next":{"v":-9223372036854775808}}');
  assert.deepEqual(back._tag === 'right' && back.right, {
    v: 9223372036854775807n,
    next: { v: -9223372036854775808n },
  });
});
