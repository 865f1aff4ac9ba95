// The runtime's own 4xx answers (a bad parameter or body, missing credentials,
// an unsupported media type) in the error shape the endpoint declares, through
// `routesFromHandlers(table, handlers, { mapError })`: over the wire, raw and through kitgen's client.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  defineEndpoint,
  Endpoint,
  EndpointError,
  EndpointExecutor,
  PathCodec,
  RoutePattern,
  Routes,
  Schema,
  Status,
  routesFromHandlers,
  type EndpointOf,
  type RuntimeFailure,
  type Static,
} from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const Problem = Schema.Object({
  error: Schema.Object({ code: Schema.String(), message: Schema.String(), field: Schema.Optional(Schema.String()) }),
});
const Note = Schema.Object({ text: Schema.String({ minLength: 1 }) });

type ProblemT = Static<typeof Problem>;
type NoteT = Static<typeof Note>;
// Typed as a generated endpoints.d.ts types them.
const table = {
  getNote: defineEndpoint({
    method: 'GET',
    path: ['notes', { param: 'id', codec: 'int', prop: 'id' }],
    parameters: [{ in: 'query', name: 'limit', prop: 'limit', schema: Schema.Integer({ minimum: 1 }) }],
    output: { status: 200, body: Note },
    errors: { 400: { body: Problem }, 404: { body: Problem } },
  }) as EndpointOf<{
    path: [number];
    params: { id: number; limit: number };
    error: { status: 400 | 404; body: ProblemT };
    output: [NoteT];
    auth: 'None';
  }>,
  addNote: defineEndpoint({
    method: 'POST',
    path: ['notes'],
    body: { prop: 'body', schema: Note },
    output: { status: 201, body: Note },
    errors: { 400: { body: Problem } },
  }) as EndpointOf<{
    path: [];
    params: { body: NoteT };
    error: { status: 400; body: ProblemT };
    output: [NoteT];
    auth: 'None';
  }>,
  // Declares no 400: its runtime answers keep the default body.
  plain: defineEndpoint({
    method: 'GET',
    path: ['plain'],
    parameters: [{ in: 'query', name: 'n', prop: 'n', schema: Schema.Integer() }],
    output: { status: 200, body: Note },
  }) as EndpointOf<{
    path: [];
    params: { n: number };
    error: never;
    output: [NoteT];
    auth: 'None';
  }>,
};

const seen: RuntimeFailure[] = [];
const problem = (f: RuntimeFailure) => {
  seen.push(f);
  return {
    status: 400 as const,
    body: {
      error: {
        code: f.code,
        message: f.message,
        ...((f.parameter ?? f.pointer) ? { field: f.parameter ?? f.pointer } : {}),
      },
    },
  };
};

const routes = routesFromHandlers(
  table,
  { getNote: ({ id }) => ({ text: `note ${id}` }), addNote: ({ body }) => body, plain: () => ({ text: 'plain' }) },
  {
    mapError: {
      getNote: (f) => (f.status === 400 ? problem(f) : undefined),
      addNote: (f) => (f.status === 400 ? problem(f) : undefined),
      plain: () => undefined,
    },
  },
);

test('a bad parameter, path parameter or body answers 400 in the declared shape; the declared client error is typed', async () => {
  const server = await startServer(routes);
  try {
    const query = await fetch(`${server.url}/notes/1?limit=zero`);
    assert.equal(query.status, 400);
    assert.equal(query.headers.get('content-type'), 'application/json');
    const q = (await query.json()) as { error: { code: string; message: string; field: string } };
    assert.deepEqual(Object.keys(q), ['error']);
    assert.equal(q.error.code, 'KITGEN_ERR_INVALID_INPUT');
    assert.equal(q.error.field, 'limit');
    assert.match(q.error.message, /limit/);

    const path = (await (await fetch(`${server.url}/notes/x?limit=1`)).json()) as {
      error: { code: string; field: string };
    };
    assert.equal(path.error.code, 'KITGEN_ERR_BAD_PATH_PARAMETER');

    const body = await fetch(`${server.url}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"text":""}',
    });
    assert.equal(body.status, 400);
    const b = (await body.json()) as { error: { code: string; field: string } };
    assert.equal(b.error.field, '/text');

    // A 415 is not mapped by this application (its mapper answers only 400s): the default body stays.
    const media = await fetch(`${server.url}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'a',
    });
    assert.equal(media.status, 415);
    assert.equal(((await media.json()) as { error: string }).error, 'Unsupported Media Type');

    const plain = await fetch(`${server.url}/plain?n=x`);
    assert.equal(plain.status, 400);
    assert.equal(((await plain.json()) as { error: string }).error, 'Bad Request', 'no declared 400: the default body');

    const call = EndpointExecutor.make({ baseUrl: server.url });
    const error = await call(table.addNote, { body: { text: '' } }).then(
      () => assert.fail('expected a declared error'),
      (e: unknown) => e,
    );
    assert.ok(
      EndpointError.isFrom(table.addNote, error),
      `a typed declared error, not a decoding failure: ${String(error)}`,
    );
    assert.equal(error.status, 400);
    assert.equal((error.value as { body: { error: { field: string } } }).body.error.field, '/text');
  } finally {
    await server.shutdown();
  }
});

test('a mapped value the declared errors do not admit, or a mapper that throws, leaves the default body', async () => {
  const e = Endpoint(RoutePattern.GET('n', PathCodec.int('n')))
    .out(Note)
    .outError(Problem, Status.BadRequest);
  const tableOf = { e };
  const wrong = routesFromHandlers(
    tableOf,
    { e: () => ({ text: 'x' }) },
    { mapError: () => ({ error: { code: 1 } }) as never },
  );
  const throwing = routesFromHandlers(
    {
      t: Endpoint(RoutePattern.GET('t', PathCodec.int('n')))
        .out(Note)
        .outError(Problem, Status.BadRequest),
    },
    { t: () => ({ text: 'x' }) },
    {
      mapError: () => {
        throw new Error('mapper bug');
      },
    },
  );
  const server = await startServer(Routes(...wrong.routes, ...throwing.routes), (c) =>
    c.withLogWarningOnFatalError(false),
  );
  try {
    for (const path of ['/n/x', '/t/x']) {
      const r = await fetch(`${server.url}${path}`);
      assert.equal(r.status, 400, path);
      assert.equal(((await r.json()) as { error: string }).error, 'Bad Request', path);
    }
  } finally {
    await server.shutdown();
  }
});
