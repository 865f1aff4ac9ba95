// A generated server answers the runtime's own 4xx (a bad parameter or body,
// missing credentials, an unsupported media type) in the error shape the document declares for
// that status, and the generated client reports it as a typed declared error, not a decoding
// failure. fixtures/error-shapes: a nested {error: {code, message}}, an RFC 7807 problem+json,
// and a schema with a field only the application can fill (the `mapError` hook).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EndpointError } from '@kitgen/runtime';
import { declaredErrorMappers, routes } from '../../fixtures/error-shapes/expected/server.js';
import { createClient } from '../../fixtures/error-shapes/expected/client.js';
import * as endpoints from '../../fixtures/error-shapes/expected/endpoints.js';
import { serve } from './support/e2e.ts';

const handlers = {
  getWidget: () => ({ name: 'w' }),
  addWidget: ({ body }: { body: endpoints.Widget }) => body,
  auditWidget: () => ['made'],
};

test('generated mappers: a declared 400 in the nested shape, 400/401/415 as problem+json; the client gets typed errors', async () => {
  assert.deepEqual(
    Object.keys(declaredErrorMappers),
    ['getWidget', 'addWidget'],
    'auditWidget declares a field no failure can fill',
  );
  const server = await serve(routes(handlers));
  try {
    const bad = await fetch(`${server.url}/widgets/1?limit=0`);
    assert.equal(bad.status, 400);
    assert.equal(bad.headers.get('content-type'), 'application/json');
    const envelope = (await bad.json()) as { error: { code: string; message: string; field?: string } };
    assert.deepEqual(Object.keys(envelope), ['error']);
    assert.equal(envelope.error.code, 'KITGEN_ERR_INVALID_INPUT');
    assert.equal(envelope.error.field, 'limit');
    assert.match(envelope.error.message, /limit/);

    const unauthorised = await fetch(`${server.url}/widgets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"w"}',
    });
    assert.equal(unauthorised.status, 401);
    assert.equal(unauthorised.headers.get('content-type'), 'application/problem+json');
    assert.match(unauthorised.headers.get('www-authenticate') ?? '', /^Bearer/, 'the runtime keeps its challenge');
    // `instance` names this occurrence: a fresh URN each time.
    const { instance, ...problem } = (await unauthorised.json()) as { instance?: string };
    assert.deepEqual(problem, {
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: 'Authentication required',
    });
    assert.match(instance ?? '', /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const auth = { authorization: 'Bearer t' };
    const media = await fetch(`${server.url}/widgets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv' },
      body: 'name\nw',
    });
    assert.equal(media.status, 415);
    assert.equal(((await media.json()) as { status: number }).status, 415);

    const client = createClient({ baseUrl: server.url, bearer: 't' });
    const error = await client.addWidget({ body: { name: '' } }).then(
      () => assert.fail('expected a declared error'),
      (e: unknown) => e,
    );
    assert.ok(EndpointError.isFrom(endpoints.addWidget, error), `a typed declared error: ${String(error)}`);
    assert.equal(error.value.status, 400);
    assert.equal(error.value.body.status, 400);
    assert.match(error.value.body.detail ?? '', /\/name/);

    const either = await client.either.getWidget({ id: 1, limit: 0 });
    assert.equal(either._tag, 'left');
    if (either._tag === 'left' && either.left.status === 400) assert.equal(either.left.body.error.field, 'limit');

    const unmapped = await fetch(`${server.url}/widgets/x/audit`);
    assert.equal(unmapped.status, 400);
    assert.equal(
      ((await unmapped.json()) as { error: string }).error,
      'Bad Request',
      'no slot for requestId: the default body',
    );
  } finally {
    await server.shutdown();
  }
});

test('the mapError hook fills a declared shape the compiler cannot, typed by the operation', async () => {
  const server = await serve(
    routes(handlers, {
      mapError: {
        auditWidget: (f) =>
          f.status === 400
            ? { status: 400, body: { message: f.message, requestId: 'req_6f1c2b4e8d3a4f5e9b7c1a2b' } }
            : undefined,
      },
    }),
  );
  try {
    const r = await fetch(`${server.url}/widgets/x/audit`);
    assert.equal(r.status, 400);
    const body = (await r.json()) as { message: string; requestId: string };
    assert.deepEqual(Object.keys(body).sort(), ['message', 'requestId']);
    assert.match(body.message, /id/);
    const still = await fetch(`${server.url}/widgets/1?limit=0`);
    assert.deepEqual(
      Object.keys((await still.json()) as object),
      ['error'],
      'the generated mappers of other operations stay',
    );
  } finally {
    await server.shutdown();
  }
});
