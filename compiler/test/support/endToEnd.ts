// End to end on every feature fixture: the generated server runs on a free port with simple
// handlers (they record their input and answer a sample of each declared output and error);
// the generated client calls every operation and gets every success status and every
// declared error back, with bodies and headers; inputs arrive as they were sent. Each
// fixture's generated CLI runs as a subprocess: its help, and a call of an operation.
// Declared by e2e-schema-fixtures.test.ts and e2e-operation-fixtures.test.ts, one group of fixtures each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Either, type Routes } from '@kitgen/runtime';
import { EndpointGen, loadDocument } from '../../src/index.ts';
import type { Api, Operation } from '../../src/model/Api.ts';
import { bodyKind } from '../../src/model/mediaTypes.ts';
import { fixtureCases, type FixtureCase } from './fixtures.ts';
import { normalise, Samples } from './samples.ts';
import { runCli, serve } from './e2e.ts';
import { plainOutput } from '../../src/mock/handlerAnswers.ts';

/** The Pets case has its own end-to-end test with in-memory handlers. */
const skipped = new Set(['pets']);

export type Mode = { kind: 'output'; index: number } | { kind: 'error'; index: number };
type AnyFunction = (...args: unknown[]) => unknown;

export interface Generated {
  readonly routes: (handlers: object, options?: { basePath?: string }) => Routes;
  readonly createClient: (
    options: Record<string, unknown>,
  ) => Record<string, AnyFunction> & { either: Record<string, AnyFunction> };
  readonly endpoints: Record<string, { fail(value: unknown): unknown }>;
  /** The document's base path (`servers`), where `routes` serves by default. */
  readonly basePath: string;
}

export async function load(c: FixtureCase): Promise<{ api: Api; generated: Generated }> {
  const source = await loadDocument(c.input);
  const { api } = EndpointGen.fromOpenAPI(source.document, c.options);
  const dir = join(c.dir, 'expected');
  const imp = async (file: string) => (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
  const [server, client, endpoints] = await Promise.all([imp('server.js'), imp('client.js'), imp('endpoints.js')]);
  return {
    api,
    generated: {
      routes: server.routes as Generated['routes'],
      createClient: client.createClient as Generated['createClient'],
      endpoints: endpoints as unknown as Generated['endpoints'],
      basePath: String(server.basePath ?? ''),
    },
  };
}

/** Credentials for every scheme the client knows (basic, bearer, one per apiKey). */
export function credentials(api: Api): Record<string, unknown> {
  const out: Record<string, unknown> = { basic: { username: 'user', password: 'secret' }, bearer: 'token-1' };
  for (const s of api.securitySchemes) if (s.kind === 'apiKey') out[s.prop] = `key-${s.key}`;
  return out;
}

/** An output given as its body alone (the mock's rule, one copy). */
export { plainOutput };

/** Handlers for every operation: record the input, answer what `mode` says. */
export function handlers(
  api: Api,
  samples: Samples,
  generated: Generated,
  state: { mode: Mode; received?: unknown },
): object {
  return Object.fromEntries(
    api.operations.map((op) => [
      op.ident,
      (input: unknown) => {
        state.received = input;
        const mode = state.mode;
        if (mode.kind === 'error')
          throw generated.endpoints[op.ident].fail(samples.response(op.errors[mode.index], true));
        if (op.outputs.length === 0) return undefined;
        return samples.response(op.outputs[mode.index], !plainOutput(op));
      },
    ]),
  );
}

/**
 * Fixtures about schema shapes (types, composition, nullability, recursion, names); every other
 * fixture is about operations (parameters, bodies, responses, media types, security, layout).
 */
const schemaFixtures = new Set([
  'additional-properties',
  'broken-discriminator',
  'composition',
  'enums',
  'formats',
  'hostile-names',
  'null-schema',
  'nullable',
  'read-write-only',
  'recursive',
  'refs',
  'unresolvable-refs',
]);

/**
 * Declares one end-to-end test per feature fixture of a group (schema shapes, or operations:
 * `schemaFixtures` decides, a new fixture counts as an operations one), so the two test files
 * run side by side and each is named by what it covers.
 */
export async function endToEndTests(group: 'schemas' | 'operations'): Promise<void> {
  const cases = (await fixtureCases()).filter(
    (f) => !skipped.has(f.name) && existsSync(join(f.dir, 'expected', 'server.js')),
  );
  for (const c of cases.filter((f) => schemaFixtures.has(f.name) === (group === 'schemas'))) endToEnd(c);
}

function endToEnd(c: FixtureCase): void {
  test(`end to end: ${c.name}`, async (t) => {
    const { api, generated } = await load(c);
    const samples = new Samples(api);
    const state: { mode: Mode; received?: unknown } = { mode: { kind: 'output', index: 0 } };
    // Served under the document's base path (if any), where the client and the CLI are pointed.
    const server = await serve(generated.routes(handlers(api, samples, generated, state)));
    const baseUrl = `${server.url}${generated.basePath}`;
    try {
      const client = generated.createClient({ baseUrl, ...credentials(api) });
      for (const op of api.operations) {
        await t.test(`${op.method.toUpperCase()} ${op.path}`, async () => {
          const params = samples.params(op);
          const expectedInput = { ...params };
          for (const p of op.parameters) if (p.credential !== undefined) expectedInput[p.prop] = `key-${p.credential}`;
          const outputs = Math.max(1, op.outputs.length);
          for (let index = 0; index < outputs; index++) {
            state.mode = { kind: 'output', index };
            state.received = undefined;
            const out = await client[op.ident](params);
            assert.deepEqual(
              normalise(state.received),
              normalise(expectedInput),
              'the handler got what the client sent',
            );
            const expected =
              op.outputs.length === 0 ? undefined : samples.response(op.outputs[index], !plainOutput(op));
            assert.deepEqual(normalise(out), normalise(expected), `output ${op.outputs[index]?.key ?? '(none)'}`);
          }
          for (let index = 0; index < op.errors.length; index++) {
            state.mode = { kind: 'error', index };
            const result = await client.either[op.ident](params);
            assert.deepEqual(
              normalise(result),
              normalise(Either.left(samples.response(op.errors[index], true))),
              `error ${op.errors[index].key}`,
            );
          }
        });
      }
      await t.test('the generated CLI', async () => {
        const cli = join(c.dir, 'expected', 'cli.js');
        const help = await runCli(cli, server.port, ['--help']);
        assert.equal(help.code, 0, help.stderr);
        assert.match(help.stdout, /Commands:/);
        const op = api.operations.find(
          (o) =>
            o.method === 'get' &&
            !o.body &&
            o.parameters.every((p) => p.in === 'path' && p.pathCodec === 'string') &&
            o.outputs.length > 0,
        );
        if (!op) return;
        const auth =
          op.auth.kind === 'bearer'
            ? ['--token', 'token-1']
            : op.auth.kind === 'basic'
              ? ['--user', 'user:secret']
              : [];
        // A document whose server URL has a path (and may be https) gets the whole local URL.
        const args = [
          ...op.parameters.flatMap((p) => [`--${p.name}`, 'cli-value']),
          ...auth,
          ...(generated.basePath !== '' ? ['--base-url', baseUrl] : []),
        ];
        const command = commandName(api.operations, op);
        assert.match(help.stdout, new RegExp(`\\b${command}\\b`), `the help lists ${command}`);
        state.mode = { kind: 'output', index: 0 };
        const run = await runCli(cli, server.port, [command, ...args]);
        assert.equal(run.code, 0, run.stderr);
        const sample = samples.response(op.outputs[0], false);
        // An output without content (broken-discriminator's GET /compare/{base}...{head}) prints nothing.
        if (op.outputs[0].content === undefined) {
          assert.equal(run.stdout, '');
          return;
        }
        // The CLI prints the wire JSON (nulls only where the schema admits them; the sample leaves
        // absent what is null there); a text body as it is. A JSON string is JSON too (`"text"`).
        // The handler answers a status of several shapes in its last (Samples.response).
        const shown = op.outputs[0].content?.variants?.at(-1) ?? op.outputs[0].content;
        const json = shown !== undefined && bodyKind(shown.mediaTypes[0]) === 'json';
        const printed =
          typeof sample === 'string' && !json ? run.stdout.replace(/\n$/, '') : withoutNulls(JSON.parse(run.stdout));
        assert.deepEqual(normalise(printed), normalise(sample));
      });
    } finally {
      await server.shutdown();
    }
  });
}

const slug = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
const baseName = (op: Operation) =>
  op.operationId !== undefined && slug(op.operationId) !== ''
    ? slug(op.operationId)
    : [
        op.method,
        ...op.segments
          .flatMap((s) => ('mixed' in s ? s.mixed : [s]))
          .map((s) => ('literal' in s ? slug(s.literal) : `by-${slug(s.param)}`)),
      ]
        .filter((w) => w !== '' && w !== 'by-')
        .join('-');

/** The runtime's command name (HttpCliApp): the operationId in kebab-case, else method and every path segment (`by-<param>`); `-2`, `-3` for a name taken before. */
function commandName(all: readonly Operation[], op: Operation): string {
  const base = baseName(op);
  const before = all.slice(0, all.indexOf(op)).filter((o) => baseName(o) === base).length;
  return before === 0 ? base : `${base}-${before + 1}`;
}

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, withoutNulls(v)]),
    );
  return value;
}
