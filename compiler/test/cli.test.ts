// `kitgen generate`: options, config files, user templates, exit codes (0 ok, 1 invalid input,
// 2 usage), dry runs, cleaning, watching; and the `bin/kitgen.js` launcher as a subprocess.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { main, type CliIO } from '../src/cli/main.ts';
import { CodeGen, EndpointGen, loadDocument } from '../src/index.ts';
import { repoRoot } from './support/fixtures.ts';
import { runNode } from './support/e2e.ts';

const pets = join(repoRoot, 'fixtures/pets/openapi.yaml');
const base = join(repoRoot, '.tmp', 'cli-tests');

async function scratch(name: string): Promise<string> {
  const dir = join(base, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return dir;
}

async function kitgen(
  argv: string[],
  cwd = repoRoot,
  stopped?: Promise<void>,
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIO = {
    cwd,
    stdout: (l) => (out += `${l}\n`),
    stderr: (l) => (err += `${l}\n`),
    ...(stopped ? { stopped } : {}),
  };
  const code = await main(argv, io);
  return { code, out, err };
}

test('--version, --help and no arguments', async () => {
  const version = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')).version as string;
  const v = await kitgen(['--version']);
  assert.equal(v.code, 0);
  assert.equal(v.out.trim(), version);
  const help = await kitgen(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.out, /generate/);
  const genHelp = await kitgen(['generate', '--help']);
  assert.equal(genHelp.code, 0);
  for (const option of [
    '--out',
    '--targets',
    '--config',
    '--templates',
    '--no-format',
    '--clean',
    '--dry-run',
    '--watch',
    '--quiet',
  ])
    assert.match(genHelp.out, new RegExp(option));
  assert.equal((await kitgen([])).code, 2, 'no command is a usage error');
});

test('usage errors exit with 2 and say what is wrong', async () => {
  const dir = await scratch('usage');
  const cases: Array<[string[], RegExp]> = [
    [['generate', pets, '--out', dir, '--targets', 'endpoints,docs'], /unknown target "docs"/],
    [['generate', pets], /--out <dir> is needed/],
    [['generate', '--out', dir], /an input is needed: kitgen generate <openapi.yaml \| endpoints.ts/],
    [['generate', pets, '--out', dir, '--bogus'], /unknown option/],
    [['frobnicate'], /unknown command/],
    [['generate', pets, '--out', dir, '--config', 'nope.json'], /no such config file/],
  ];
  for (const [argv, message] of cases) {
    const r = await kitgen(argv);
    assert.equal(r.code, 2, `${argv.join(' ')}: ${r.err}`);
    assert.match(r.err, message);
  }
});

test('invalid input exits with 1, naming the file, the pointer and the line', async () => {
  const dir = await scratch('invalid');
  const r = await kitgen(['generate', 'fixtures/error-swagger2/openapi.yaml', '--out', dir]);
  assert.equal(r.code, 1);
  assert.match(
    r.err,
    /fixtures\/error-swagger2\/openapi\.yaml:1:1: error at \/swagger: Swagger 2\.0 documents are not supported/,
  );
  assert.doesNotMatch(r.err, /at .*\.ts:\d+/, 'no stack trace');
  const missing = await kitgen(['generate', 'fixtures/nowhere.yaml', '--out', dir]);
  assert.equal(missing.code, 1);
  assert.match(missing.err, /nowhere\.yaml: error: no such file/);
  assert.deepEqual(await readdir(dir), [], 'nothing is written');
});

test('generate writes every target, formatted; a second run leaves the files alone', async () => {
  const dir = await scratch('all');
  const first = await kitgen(['generate', pets, '--out', dir]);
  assert.equal(first.code, 0, first.err);
  assert.deepEqual((await readdir(dir)).sort(), [
    'cli.js',
    'client.d.ts',
    'client.js',
    'endpoints.d.ts',
    'endpoints.js',
    'index.d.ts',
    'index.js',
    'operations.d.ts',
    'operations.js',
    'server.d.ts',
    'server.js',
  ]);
  assert.equal(
    await readFile(join(dir, 'endpoints.js'), 'utf8'),
    await readFile(join(repoRoot, 'fixtures/pets/expected/endpoints.js'), 'utf8'),
  );
  assert.match(first.err, /11 files written, 0 unchanged/);
  const second = await kitgen(['generate', pets, '--out', dir]);
  assert.match(second.err, /0 files written, 11 unchanged/);
  const quiet = await kitgen(['generate', pets, '--out', dir, '--quiet']);
  assert.equal(quiet.err, '', '--quiet prints nothing on success');
});

test('a regenerated file replaces the old one whole, keeping the mode the user gave it; nothing temporary stays', async () => {
  const dir = await scratch('replace');
  const input = join(dir, 'openapi.yaml');
  const text = await readFile(pets, 'utf8');
  await writeFile(input, text);
  assert.equal((await kitgen(['generate', input, '--out', join(dir, 'gen')])).code, 0);
  const cli = join(dir, 'gen', 'cli.js');
  await chmod(cli, 0o755);
  await writeFile(input, text.replace(/title: .*/, 'title: Pets Renamed'));
  const again = await kitgen(['generate', input, '--out', join(dir, 'gen')]);
  assert.equal(again.code, 0, again.err);
  assert.match(await readFile(cli, 'utf8'), /Pets Renamed/);
  assert.equal((await stat(cli)).mode & 0o777, 0o755);
  assert.deepEqual(
    (await readdir(join(dir, 'gen'))).filter((f) => !/\.(?:js|d\.ts)$/.test(f)),
    [],
  );
});

test('--targets, --dry-run, --no-format and --clean', async () => {
  const dir = await scratch('targets');
  const some = await kitgen(['generate', pets, '--out', dir, '--targets', 'endpoints,client']);
  assert.equal(some.code, 0, some.err);
  assert.deepEqual((await readdir(dir)).sort(), [
    'client.d.ts',
    'client.js',
    'endpoints.d.ts',
    'endpoints.js',
    'index.d.ts',
    'index.js',
    'operations.d.ts',
    'operations.js',
  ]);
  const index = await readFile(join(dir, 'index.js'), 'utf8');
  assert.match(index, /'\.\/endpoints\.js'/);
  assert.doesNotMatch(index, /server/);

  const dry = await kitgen(['generate', pets, '--out', join(dir, 'never'), '--dry-run']);
  assert.equal(dry.code, 0);
  assert.deepEqual(dry.out.trim().split('\n'), [
    'cli.js',
    'client.d.ts',
    'client.js',
    'endpoints.d.ts',
    'endpoints.js',
    'index.d.ts',
    'index.js',
    'operations.d.ts',
    'operations.js',
    'server.d.ts',
    'server.js',
  ]);
  assert.equal(existsSync(join(dir, 'never')), false, '--dry-run writes nothing');

  const raw = await kitgen(['generate', pets, '--out', join(dir, 'raw'), '--no-format', '--targets', 'endpoints']);
  assert.equal(raw.code, 0);
  assert.notEqual(
    await readFile(join(dir, 'raw/endpoints.js'), 'utf8'),
    await readFile(join(repoRoot, 'fixtures/pets/expected/endpoints.js'), 'utf8'),
  );

  await writeFile(join(dir, 'mine.ts'), '// my own file\n');
  const clean = await kitgen(['generate', pets, '--out', dir, '--targets', 'endpoints', '--clean']);
  assert.equal(clean.code, 0, clean.err);
  assert.deepEqual(
    (await readdir(dir)).sort(),
    ['endpoints.d.ts', 'endpoints.js', 'index.d.ts', 'index.js', 'mine.ts', 'raw'],
    'stale generated files go, the user file stays',
  );
  assert.match(clean.err, /4 removed/);
});

test('a kitgen.config.json, .mjs or .ts in the working folder, overridden by the command line', async () => {
  const dir = await scratch('config');
  await writeFile(join(dir, 'kitgen.config.json'), JSON.stringify({ input: pets, out: 'gen', targets: ['endpoints'] }));
  const fromJson = await kitgen(['generate'], dir);
  assert.equal(fromJson.code, 0, fromJson.err);
  assert.deepEqual((await readdir(join(dir, 'gen'))).sort(), [
    'endpoints.d.ts',
    'endpoints.js',
    'index.d.ts',
    'index.js',
  ]);
  const overridden = await kitgen(['generate', '--targets', 'server', '--out', 'gen2'], dir);
  assert.equal(overridden.code, 0, overridden.err);
  assert.ok(existsSync(join(dir, 'gen2/server.js')));
  await rm(join(dir, 'kitgen.config.json'));
  await writeFile(
    join(dir, 'kitgen.config.mjs'),
    `export default { input: ${JSON.stringify(pets)}, out: 'gen3', targets: ['client'], format: 'layout' };\n`,
  );
  const fromMjs = await kitgen(['generate'], dir);
  assert.equal(fromMjs.code, 0, fromMjs.err);
  assert.ok(existsSync(join(dir, 'gen3/client.js')));
  await rm(join(dir, 'kitgen.config.mjs'));
  await writeFile(
    join(dir, 'kitgen.config.ts'),
    `import { defineConfig } from ${JSON.stringify(join(repoRoot, 'compiler/src/index.ts'))};\nexport default defineConfig({ input: ${JSON.stringify(pets)}, out: 'gen4', targets: ['server'] });\n`,
  );
  const fromTs = await kitgen(['generate'], dir);
  assert.equal(fromTs.code, 0, fromTs.err);
  assert.ok(existsSync(join(dir, 'gen4/server.js')));
  await writeFile(join(dir, 'bad.json'), JSON.stringify({ input: pets, outDir: 'x' }));
  const bad = await kitgen(['generate', '--config', 'bad.json'], dir);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /bad\.json: unknown key "outDir"/);
});

test('--templates replaces built-in templates by file name; a broken one is named', async () => {
  const dir = await scratch('templates');
  const templates = join(dir, 'templates');
  await mkdir(templates);
  await writeFile(
    join(templates, '_header.hbs'),
    '// Generated by kitgen for ACME from {{{comment title}}}. {{{comment version}}}\n',
  );
  const r = await kitgen([
    'generate',
    pets,
    '--out',
    join(dir, 'out'),
    '--templates',
    templates,
    '--targets',
    'endpoints',
  ]);
  assert.equal(r.code, 0, r.err);
  assert.match(
    await readFile(join(dir, 'out/endpoints.js'), 'utf8'),
    /^\/\/ Generated by kitgen for ACME from Pets\. 1\.0\.0/,
  );
  // Compiled templates are kept per process by their texts (render/Templates.ts): an edit is used at once.
  await writeFile(join(templates, '_header.hbs'), '// Made for ACME Ltd from {{{comment title}}}.\n');
  const edited = await kitgen([
    'generate',
    pets,
    '--out',
    join(dir, 'out'),
    '--templates',
    templates,
    '--targets',
    'endpoints',
  ]);
  assert.equal(edited.code, 0, edited.err);
  assert.match(await readFile(join(dir, 'out/endpoints.js'), 'utf8'), /^\/\/ Made for ACME Ltd from Pets\.\n/);
  await writeFile(join(templates, 'server.js.hbs'), '{{#each operations}}\n');
  const broken = await kitgen(['generate', pets, '--out', join(dir, 'out'), '--templates', templates]);
  assert.equal(broken.code, 1);
  assert.match(broken.err, /templates\/server\.js\.hbs: error: the template does not compile/);
});

test('a --templates folder that cannot be used is a usage error (exit 2) naming the folder and the built-in names', async () => {
  const dir = await scratch('templates-bad');
  const missing = await kitgen(['generate', pets, '--out', join(dir, 'out'), '--templates', join(dir, 'nope')]);
  assert.equal(missing.code, 2);
  assert.match(
    missing.err,
    new RegExp(
      `^kitgen: --templates ${join(dir, 'nope').replace(/[/.]/g, '\\$&')}: cannot read the templates folder: it does not exist; give a folder holding your copies of the built-in templates \\(_header\\.hbs, .*server\\.js\\.hbs`,
    ),
  );
  const typo = join(dir, 'typo');
  await mkdir(typo);
  await writeFile(join(typo, 'sever.hbs'), '// mine\n');
  const r = await kitgen(['generate', pets, '--out', join(dir, 'out'), '--templates', typo]);
  assert.equal(r.code, 2);
  assert.match(
    r.err,
    /the folder has "sever\.hbs", which is not the name of a built-in template; a template replaces the built-in one of the same name: .*server\.js\.hbs/,
  );
  const empty = join(dir, 'empty');
  await mkdir(empty);
  assert.match(
    (await kitgen(['generate', pets, '--out', join(dir, 'out'), '--templates', empty])).err,
    /the folder holds no \.hbs template/,
  );
});

test('--watch regenerates when the input changes, and not when it writes its own output', async () => {
  const dir = await scratch('watch');
  const input = join(dir, 'api.yaml');
  await cp(pets, input);
  let stop!: () => void;
  const stopped = new Promise<void>((r) => (stop = r));
  let err = '';
  const io: CliIO = { cwd: dir, stdout: () => {}, stderr: (l) => (err += `${l}\n`), stopped };
  // Output inside the watched folder: writing it must not trigger another run.
  const running = main(['generate', input, '--out', join(dir, 'out'), '--watch', '--targets', 'endpoints'], io);
  const runs = () => (err.match(/watching for changes/g) ?? []).length;
  const waitFor = async (n: number) => {
    for (let i = 0; i < 200 && runs() < n; i++) await new Promise((r) => setTimeout(r, 50));
  };
  await waitFor(1);
  assert.equal(runs(), 1, err);
  const text = await readFile(input, 'utf8');
  await writeFile(input, text.replace('title: Pets', 'title: Pets Watched'));
  await waitFor(2);
  assert.equal(runs(), 2, err);
  assert.match(await readFile(join(dir, 'out/endpoints.js'), 'utf8'), /from Pets Watched 1\.0\.0/);
  await new Promise((r) => setTimeout(r, 600));
  assert.equal(runs(), 2, 'its own writes do not trigger a run');
  await writeFile(input, 'openapi: [broken');
  await waitFor(3);
  assert.match(err, /not valid YAML/, 'errors are reported and watching goes on');
  stop();
  assert.equal(await running, 0);
});

test('EndpointGen.fromOpenAPI and CodeGen.writeFiles (the spec API), with a prettier config', async () => {
  const dir = await scratch('api');
  const code = EndpointGen.fromOpenAPI((await loadDocument(pets)).document);
  assert.ok(code.files.has('endpoints.js'));
  await writeFile(join(dir, 'prettier.json'), JSON.stringify({ singleQuote: false, printWidth: 80 }));
  const written = await CodeGen.writeFiles(code, join(dir, 'src'), 'com.example.pets', join(dir, 'prettier.json'));
  assert.ok(written.includes(join(dir, 'src/com/example/pets/endpoints.js')));
  const text = await readFile(join(dir, 'src/com/example/pets/endpoints.js'), 'utf8');
  // The endpoint module imports the runtime's client entry (web-standard APIs only).
  assert.match(text, /from "@kitgen\/runtime\/client";/, 'the prettier config applies (double quotes)');
});

test('bin/kitgen.js runs as a command and exits with its codes', async () => {
  const dir = await scratch('bin');
  const ok = await runNode(
    [join(repoRoot, 'bin/kitgen.js'), 'generate', pets, '--out', dir, '--targets', 'endpoints'],
    { NODE_OPTIONS: '' },
  );
  assert.equal(ok.code, 0, ok.stderr);
  assert.ok(existsSync(join(dir, 'endpoints.js')));
  const invalid = await runNode(
    [join(repoRoot, 'bin/kitgen.js'), 'generate', 'fixtures/error-structure/openapi.yaml', '--out', dir],
    { NODE_OPTIONS: '' },
  );
  assert.equal(invalid.code, 1);
  assert.match(invalid.stderr, /error-structure\/openapi\.yaml:\d+:\d+: error at \/paths/);
  const usage = await runNode([join(repoRoot, 'bin/kitgen.js'), 'generate', pets], { NODE_OPTIONS: '' });
  assert.equal(usage.code, 2);
});
