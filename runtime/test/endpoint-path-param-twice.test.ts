// A published path may name one parameter twice (Azure Stack's
// `/resourceGroups/System.{location}/…/fabricLocations/{location}/…`). OpenAPI gives a name one
// value, so the route holds one codec in both places: a request sending the same text in both
// reaches the handler with it; one whose two places differ is a 400 naming the parameter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defineEndpoint, OpenAPIGen, PathCodec, RoutePattern, Routes, Schema } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const location = { param: 'location', codec: 'string', prop: 'location' } as const;
const result = defineEndpoint<
  [string, string, number],
  [{ location: string; result: number }],
  never,
  [unknown],
  'None'
>({
  method: 'GET',
  path: [
    'resourceGroups',
    { segment: ['System.', location] },
    'fabricLocations',
    location,
    'results',
    { param: 'result', codec: 'int', prop: 'result' },
  ],
  operationId: 'getResult',
  output: { status: 200, body: Schema.Unknown() },
});

test('one parameter in two places: equal texts reach the handler, differing ones are a 400 naming it', async () => {
  const seen: unknown[] = [];
  const server = await startServer(
    Routes(
      result.implement((params) => {
        seen.push(params);
        return params;
      }),
    ),
  );
  try {
    const ok = await fetch(`${server.url}/resourceGroups/System.west%20eu/fabricLocations/west%20eu/results/7`);
    assert.equal(ok.status, 200, await ok.clone().text());
    assert.deepEqual(await ok.json(), { location: 'west eu', result: 7 });
    // The same value written with another escape is the same value.
    const escaped = await fetch(`${server.url}/resourceGroups/System.%6Eorth/fabricLocations/north/results/7`);
    assert.equal(escaped.status, 200, await escaped.clone().text());
    const bad = await fetch(`${server.url}/resourceGroups/System.north/fabricLocations/south/results/7`);
    assert.equal(bad.status, 400);
    const body = (await bad.json()) as Record<string, string>;
    assert.equal(body.parameter, 'location');
    assert.match(body.message, /'location' appears twice .*'north' and 'south'/);
    assert.equal(seen.length, 2);
  } finally {
    await server.shutdown();
  }
});

test('the client writes the one value in both places', () => {
  assert.equal(
    result.route.format(['north', 'north', 7]),
    '/resourceGroups/System.north/fabricLocations/north/results/7',
  );
});

test('the generated OpenAPI keeps the path as written and declares the parameter once', () => {
  const { document } = OpenAPIGen.fromEndpoints('R', '1', result) as unknown as {
    document: { paths: Record<string, { get: { parameters: Array<{ name: string }> } }> };
  };
  const [path, item] = Object.entries(document.paths)[0];
  assert.equal(path, '/resourceGroups/System.{location}/fabricLocations/{location}/results/{result}');
  assert.deepEqual(
    item.get.parameters.map((p) => p.name),
    ['location', 'result'],
  );
});

test('two codecs of one name are still a mistake', () => {
  assert.throws(
    () => RoutePattern.GET('a', PathCodec.int('id'), 'b', PathCodec.string('id')),
    (e: unknown) => (e as { code?: string }).code === 'KITGEN_ERR_DUPLICATE_PATH_PARAMETER',
  );
});
