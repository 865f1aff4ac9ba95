// Outputs and errors keyed by a status range (`2XX`, `4XX`) or `default`, as OpenAPI keys them:
// the handler answers any status the key covers, the client reads every one of them with the
// key's schema and sees the actual status, and OpenAPIGen writes the keys back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  defineEndpoint,
  EndpointExecutor,
  EndpointError,
  OpenAPIGen,
  Routes,
  Schema,
  statusCovered,
  type EndpointOf,
  type StatusIn,
} from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';
import { swaggerParserError } from './fixtures/openapi/referees.ts';

const Job = Schema.Object({ id: Schema.Integer() }, { $id: 'Job' });
const Problem = Schema.Object({ title: Schema.String() }, { $id: 'Problem' });
const Gone = Schema.Object({ reason: Schema.String() }, { $id: 'Gone' });
type Job = { id: number };
type Problem = { title: string };

type JobOutput = { status: StatusIn<'2XX'>; body: Job };
type JobError =
  | { status: 410; body: { reason: string } }
  | { status: Exclude<StatusIn<'4XX'>, 410>; body: Problem }
  | { status: StatusIn<'5XX'>; body: Problem };

const getJob = defineEndpoint({
  method: 'GET',
  path: ['jobs', { param: 'id', codec: 'int', prop: 'id' }],
  operationId: 'getJob',
  outputs: { '2XX': { body: Job, doc: 'Any success.' } },
  errors: { 410: { body: Gone }, '4XX': { body: Problem }, default: { body: Problem } },
}) as unknown as EndpointOf<{
  path: [number];
  params: { id: number };
  error: JobError;
  output: [JobOutput];
  auth: 'None';
}>;

type HealthOutput = { status: StatusIn<'2XX' | '3XX'>; body: Problem };
const health = defineEndpoint({
  method: 'GET',
  path: ['health'],
  operationId: 'health',
  outputs: { default: { body: Problem } },
  errors: { default: { body: Problem } },
}) as unknown as EndpointOf<{
  path: [];
  params: Record<string, never>;
  error: { status: StatusIn<'4XX' | '5XX'>; body: Problem };
  output: [HealthOutput];
  auth: 'None';
}>;

/** The handler answers with the status the id names: 200–299 as outputs, others as errors. */
const routes = Routes(
  getJob.implement(({ id }) => {
    if (id >= 200 && id < 300) return { status: id as StatusIn<'2XX'>, body: { id } };
    if (id === 410) throw getJob.fail({ status: 410, body: { reason: 'archived' } });
    if (id >= 400 && id < 600)
      throw getJob.fail({ status: id as Exclude<StatusIn<'4XX'>, 410>, body: { title: `status ${id}` } });
    // Not covered by any key: the handler breaks the contract, so the server answers 500 itself.
    return { status: id as StatusIn<'2XX'>, body: { id } };
  }),
  health.implement(() => ({ status: 203, body: { title: 'fine' } })),
);

test('a handler answers any status its range or default covers; the wire carries it', async () => {
  const server = await startServer(routes);
  try {
    const get = (id: number) => fetch(`${server.url}/jobs/${id}`);
    for (const [id, body] of [
      [200, { id: 200 }],
      [201, { id: 201 }],
      [299, { id: 299 }],
      [404, { title: 'status 404' }],
      [422, { title: 'status 422' }],
      [410, { reason: 'archived' }],
      [503, { title: 'status 503' }],
    ] as const) {
      const r = await get(id);
      assert.equal(r.status, id, `GET /jobs/${id}`);
      assert.deepEqual(await r.json(), body);
    }
    const h = await fetch(`${server.url}/health`);
    assert.equal(h.status, 203, 'an operation that declares only default answers its success under default');
    assert.deepEqual(await h.json(), { title: 'fine' });
    const outside = await get(302);
    assert.equal(outside.status, 500, 'a status no key covers is the handler breaking the contract: a 500');
    assert.doesNotMatch(await outside.text(), /\n\s+at /, 'no stack trace');
  } finally {
    await server.shutdown();
  }
});

test('the client reads every status of a range with its schema and exposes the actual status', async () => {
  const server = await startServer(routes);
  try {
    const call = EndpointExecutor.make({ baseUrl: server.url });
    assert.deepEqual(await call(getJob, { id: 201 }), { status: 201, body: { id: 201 } });
    assert.deepEqual(await call(getJob, { id: 226 }), { status: 226, body: { id: 226 } });
    assert.deepEqual(await call(health, {}), { status: 203, body: { title: 'fine' } });
    for (const [id, value] of [
      [422, { status: 422, body: { title: 'status 422' } }],
      [410, { status: 410, body: { reason: 'archived' } }],
      [599, { status: 599, body: { title: 'status 599' } }],
    ] as const) {
      const e = await call(getJob, { id }).then(
        () => assert.fail('a declared error rejects'),
        (err: unknown) => err,
      );
      assert.ok(EndpointError.isFrom(getJob, e), String(e));
      assert.deepEqual(e.value, value);
      assert.equal(e.status, id);
    }
    const either = await call.either(getJob, { id: 404 });
    assert.deepEqual(either, { _tag: 'left', left: { status: 404, body: { title: 'status 404' } } });
  } finally {
    await server.shutdown();
  }
});

test('statusCovered: a range less the codes declared alone; default the rest of its side', () => {
  const keys = ['404', '4XX', 'default'];
  assert.equal(statusCovered('4XX', 422, keys, 'errors'), true);
  assert.equal(statusCovered('4XX', 404, keys, 'errors'), false, 'the code declared alone is its own');
  assert.equal(statusCovered('default', 422, keys, 'errors'), false, 'the range covers it');
  assert.equal(statusCovered('default', 503, keys, 'errors'), true);
  assert.equal(statusCovered('default', 200, keys, 'errors'), false, "an error's default never covers a success");
  assert.equal(statusCovered('default', 302, ['default'], 'outputs'), true);
  assert.equal(statusCovered('default', 404, ['default'], 'outputs'), false);
  assert.equal(statusCovered('2XX', 600, ['2XX'], 'outputs'), false);
});

test('OpenAPIGen writes ranges and default back as keys, and the document is valid', async () => {
  const doc = OpenAPIGen.fromEndpoints('Ranges', '1.0.0', getJob, health).document;
  const get = doc.paths?.['/jobs/{id}']?.get;
  assert.ok(get?.responses);
  // The server's own 400 (a path parameter that does not decode) keeps its own key beside 4XX.
  assert.deepEqual(Object.keys(get.responses), ['400', '410', '2XX', '4XX', 'default']);
  assert.equal((get.responses['2XX'] as { description: string }).description, 'Any success.');
  const healthResponses = doc.paths?.['/health']?.get?.responses ?? {};
  assert.deepEqual(Object.keys(healthResponses), ['default'], 'default on both sides is one key');
  assert.equal(await swaggerParserError(JSON.stringify(doc)), undefined);
  assert.match(JSON.stringify(doc), /"4XX"/);
});
