// A text path parameter with a `format` (a published document's `{date}` of `format: date-time`)
// is held to it as a query parameter is: a segment that breaks it is a 400 naming the parameter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defineEndpoint, Routes, Schema, OpenAPIGen } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const question = defineEndpoint<[string, string], [{ date: string; uin: string }], never, [unknown], 'None'>({
  method: 'GET',
  path: [
    'questions',
    { param: 'date', codec: 'string', prop: 'date', constraints: { format: 'date-time' } },
    { param: 'uin', codec: 'string', prop: 'uin' },
  ],
  operationId: 'question',
  output: { status: 200, body: Schema.Unknown() },
});

test('a path parameter breaking its format is refused with a 400 naming it; one keeping it reaches the handler', async () => {
  let calls = 0;
  const route = question.implement(({ date, uin }) => {
    calls++;
    return { date, uin };
  });
  const server = await startServer(Routes(route));
  try {
    const ok = await fetch(`${server.url}/questions/2024-01-02T03:04:05Z/HL1`);
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), { date: '2024-01-02T03:04:05Z', uin: 'HL1' });
    const bad = await fetch(`${server.url}/questions/zz-invalid/HL1`);
    assert.equal(bad.status, 400);
    const body = (await bad.json()) as Record<string, string>;
    assert.equal(body.parameter, 'date');
    assert.match(body.message, /date-time/);
    assert.equal(calls, 1);
  } finally {
    await server.shutdown();
  }
});

test('the format is part of the parameter in the generated OpenAPI', () => {
  const { document } = OpenAPIGen.fromEndpoints('Q', '1', question) as unknown as {
    document: { paths: Record<string, { get: { parameters: Array<{ name: string; schema: object }> } }> };
  };
  const date = Object.values(document.paths)[0].get.parameters.find((p) => p.name === 'date');
  assert.deepEqual(date?.schema, { type: 'string', format: 'date-time' });
});
