// Bodies in several media types with their own schemas (OpenAPI `content` with more than one
// shape): a request body read by its Content-Type and handed over tagged by media type, and a
// response status answering a JSON object or CSV text, each read back by its Content-Type.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Bodies,
  defineEndpoint,
  EndpointExecutor,
  OpenAPIGen,
  Routes,
  Schema,
  type BodyVariant,
  type EndpointOf,
} from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';
import { swaggerParserError } from './fixtures/openapi/referees.ts';
import { app, runCli } from './fixtures/cli/harness.ts';

const Pet = Schema.Object({ name: Schema.String(), age: Schema.Integer() }, { $id: 'Pet' });
const PetForm = Schema.Object({ name: Schema.String(), tags: Schema.Optional(Schema.String()) }, { $id: 'PetForm' });
type Pet = { name: string; age: number };
type PetForm = { name: string; tags?: string };
type PetBody = BodyVariant<'application/json', Pet> | BodyVariant<'application/x-www-form-urlencoded', PetForm>;
type PetOutput =
  { status: 200; mediaType: 'application/json'; body: Pet } | { status: 200; mediaType: 'text/csv'; body: string };

const addPet = defineEndpoint({
  method: 'POST',
  path: ['pets'],
  operationId: 'addPet',
  body: {
    prop: 'body',
    variants: { 'application/json': { schema: Pet }, 'application/x-www-form-urlencoded': { schema: PetForm } },
  },
  outputs: { 200: { content: { 'application/json': { schema: Pet }, 'text/csv': { schema: Schema.String() } } } },
}) as unknown as EndpointOf<{ path: []; params: { body: PetBody }; error: never; output: [PetOutput]; auth: 'None' }>;

const noteEndpoint = defineEndpoint({
  method: 'PUT',
  path: ['note'],
  operationId: 'putNote',
  body: {
    prop: 'body',
    optional: true,
    variants: { 'application/json': { schema: Pet }, 'text/plain': { schema: Schema.String() } },
  },
  output: { status: 200, body: Schema.String(), mediaTypes: ['text/plain'] },
}) as unknown as EndpointOf<{
  path: [];
  params: { body?: BodyVariant<'application/json', Pet> | BodyVariant<'text/plain', string> };
  error: never;
  output: [string];
  auth: 'None';
}>;

const routes = Routes(
  addPet.implement(({ body }) => {
    if (body.mediaType === 'application/json') return { status: 200, mediaType: 'application/json', body: body.value };
    return { status: 200, mediaType: 'text/csv', body: `name,tags\n${body.value.name},${body.value.tags ?? ''}\n` };
  }),
  noteEndpoint.implement(({ body }) =>
    body === undefined ? 'none' : `${body.mediaType}: ${JSON.stringify(body.value)}`,
  ),
);

test('the server reads the variant the Content-Type names and hands it over tagged', async () => {
  const server = await startServer(routes);
  try {
    const post = (type: string, body: string) =>
      fetch(`${server.url}/pets`, { method: 'POST', headers: { 'content-type': type }, body });
    const json = await post('application/json', '{"name":"Rex","age":3}');
    assert.equal(json.status, 200);
    assert.equal(json.headers.get('content-type'), 'application/json');
    assert.deepEqual(await json.json(), { name: 'Rex', age: 3 });
    const form = await post('application/x-www-form-urlencoded', 'name=Tom&tags=cat');
    assert.equal(form.status, 200);
    assert.match(form.headers.get('content-type') ?? '', /^text\/csv/);
    assert.equal(await form.text(), 'name,tags\nTom,cat\n');

    const bad = await post('application/json', '{"name":"Rex"}');
    assert.equal(bad.status, 400, 'the JSON variant matched: its validation failure, not a 415');
    assert.match(((await bad.json()) as { message: string }).message, /age/);
    const other = await post('text/xml', '<pet/>');
    assert.equal(other.status, 415);
    const message = ((await other.json()) as { message: string }).message;
    assert.match(message, /application\/json/);
    assert.match(
      message,
      /application\/x-www-form-urlencoded/,
      'the 415 lists every media type the body is offered in',
    );

    const none = await fetch(`${server.url}/note`, { method: 'PUT' });
    assert.equal(await none.text(), 'none', 'an optional body in several media types may be left out');
    const text = await fetch(`${server.url}/note`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    assert.equal(await text.text(), 'text/plain: "hi"');
  } finally {
    await server.shutdown();
  }
});

test('the client sends the variant the caller picks and reads the response variant by Content-Type', async () => {
  const server = await startServer(routes);
  try {
    const call = EndpointExecutor.make({ baseUrl: server.url });
    assert.deepEqual(await call(addPet, { body: { mediaType: 'application/json', value: { name: 'Rex', age: 3 } } }), {
      status: 200,
      mediaType: 'application/json',
      body: { name: 'Rex', age: 3 },
    });
    assert.deepEqual(
      await call(addPet, { body: { mediaType: 'application/x-www-form-urlencoded', value: { name: 'Tom' } } }),
      {
        status: 200,
        mediaType: 'text/csv',
        body: 'name,tags\nTom,\n',
      },
    );
    assert.equal(await call(noteEndpoint, {}), 'none');
    assert.equal(
      await call(noteEndpoint, { body: { mediaType: 'application/json', value: { name: 'a', age: 1 } } }),
      'application/json: {"name":"a","age":1}',
    );
  } finally {
    await server.shutdown();
  }
});

test('an answer the request does not accept is a 406; Bodies.of needs a media type', async () => {
  const server = await startServer(routes);
  try {
    const r = await fetch(`${server.url}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/csv' },
      body: '{"name":"Rex","age":3}',
    });
    assert.equal(r.status, 406, 'the handler chose JSON; the client takes only CSV');
  } finally {
    await server.shutdown();
  }
  assert.throws(() => Bodies.of({}), /at least one media type/);
});

test('OpenAPIGen writes each media type with its own schema, and the document is valid', async () => {
  const doc = OpenAPIGen.fromEndpoints('Variants', '1.0.0', addPet, noteEndpoint).document;
  const post = doc.paths?.['/pets']?.post;
  const request = post?.requestBody as { required?: boolean; content: Record<string, { schema: unknown }> };
  assert.deepEqual(Object.keys(request.content), ['application/json', 'application/x-www-form-urlencoded']);
  assert.equal(request.required, true);
  assert.notDeepEqual(
    request.content['application/json'].schema,
    request.content['application/x-www-form-urlencoded'].schema,
  );
  const ok = post?.responses?.['200'] as { content: Record<string, { schema: unknown }> };
  assert.deepEqual(Object.keys(ok.content), ['application/json', 'text/csv']);
  assert.deepEqual(ok.content['text/csv'].schema, { type: 'string' });
  const put = doc.paths?.['/note']?.put?.requestBody as { required?: boolean };
  assert.notEqual(put.required, true, 'an optional body is not required');
  assert.equal(await swaggerParserError(JSON.stringify(doc)), undefined);
});

test('the CLI sends the body in the --content-type it is given (the first by default), and leaves an optional one out', async () => {
  const server = await startServer(routes);
  try {
    const cli = app(server.port, { endpoints: [addPet, noteEndpoint] });
    const json = await runCli(cli, ['add-pet', '-d', '{"name":"Rex","age":3}']);
    assert.equal(json.code, 0, json.stderr);
    assert.deepEqual(JSON.parse(json.stdout), { name: 'Rex', age: 3 });
    const form = await runCli(cli, [
      'add-pet',
      '--content-type',
      'application/x-www-form-urlencoded',
      '-d',
      'name=Tom&tags=cat',
    ]);
    assert.equal(form.code, 0, form.stderr);
    assert.equal(form.stdout, 'name,tags\nTom,cat\n');
    const wrong = await runCli(cli, ['add-pet', '--content-type', 'text/xml', '-d', '<pet/>']);
    assert.equal(wrong.code, 2, 'a media type the body is not offered in is a usage error');
    assert.match(wrong.stderr, /application\/x-www-form-urlencoded/);
    const none = await runCli(cli, ['put-note']);
    assert.equal(none.code, 0, none.stderr);
    assert.equal(none.stdout.trim(), 'none');
  } finally {
    await server.shutdown();
  }
});
