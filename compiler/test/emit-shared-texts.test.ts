// Texts several operations repeat (error mappers, security checks, parameter specs) are written
// once per file; a `--templates` copy made before the shared constants existed keeps getting
// each text inline, so its output still runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EndpointGen, builtInTemplatesDir, compileTemplates, loadDocument } from '../src/index.ts';
import { MarkedTexts, shareRepeated } from '../src/emit/sharedTexts.ts';
import { repoRoot } from './support/fixtures.ts';

test('a text used twice or more gets a name, a text used once stays', () => {
  const shared = shareRepeated(['a', undefined, 'b', 'a', 'c', 'b', 'a'], '$x');
  assert.deepEqual(shared.constants, [
    { name: '$x1', text: 'a' },
    { name: '$x2', text: 'b' },
  ]);
  assert.deepEqual(shared.refs, ['$x1', undefined, '$x2', '$x1', 'c', '$x2', '$x1']);
  assert.deepEqual(shareRepeated(['a', 'a'], undefined), { constants: [], refs: ['a', 'a'] });
});

test('marked texts are put back as names or as themselves', () => {
  const texts = new MarkedTexts();
  const one = `f([${texts.mark('{ p: 1 }')}, ${texts.mark('{ q: 2 }')}])`;
  const two = `g([${texts.mark('{ p: 1 }')}])`;
  const { constants, fill } = texts.resolve('$parameter');
  assert.deepEqual(constants, [{ name: '$parameter1', text: '{ p: 1 }' }]);
  assert.equal(fill(one), 'f([$parameter1, { q: 2 }])');
  assert.equal(fill(two), 'g([$parameter1])');
});

const builtIn = Object.fromEntries(
  readdirSync(builtInTemplatesDir)
    .filter((f) => f.endsWith('.hbs'))
    .map((f) => [f, readFileSync(join(builtInTemplatesDir, f), 'utf8')]),
);
// What the templates held before the shared constants: no loop writes them.
const withoutShared = (source: string) => source.replace(/\{\{#each shared\w+\}\}[^]*?\{\{\/each\}\}\n/g, '');

test('the built-in templates share; an older copy of them gets every text inline', async () => {
  const query = (await loadDocument(join(repoRoot, 'fixtures/query-in-path/openapi.yaml'))).document;
  const pets = (await loadDocument(join(repoRoot, 'fixtures/pets/openapi.yaml'))).document;
  const gen = (templates?: ReturnType<typeof compileTemplates>, document = query) =>
    EndpointGen.fromOpenAPI(document, { targets: ['server'], ...(templates ? { templates } : {}) }).files;
  const shared = gen();
  assert.match(shared.get('endpoints.js')!, /^const \$parameter1 = \{ in: 'query', name: 'api_key'/m);
  assert.match(shared.get('endpoints.js')!, /parameters: \[\$parameter1/);
  assert.match(gen(undefined, pets).get('server.js')!, /listPets: \$errorMapper1,\n {2}createPet: \$errorMapper1,/);

  const old = compileTemplates({
    ...builtIn,
    'endpoints.js.hbs': withoutShared(builtIn['endpoints.js.hbs']),
    'server.js.hbs': withoutShared(builtIn['server.js.hbs']),
  });
  const inline = gen(old);
  assert.doesNotMatch(inline.get('endpoints.js')!, /\$parameter/);
  assert.doesNotMatch(inline.get('server.js')!, /\$errorMapper|\$security/);
  const apiKey = inline.get('endpoints.js')!.match(/name: 'api_key'/g) ?? [];
  assert.ok(apiKey.length >= 2, 'each operation writes its own api_key parameter');
  const server = gen(old, pets).get('server.js')!;
  assert.doesNotMatch(server, /\$errorMapper/);
  assert.match(server, /listPets: \(f\) =>/);
  assert.match(server, /createPet: \(f\) =>/);
});
