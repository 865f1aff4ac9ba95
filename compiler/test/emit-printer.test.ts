// The emitters' printer: a file's imports are what its code wrote (FileImports), and in every
// generated module of every fixture the imported names and the names the code uses agree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EndpointGen, loadDocument } from '../src/index.ts';
import { FileImports } from '../src/emit/printer/FileImports.ts';
import { RuntimeImports } from '../src/emit/printer/RuntimeImports.ts';
import { runtimeNames } from '../src/names/moduleNames.ts';
import { fixtureCases, repoRoot } from './support/fixtures.ts';

test('a name written is imported once, under the identifier written', () => {
  const file = new FileImports();
  assert.equal(file.use('@kitgen/runtime/client', 'operation', '$operation'), '$operation');
  assert.equal(file.use('@kitgen/runtime/client', 'operation', '$operation'), '$operation');
  assert.equal(file.use('@kitgen/runtime/client', 'pathInt', '$pathInt'), '$pathInt');
  assert.equal(file.namespace('./endpoints.js', '$endpoints'), '$endpoints');
  file.reexport('./pets.ts', 'getPet', 'showPet');
  assert.equal(
    file.statements(),
    "import { operation as $operation, pathInt as $pathInt } from '@kitgen/runtime/client';\n" +
      "import * as $endpoints from './endpoints.js';\n" +
      "export { getPet as showPet } from './pets.ts';",
  );
  assert.equal(
    file.statements({ types: true }).split('\n')[0],
    "import type { operation as $operation, pathInt as $pathInt } from '@kitgen/runtime/client';",
  );
  assert.ok(file.has('./pets.ts') && !file.has('./schemas.js'));
});

test('a module never written is never imported, and the order given orders a list', () => {
  const file = new FileImports();
  assert.equal(file.statements(), '');
  for (const name of ['defineEndpoint', 'Schema', 'PathCodec']) file.use('rt', name);
  assert.equal(file.list('rt'), 'defineEndpoint, Schema, PathCodec');
  assert.equal(String(new RuntimeImports(file, 'rt')), 'PathCodec, Schema, defineEndpoint');
  assert.equal(file.list('elsewhere'), '');
});

test('declared modules lead the import block in their order; declaring alone imports nothing', () => {
  const file = new FileImports().declare('rt', (a, b) => (a < b ? -1 : 1)).declare('./schemas.js');
  file.use('./schemas.js', 'Pet');
  file.use('./elsewhere.js', 'thing');
  file.use('rt', 'defineEndpoint');
  file.use('rt', 'Schema');
  assert.equal(
    file.statements(),
    "import { Schema, defineEndpoint } from 'rt';\n" +
      "import { Pet } from './schemas.js';\n" +
      "import { thing } from './elsewhere.js';",
  );
  const unused = new FileImports().declare('rt');
  assert.ok(!unused.has('rt'));
  assert.equal(unused.statements(), '');
});

test('one identifier cannot stand for two exports', () => {
  const file = new FileImports();
  file.use('rt', 'operation', '$op');
  assert.throws(() => file.use('rt', 'operationOf', '$op'), /\$op is already operation from rt/);
  file.namespace('./endpoints.js', '$endpoints');
  assert.throws(() => file.namespace('./endpoints.js', 'endpoints'), /already imported as \$endpoints/);
});

/** The names a JavaScript module imports (`a`, `b as $b` → the locals), from its import statements. */
function importedLocals(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/^import (?:type )?\{([^}]*)\} from /gm))
    for (const spec of m[1]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      out.add(spec.split(/\s+as\s+/).pop()!);
  for (const m of text.matchAll(/^import (?:type )?\* as ([\w$]+) from /gm)) out.add(m[1]);
  return out;
}

/** The code of a module without its import lines, comments and quoted strings (names in them are not uses; a template's `${…}` is code). */
function codeOf(text: string): string {
  return (
    text
      .replace(/^import .*$/gm, '')
      // Generated line comments stand on lines of their own (`//` in a string is a URL's), and go
      // first: a hostile title may put `/*` in one. Block comments are JSDoc or `@__PURE__` marks
      // (a media range `'*/*'` opens none).
      .replace(/^\s*\/\/.*$/gm, '')
      .replace(/\/\*\*[\s\S]*?\*\/|\/\* @__PURE__ \*\//g, '')
      .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''")
  );
}

test('in every generated module, each name imported is written, and each runtime or $-name written is imported or declared', async () => {
  let checked = 0;
  for (const c of await fixtureCases()) {
    let source;
    try {
      source = await loadDocument(c.input);
    } catch {
      continue; // a case whose document does not load has no tree
    }
    for (const split of [false, true]) {
      let files: ReadonlyMap<string, string>;
      try {
        files = EndpointGen.fromOpenAPI(source.document, { ...c.options, split, file: c.input }).files;
      } catch {
        continue; // a case that stops on errors writes nothing
      }
      for (const [path, text] of files) {
        if (!/\.(js|d\.ts)$/.test(path)) continue;
        const code = codeOf(text);
        const imported = importedLocals(text);
        for (const local of imported) {
          const uses = code.match(new RegExp(`(?<![\\w$.])${local.replace(/\$/g, '\\$')}(?![\\w$])`, 'g'));
          assert.ok(uses, `${c.name}${split ? ' (split)' : ''} ${path}: imports ${local} and never writes it`);
        }
        const declared = new Set([...code.matchAll(/\b(?:const|let|function|class) ([\w$]+)/g)].map((m) => m[1]));
        // An object key (`$id:`, `$defs:`) is a name of the JSON Schema, not a use.
        for (const m of code.matchAll(/(?<![\w$.])(\$[A-Za-z_][\w$]*)(?![\w$]|\??\s*:)/g))
          assert.ok(
            imported.has(m[1]) || declared.has(m[1]),
            `${c.name}${split ? ' (split)' : ''} ${path}: writes ${m[1]} without importing or declaring it`,
          );
        // A runtime name written as a value or a generic (`Schema.Unsafe(`, `defineEndpoint(`, `EndpointOf<`).
        for (const name of runtimeNames)
          if (new RegExp(`(?<![\\w$.])${name}(?=[.(<])`).test(code))
            assert.ok(
              imported.has(name) || declared.has(name),
              `${c.name}${split ? ' (split)' : ''} ${path}: writes ${name} without importing it`,
            );
        checked++;
      }
    }
  }
  assert.ok(checked > 200, `only ${checked} modules checked`);
});

test('a check that does not compile leaves no import and no helper behind', () => {
  // `when` compiles to a format check, `tags` (uniqueItems) does not: the response is checked by
  // the engine, so isDateTimeFormat and the failure helper $f must not be imported or declared.
  const property = (schema: object) => ({
    description: 'ok',
    content: { 'application/json': { schema } },
  });
  const document = {
    openapi: '3.0.3',
    info: { title: 'Trial', version: '1.0.0' },
    paths: {
      '/things': {
        get: {
          operationId: 'getThing',
          responses: {
            '200': property({
              type: 'object',
              properties: {
                when: { type: 'string', format: 'date-time' },
                tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
              },
            }),
          },
        },
      },
    },
  };
  const text = EndpointGen.fromOpenAPI(document).files.get('operations.js')!;
  assert.match(text, /^import \{ operation as \$operation, schemaCheck as \$schemaCheck \} from /m);
  assert.doesNotMatch(text, /isDateTimeFormat|const \$f =/);
});

test('a --templates copy that spells the import lists itself renders as the built-in templates do', async () => {
  // Templates written before the import block was printed whole: each import line from its list.
  const older: Record<string, [string, string]> = {
    'endpoints.js.hbs': [
      '{{#if importBlock}}\n{{{importBlock}}}\n{{/if}}\n',
      '{{#if imports}}\nimport { {{{imports}}} } from {{{str clientRuntime}}};\n{{/if}}\n',
    ],
    'endpoints.d.ts.hbs': [
      '{{#if importBlock}}\n{{{importBlock}}}\n{{/if}}\n',
      '{{#if declImports}}\nimport type { {{{declImports}}} } from {{{str runtime}}};\n{{/if}}\n',
    ],
    'endpoints-group.js.hbs': [
      '{{#if importBlock}}\n{{{importBlock}}}\n{{/if}}\n',
      '{{#if imports}}\nimport { {{{imports}}} } from {{{str clientRuntime}}};\n{{/if}}\n' +
        '{{#if schemaImports}}\nimport { {{{schemaImports}}} } from {{{str schemasModule}}};\n{{/if}}\n',
    ],
    'operations.js.hbs': [
      '{{#if importBlock}}\n{{{importBlock}}}\n{{/if}}\n',
      'import { {{{imports}}} } from {{{str clientRuntime}}};\n' +
        '{{#if viaEndpoint}}\nimport * as $endpoints from {{{str endpointsModule}}};\n{{/if}}\n',
    ],
  };
  const dir = await mkdtemp(join(tmpdir(), 'kitgen-older-templates-'));
  try {
    for (const [name, [now, before]] of Object.entries(older)) {
      const text = await readFile(join(repoRoot, 'templates', name), 'utf8');
      assert.ok(text.includes(now), `templates/${name} prints the import block`);
      await writeFile(join(dir, name), text.replace(now, before));
    }
    for (const name of ['split-by-tag', 'pets', 'adjacent-path-params']) {
      const source = await loadDocument(join(repoRoot, 'fixtures', name, 'openapi.yaml'));
      for (const split of [false, true]) {
        const builtIn = EndpointGen.fromOpenAPI(source.document, { split }).files;
        const copied = EndpointGen.fromOpenAPI(source.document, { split, templatesDir: dir }).files;
        assert.deepEqual(copied, builtIn, `${name}${split ? ' (split)' : ''}`);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
