// Real-world input: the GitHub REST API description (from @octokit/openapi, a devDependency)
// generates every target, split by tag, with progress lines on standard error; the output
// type-checks with `tsc --strict`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { main } from '../src/cli/main.ts';
import { repoRoot } from './support/fixtures.ts';
import { typeCheckFolder } from './support/e2e.ts';

const require = createRequire(import.meta.url);
const description = require.resolve('@octokit/openapi/generated/api.github.com.json');
const out = join(repoRoot, '.tmp', 'github');

test(
  'the GitHub REST API description generates every target and type-checks strict',
  { timeout: 900_000 },
  async () => {
    await rm(out, { recursive: true, force: true });
    let err = '';
    const started = performance.now();
    const code = await main(['generate', description, '--out', out], {
      cwd: repoRoot,
      stdout: () => {},
      stderr: (l) => (err += `${l}\n`),
    });
    const seconds = (performance.now() - started) / 1000;
    assert.equal(
      code,
      0,
      err
        .split('\n')
        .filter((l) => !l.includes(': warning'))
        .join('\n'),
    );
    for (const phase of ['parse', 'model', 'emit', 'format', 'write'])
      assert.match(err, new RegExp(`kitgen: ${phase} `), `a progress line for ${phase}`);
    const operations = Number(/model\s+(\d+) operations/.exec(err)?.[1]);
    assert.ok(operations > 1000, `${operations} operations`);
    assert.deepEqual((await readdir(out)).sort(), [
      'cli.js',
      'client.d.ts',
      'client.js',
      'endpoints',
      'endpoints.d.ts',
      'endpoints.js',
      'index.d.ts',
      'index.js',
      'operations.d.ts',
      'operations.js',
      'server.d.ts',
      'server.js',
    ]);
    assert.ok((await readdir(join(out, 'endpoints'))).length > 20, 'endpoints are split by tag');

    await mkdir(out, { recursive: true });
    const checked = performance.now();
    const r = await typeCheckFolder(out, ['**/*.ts']);
    assert.equal(r.status, 0, `tsc --strict failed on the GitHub output:\n${r.output.slice(0, 5000)}`);
    process.stderr.write(
      `github: generated in ${seconds.toFixed(1)} s, type-checked in ${((performance.now() - checked) / 1000).toFixed(1)} s\n`,
    );
  },
);
