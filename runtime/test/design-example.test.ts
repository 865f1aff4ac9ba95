// DESIGN.md's "shape of user code" example, copied unchanged into fixtures/design/example.ts,
// compiles (the typecheck test covers it) and runs: the executor call succeeds and the CLI
// command given on its command line calls the API and prints the user.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const example = new URL('./fixtures/design/example.ts', import.meta.url).pathname;

test('the fixture holds the DESIGN.md example verbatim', () => {
  const design = readFileSync(new URL('../../../shared/DESIGN.md', import.meta.url), 'utf8');
  const fromDesign = /## The shape of user code[\s\S]*?```ts\n([\s\S]*?)```/.exec(design)?.[1];
  const fixture = /--- begin DESIGN.md example ---\n([\s\S]*?)\/\/ --- end DESIGN.md example ---/.exec(
    readFileSync(example, 'utf8'),
  )?.[1];
  assert.ok(fromDesign, 'DESIGN.md example found');
  assert.equal(fixture, fromDesign);
});

test('the DESIGN.md example runs: server, docs, executor and CLI', async () => {
  const child = spawn(
    process.execPath,
    [example, 'get-users-by-id', '--id', '1', '--limit', '10', '--authorization', 'Basic ...'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, KITGEN_LOG_LEVEL: 'warn' },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    const deadline = Date.now() + 60_000;
    while (!/"name"\s*:\s*"Ada"/.test(stdout) && Date.now() < deadline && child.exitCode === null)
      await new Promise((r) => setTimeout(r, 100));
    assert.match(stdout, /"name"\s*:\s*"Ada"/, `stdout:\n${stdout}\nstderr:\n${stderr}`);
    assert.match(stdout, /"id"\s*:\s*1/);
  } finally {
    child.kill('SIGTERM');
  }
});
