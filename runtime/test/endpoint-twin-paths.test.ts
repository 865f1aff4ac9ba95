// Azure's managed applications declare `PUT /{applicationId}` and
// `PUT /{applicationDefinitionId}#disambiguation_dummy`: the fragment never reaches a server, so
// both operations get the same requests, told apart only by their bodies. The server offers a
// body to the one whose schema it fits, whatever the parameters are named; a body fitting neither
// is refused by the last, naming what is wrong with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PathCodec, RoutePattern, Endpoint, routesFromHandlers, Schema } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const Answer = Schema.Object({ by: Schema.String() });
const table = {
  createApplication: Endpoint(RoutePattern.PUT(PathCodec.string('applicationId')))
    .in(Schema.Object({ kind: Schema.String(), managedBy: Schema.Optional(Schema.String()) }))
    .out(Answer),
  createDefinition: Endpoint(RoutePattern.PUT(PathCodec.string('applicationDefinitionId')))
    .in(Schema.Object({ lockLevel: Schema.String() }))
    .out(Answer),
};

test('operations of one path told apart by parameter names and their bodies: each body reaches its own', async () => {
  const server = await startServer(
    routesFromHandlers(table, {
      createApplication: ([id, body]) => ({ by: `application ${id} ${body.kind}` }),
      createDefinition: ([id, body]) => ({ by: `definition ${id} ${body.lockLevel}` }),
    }),
  );
  try {
    const put = async (body: string) => {
      const r = await fetch(`${server.url}/x1`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body,
      });
      return [r.status, await r.json()] as const;
    };
    assert.deepEqual(await put('{"kind":"k"}'), [200, { by: 'application x1 k' }]);
    assert.deepEqual(await put('{"lockLevel":"None"}'), [200, { by: 'definition x1 None' }]);
    const [status, body] = await put('{}');
    assert.equal(status, 400);
    assert.match(JSON.stringify(body), /lockLevel/);
  } finally {
    await server.shutdown();
  }
});
