// Real-world input: the GitHub REST API description (from @octokit/openapi, a devDependency)
// generates every target, split by tag, with progress lines on standard error; the output
// type-checks with `tsc --strict`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { main } from '../src/cli/main.ts';
import { repoRoot } from './support/fixtures.ts';

const require = createRequire(import.meta.url);
const description = require.resolve('@octokit/openapi/generated/api.github.com.json');
const out = join(repoRoot, '.tmp', 'github');

test('the GitHub REST API description generates every target and type-checks strict', { timeout: 900_000 }, async () => {
  await rm(out, { recursive: true, force: true });
  let err = '';
  const started = performance.now();
  const code = await main(['generate', description, '--out', out], { cwd: repoRoot, stdout: () => {}, stderr: (l) => (err += `${l}\n`) });
  const seconds = (performance.now() - started) / 1000;
  assert.equal(code, 0, err.split('\n').filter((l) => !l.includes(': warning')).join('\n'));
  for (const phase of ['parse', 'model', 'emit', 'format', 'write']) assert.match(err, new RegExp(`kitgen: ${phase} `), `a progress line for ${phase}`);
  const operations = Number(/model\s+(\d+) operations/.exec(err)?.[1]);
  assert.ok(operations > 1000, `${operations} operations`);
  assert.deepEqual((await readdir(out)).sort(), ['cli.ts', 'client.ts', 'endpoints', 'endpoints.ts', 'index.ts', 'server.ts']);
  assert.ok((await readdir(join(out, 'endpoints'))).length > 20, 'endpoints are split by tag');

  await mkdir(out, { recursive: true });
  await writeFile(
    join(out, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022', lib: ['ES2023'], module: 'NodeNext', moduleResolution: 'NodeNext', customConditions: ['kitgen-source'],
        strict: true, noEmit: true, skipLibCheck: true, allowImportingTsExtensions: true, types: ['node'],
      },
      include: ['**/*.ts'],
    }),
  );
  const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
  const checked = performance.now();
  const r = spawnSync(process.execPath, [tsc, '-p', join(out, 'tsconfig.json')], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=4096' } });
  assert.equal(r.status, 0, `tsc --strict failed on the GitHub output:\n${(r.stdout + r.stderr).slice(0, 5000)}`);
  process.stderr.write(`github: generated in ${seconds.toFixed(1)} s, type-checked in ${((performance.now() - checked) / 1000).toFixed(1)} s\n`);
});
