// Endpoints whose path has text around a parameter (`PathCodec.segment`): the client
// builds the URL with each value percent-encoded, the server reads the same values back, and
// OpenAPIGen writes the path as `/files/{name}.json`, which swagger-parser accepts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Endpoint,
  EndpointExecutor,
  HttpCliApp,
  OpenAPIGen,
  PathCodec,
  RoutePattern,
  Routes,
  Schema,
} from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';
import { swaggerParserError } from './fixtures/openapi/referees.ts';

const { segment, string, int, long } = PathCodec;

const jsonFile = Endpoint(RoutePattern.GET('files', segment(string('name'), '.json'))).out(
  Schema.Object({ json: Schema.String() }),
);
const wholeFile = Endpoint(RoutePattern.GET('files', string('name'))).out(Schema.Object({ whole: Schema.String() }));
const cancel = Endpoint(RoutePattern.POST('v1', segment(long('id'), ':cancel'))).out(
  Schema.Object({ cancelled: Schema.Int64() }),
);
const report = Endpoint(RoutePattern.GET('reports', segment(int('year'), '-', int('month')))).out(
  Schema.Object({ year: Schema.Integer(), month: Schema.Integer() }),
);
const pair = Endpoint(RoutePattern.GET('pairs', segment(string('a'), '-', string('b')))).out(
  Schema.Object({ a: Schema.String(), b: Schema.String() }),
);
const keyed = Endpoint(RoutePattern.GET('keys', segment(string('key'), ':get'))).out(
  Schema.Object({ key: Schema.String() }),
);

const routes = Routes(
  wholeFile.implement((name) => ({ whole: name })),
  jsonFile.implement((name) => ({ json: name })),
  cancel.implement((id) => ({ cancelled: id })),
  report.implement(([year, month]) => ({ year, month })),
  pair.implement(([a, b]) => ({ a, b })),
  keyed.implement((key) => ({ key })),
);

test('the client builds mixed segments and the server reads the same values back', async () => {
  const server = await startServer(routes);
  try {
    const call = EndpointExecutor.make({ baseUrl: server.url });
    // A name holding "." or ".json" comes back whole: the first parameter takes as much as it can.
    for (const name of ['report', 'a.b', 'a.json', '.json', 'x.json.json', 'a b?c#d%', 'Zürich', 'it:s']) {
      assert.deepEqual(await call(jsonFile, name), { json: name }, name);
    }
    // The whole-segment route of the same path still answers what does not end in ".json".
    assert.deepEqual(await call(wholeFile, 'a.zip'), { whole: 'a.zip' });
    assert.deepEqual(await call(cancel, 9223372036854775807n), { cancelled: 9223372036854775807n });
    assert.deepEqual(await call(report, [2024, 5]), { year: 2024, month: 5 });
    assert.deepEqual(await call(report, [2024, -5]), { year: 2024, month: -5 });
    // ":" is reserved: in a value it travels as %3A, so it is never taken for the literal ":get".
    assert.deepEqual(await call(keyed, 'a:get'), { key: 'a:get' });
    assert.deepEqual(await call(pair, ['x-y', 'z']), { a: 'x-y', b: 'z' });
    // A value the server would split otherwise is refused before sending, naming the parameter.
    await assert.rejects(
      call(pair, ['x', 'y-z']),
      /path parameter 'a': its value cannot be told apart from the text around it in \/pairs\/\{a\}-\{b\}/,
    );
    // As for whole segments, a "/" cannot travel inside a segment (servers refuse an encoded "/").
    await assert.rejects(call(jsonFile, 'a/b'), /path parameter 'name': "a\/b" cannot be sent in a path/);
  } finally {
    await server.shutdown();
  }
});

test('OpenAPIGen writes mixed segments as OpenAPI path templates; swagger-parser validates them', async () => {
  for (const openapi of ['3.1.0', '3.0.3'] as const) {
    const doc = OpenAPIGen.fromEndpoints(
      { title: 'Segments', version: '1.0.0', openapi },
      jsonFile,
      wholeFile,
      cancel,
      report,
      keyed,
    );
    const paths = doc.document.paths ?? {};
    assert.deepEqual(Object.keys(paths).sort(), [
      '/files/{name}',
      '/files/{name}.json',
      '/keys/{key}:get',
      '/reports/{year}-{month}',
      '/v1/{id}:cancel',
    ]);
    const params = (paths['/reports/{year}-{month}']?.get?.parameters ?? []) as Array<{
      name: string;
      in: string;
      required: boolean;
      schema: object;
    }>;
    assert.deepEqual(
      params.map((p) => [p.name, p.in, p.required, p.schema]),
      [
        ['year', 'path', true, { type: 'integer', format: 'int32' }],
        ['month', 'path', true, { type: 'integer', format: 'int32' }],
      ],
    );
    assert.equal(await swaggerParserError(doc.toJson()), undefined, openapi);
  }
});

test('the CLI names commands from the text of mixed segments and calls them', async () => {
  const server = await startServer(routes);
  try {
    const out: string[] = [];
    const app = HttpCliApp.fromEndpoints({
      name: 'seg',
      version: '1.0.0',
      summary: 'mixed segments',
      host: '127.0.0.1',
      port: server.port,
      endpoints: [jsonFile, cancel, report],
    }).cliApp;
    const sink = {
      write: (chunk: string | Uint8Array) =>
        out.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')),
    };
    const io = { stdout: sink, stderr: sink };
    assert.equal(await app.run(['--help'], io), 0);
    const help = out.join('');
    for (const name of ['get-files-by-name-json', 'post-v1-by-id-cancel', 'get-reports-by-year-by-month'])
      assert.match(help, new RegExp(`\\b${name}\\b`));
    out.length = 0;
    assert.equal(
      await app.run(['get-reports-by-year-by-month', '--year', '2024', '--month', '12'], io),
      0,
      out.join('\n'),
    );
    assert.deepEqual(JSON.parse(out.join('')), { year: 2024, month: 12 });
  } finally {
    await server.shutdown();
  }
});
