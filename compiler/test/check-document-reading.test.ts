// `kitgen check` reads a document whose `$ref`s are all inside it as it is, as `kitgen mock` and
// the generator do, and bundles only one whose `$ref`s name other files: json-schema-ref-parser's
// bundle took 46 of the check's 58 CPU-seconds on Microsoft Graph's document (36 MB, 859 schemas,
// every `$ref` local) before a request was sent.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { main } from '../src/cli/main.ts';

let dir: string;
const bundled: string[] = [];
const bundle = SwaggerParser.bundle;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kitgen-check-read-'));
  // Every bundle the check asks for, counted; the reading itself is json-schema-ref-parser's.
  SwaggerParser.bundle = ((...args: Parameters<typeof bundle>) => {
    bundled.push(String(args[0]));
    return (bundle as (...a: unknown[]) => unknown).apply(SwaggerParser, args);
  }) as typeof bundle;
});
after(async () => {
  SwaggerParser.bundle = bundle;
  await rm(dir, { recursive: true, force: true });
});

// No operations: the check reads the document, finds nothing to call and sends no request.
const schemas = (group: unknown) => ({
  openapi: '3.0.3',
  info: { title: 'read', version: '1' },
  paths: {},
  components: { schemas: { Member: { type: 'string' }, Group: group } },
});

async function check(file: string) {
  const stderr: string[] = [];
  const code = await main(['check', file, '--url', 'http://127.0.0.1:9'], {
    cwd: dir,
    stdout: () => {},
    stderr: (l) => stderr.push(l),
  });
  return { code, stderr: stderr.join('\n') };
}

test('a document whose $refs are all its own is read as it is; one naming another file is bundled', async () => {
  const local = join(dir, 'local.json');
  await writeFile(local, JSON.stringify(schemas({ type: 'array', items: { $ref: '#/components/schemas/Member' } })));
  const external = join(dir, 'external.json');
  await writeFile(external, JSON.stringify(schemas({ type: 'array', items: { $ref: 'member.json' } })));
  await writeFile(join(dir, 'member.json'), JSON.stringify({ type: 'string' }));

  const read = await check(local);
  assert.equal(read.code, 0);
  assert.match(read.stderr, /declares no operations/);
  assert.deepEqual(bundled, [], 'only local $refs: not bundled');

  const joined = await check(external);
  assert.equal(joined.code, 0);
  assert.deepEqual(bundled, [external], 'a $ref to member.json: bundled');

  const missing = await check(join(dir, 'nothing.json'));
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /cannot read .*nothing\.json: .*no such file/);
});
