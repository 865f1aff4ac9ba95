// defineEndpoint (an Endpoint from plain data, as generated code writes it), routesFromHandlers
// and clientFromEndpoints (a handlers object and a client over a table of endpoints): the same
// endpoints as the builder chain, over the wire.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Endpoint,
  RoutePattern,
  PathCodec,
  HttpCodec,
  HeaderCodec,
  Schema,
  Responses,
  Routes,
  AuthType,
  OpenAPIGen,
  EndpointExecutor,
  EndpointError,
  Either,
  defineEndpoint,
  routesFromHandlers,
  clientFromEndpoints,
  type HandlerContext,
} from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const Pet = Schema.Object({ id: Schema.Integer(), name: Schema.String() }, { $id: 'Pet' });
const Problem = Schema.Object({ message: Schema.String() }, { $id: 'Problem' });
type Pet = { id: number; name: string };
type Problem = { message: string };

interface ListParams {
  owner: string;
  limit?: number;
  tags?: string[];
  traceId?: string;
}
type ListOutput = { status: 200; body: Pet[]; headers: { next?: string } } | { status: 204 };
type ListError = { status: 404; body: Problem };

const limitSchema = Schema.Unsafe<number>({ type: 'integer', minimum: 1 });
const tagsSchema = Schema.Unsafe<string[]>({ type: 'array', items: { type: 'string' } });
const textSchema = Schema.Unsafe<string>({ type: 'string' });
const petsSchema = Schema.Unsafe<Pet[]>({ type: 'array', items: Pet });

// The chain generated code wrote before, and the data it writes now: the same endpoint.
const listChain = Endpoint(RoutePattern.GET('owners', PathCodec.string('owner').doc('Who owns them'), 'pets'))
  .operationId('listPets')
  .summary('List pets')
  .doc('All of them')
  .tag('pets', 'owners')
  .deprecated()
  .auth(AuthType.Bearer)
  .query(HttpCodec.query('limit', limitSchema).optional().doc('At most'))
  .query(HttpCodec.query('tags', tagsSchema, { style: 'pipeDelimited', explode: false }).optional().deprecated())
  .header(HeaderCodec.name('X-Trace-Id', textSchema).optional())
  .transformIn<ListParams>(
    (v) => ({ owner: v[0], limit: v[1], tags: v[2], traceId: v[3] }),
    (p) => [p.owner, p.limit, p.tags, p.traceId],
  )
  .outCodec(
    Responses.of<ListOutput>({
      '200': {
        body: petsSchema,
        doc: 'A page',
        headers: { next: HeaderCodec.name('x-next', textSchema).optional().doc('The next page') },
      },
      '204': {},
    }),
  )
  .outErrorCodec(Responses.of<ListError>({ '404': { body: Problem, doc: 'No such owner' } }));

const listPets = defineEndpoint<[string], [ListParams], ListError, [ListOutput], 'Bearer'>({
  method: 'GET',
  path: ['owners', { param: 'owner', codec: 'string', prop: 'owner', doc: 'Who owns them' }, 'pets'],
  operationId: 'listPets',
  summary: 'List pets',
  description: 'All of them',
  tags: ['pets', 'owners'],
  deprecated: true,
  auth: 'Bearer',
  parameters: [
    { in: 'query', name: 'limit', prop: 'limit', schema: limitSchema, optional: true, doc: 'At most' },
    {
      in: 'query',
      name: 'tags',
      prop: 'tags',
      schema: tagsSchema,
      optional: true,
      style: 'pipeDelimited',
      explode: false,
      deprecated: true,
    },
    { in: 'header', name: 'X-Trace-Id', prop: 'traceId', schema: textSchema, optional: true },
  ],
  outputs: {
    '200': {
      body: petsSchema,
      doc: 'A page',
      headers: { next: { name: 'x-next', schema: textSchema, optional: true, doc: 'The next page' } },
    },
    '204': {},
  },
  errors: { '404': { body: Problem, doc: 'No such owner' } },
});

interface UploadParams {
  id: number;
  body: { file: Uint8Array; note: string };
}
const uploadChain = Endpoint(RoutePattern.POST('pets', PathCodec.int('id'), 'files'))
  .in(Schema.Bytes(), { name: 'file', mediaTypes: ['image/png'] })
  .in(textSchema, { name: 'note' })
  .transformIn<UploadParams>(
    (v) => ({ id: v[0], body: { file: v[1], note: v[2] } }),
    (p) => [p.id, p.body.file, p.body.note],
  )
  .outCodec(HttpCodec.status(204));
const upload = defineEndpoint<[number], [UploadParams], never, [], 'None'>({
  method: 'POST',
  path: ['pets', { param: 'id', codec: 'int', prop: 'id' }, 'files'],
  body: {
    prop: 'body',
    parts: [
      { name: 'file', schema: Schema.Bytes(), mediaTypes: ['image/png'] },
      { name: 'note', schema: textSchema },
    ],
  },
  output: { status: 204 },
});

interface CreateParams {
  body: Pet;
  apiKey?: string;
}
const createChain = Endpoint(RoutePattern.POST('pets'))
  .query(HttpCodec.query('api_key', textSchema).optional())
  .in(Pet, { doc: 'The new pet' })
  .transformIn<CreateParams>(
    (v) => ({ apiKey: v[0], body: v[1] }),
    (p) => [p.apiKey, p.body],
  )
  .out(Pet, { status: 201, doc: 'Created' });
const createPet = defineEndpoint<[], [CreateParams], never, [Pet], 'None'>({
  method: 'POST',
  path: ['pets'],
  parameters: [{ in: 'query', name: 'api_key', prop: 'apiKey', schema: textSchema, optional: true }],
  body: { prop: 'body', schema: Pet, doc: 'The new pet' },
  output: { status: 201, body: Pet, doc: 'Created' },
});

const ping = defineEndpoint<[], [Record<string, never>], never, [], 'None'>({
  method: 'HEAD',
  path: ['ping'],
  output: { status: 204 },
});

test('defineEndpoint describes the same endpoint as the builder chain (OpenAPI, route, docs, auth)', () => {
  const chain = OpenAPIGen.fromEndpoints('T', '1', listChain, uploadChain, createChain);
  const data = OpenAPIGen.fromEndpoints('T', '1', listPets, upload, createPet);
  assert.deepEqual(JSON.parse(JSON.stringify(data)), JSON.parse(JSON.stringify(chain)));
  assert.equal(listPets.route.toString(), listChain.route.toString());
  assert.deepEqual(listPets.docs, listChain.docs);
  assert.equal(listPets.authType, 'Bearer');
  assert.equal(ping.route.toString(), Endpoint(RoutePattern.HEAD('ping')).route.toString());
});

test('defineEndpoint maps the input tuple to the params object and back, as transformIn did', () => {
  const t = listPets.state.inputTransform!;
  const c = listChain.state.inputTransform!;
  const tuple = ['ann', 3, undefined, 'x'];
  assert.deepEqual(t.decode(tuple), c.decode(tuple));
  assert.deepEqual(Object.keys(t.decode(tuple) as object), ['owner', 'limit', 'tags', 'traceId']);
  const params = { owner: 'ann', limit: 3, traceId: 'x' };
  assert.deepEqual(t.encode(params), c.encode(params));
  const bytes = new Uint8Array([1, 2]);
  assert.deepEqual(upload.state.inputTransform!.decode([7, bytes, 'n']), { id: 7, body: { file: bytes, note: 'n' } });
  assert.deepEqual(upload.state.inputTransform!.encode({ id: 7, body: { file: bytes, note: 'n' } }), [7, bytes, 'n']);
  assert.deepEqual(ping.state.inputTransform!.decode(undefined), {});
  assert.equal(ping.state.inputTransform!.encode({}), undefined);
  // One input: the bare value, not a tuple.
  const one = defineEndpoint<[number], [{ id: number }], never, [], 'None'>({
    method: 'GET',
    path: [{ param: 'id', codec: 'int', prop: 'id' }],
    output: { status: 204 },
  });
  assert.deepEqual(one.state.inputTransform!.decode(5), { id: 5 });
  assert.equal(one.state.inputTransform!.encode({ id: 5 }), 5);
  // A property named __proto__ is an own property, not the prototype.
  const proto = defineEndpoint<[string], [{ __proto__: string }], never, [], 'None'>({
    method: 'GET',
    path: [{ param: 'p', codec: 'string', prop: '__proto__' }],
    output: { status: 204 },
  });
  const decoded = proto.state.inputTransform!.decode('x') as object;
  assert.deepEqual(Object.getOwnPropertyDescriptor(decoded, '__proto__')?.value, 'x');
  assert.equal(Object.getPrototypeOf(decoded), Object.prototype);
});

class PetStore {
  readonly pets: Pet[] = [{ id: 1, name: 'Rex' }];
  listPets(input: ListParams, context: HandlerContext<'Bearer'>) {
    if (input.owner !== 'ann') throw listPets.fail({ status: 404, body: { message: `no owner ${input.owner}` } });
    if (input.limit === 5) return { status: 204 as const };
    const next = input.tags?.join('|');
    return {
      status: 200 as const,
      body: this.pets.slice(0, input.limit ?? 10),
      headers: { next: next === undefined ? undefined : `${next};${context.auth.token.reveal()}` },
    };
  }
  createPet(input: CreateParams) {
    if (input.apiKey !== 'k1') throw new Error('no key');
    return input.body;
  }
  upload(input: UploadParams) {
    this.pets.push({ id: input.id, name: `${input.body.note}:${input.body.file.length}` });
  }
  ping() {}
}

test('routesFromHandlers serves a table of endpoints with a handlers object; clientFromEndpoints calls them', async () => {
  const store = new PetStore();
  const table = { listPets, createPet, upload, ping };
  const server = await startServer(routesFromHandlers(table, store));
  try {
    const raw = await fetch(`${server.url}/owners/ann/pets?limit=1&tags=a|b`, {
      headers: { authorization: 'Bearer t0' },
    });
    assert.equal(raw.status, 200);
    assert.equal(raw.headers.get('x-next'), 'a|b;t0');
    assert.deepEqual(await raw.json(), [{ id: 1, name: 'Rex' }]);
    assert.equal((await fetch(`${server.url}/owners/ann/pets`)).status, 401);

    const call = EndpointExecutor.make({ baseUrl: server.url, auth: { bearer: 't0' } });
    const client = clientFromEndpoints(call, table, {
      optionalParams: ['ping'],
      fill: { createPet: { apiKey: 'k1' } },
    });
    assert.deepEqual(await client.listPets({ owner: 'ann', limit: 5 }), { status: 204 });
    const missing = await client.either.listPets({ owner: 'bob' });
    assert.deepEqual(missing, Either.left({ status: 404, body: { message: 'no owner bob' } }));
    await assert.rejects(
      client.listPets({ owner: 'bob' }),
      (e) => EndpointError.isFrom(listPets, e) && e.value.status === 404,
    );
    // The API key comes from the client's options unless the call gives one.
    assert.deepEqual(await client.createPet({ body: { id: 2, name: 'Tom' } }), { id: 2, name: 'Tom' });
    assert.deepEqual(
      await client.either.createPet({ body: { id: 2, name: 'Tom' }, apiKey: 'wrong' }).catch((e: Error) => e.name),
      'ClientError',
    );
    await client.upload({ id: 3, body: { file: new Uint8Array([1, 2, 3]), note: 'pic' } });
    assert.deepEqual(store.pets.at(-1), { id: 3, name: 'pic:3' });
    // An operation with optional params may be called without them.
    assert.equal(await client.ping(undefined as never), undefined);
    // A handler replaced later is the one called (looked up per request, as a method).
    store.ping = () => {
      throw new Error('replaced');
    };
    assert.equal((await fetch(`${server.url}/ping`, { method: 'HEAD' })).status, 500);
  } finally {
    await server.shutdown();
  }
});

test('routesFromHandlers keeps the table order for routing', () => {
  const a = defineEndpoint<[string], [{ x: string }], never, [], 'None'>({
    method: 'GET',
    path: ['a', { param: 'x', codec: 'string', prop: 'x' }],
    output: { status: 204 },
  });
  const b = defineEndpoint<[], [Record<string, never>], never, [], 'None'>({
    method: 'GET',
    path: ['a', 'b'],
    output: { status: 204 },
  });
  const routes = routesFromHandlers({ a, b }, { a: () => undefined, b: () => undefined });
  assert.deepEqual(
    routes.routes.map((r) => r.pattern.toString()),
    Routes(
      a.implement(() => undefined),
      b.implement(() => undefined),
    ).routes.map((r) => r.pattern.toString()),
  );
});
