// kitgen's layout of a large output runs on worker threads (format/layoutInParallel.ts): the text
// must be exactly what one thread writes, also in a process started with flags a worker refuses
// (`--max-old-space-size`, as users raise the heap for large documents).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { layoutCode } from '../src/format/layout.ts';
import { layoutAll, parallelLayoutBytes } from '../src/format/layoutInParallel.ts';
import { repoRoot } from './support/fixtures.ts';

/** Generated-looking files: long schema-value lines and unions the layout must break. */
function files(count: number, linesEach: number): string[] {
  return Array.from({ length: count }, (_, f) =>
    Array.from({ length: linesEach }, (_, k) =>
      k % 2
        ? `export const S${f}_${k} = Schema.Unsafe({ type: 'object', properties: { ${Array.from({ length: 12 }, (_, p) => `p${p}: { type: 'string', description: 'field ${p} of ${k}' }`).join(', ')} } });`
        : `export type U${f}_${k} = ${Array.from({ length: 30 }, (_, p) => `'value_${p}_${k}'`).join(' | ')};`,
    ).join('\n'),
  );
}

test('layoutAll on worker threads writes the same text as one thread', async () => {
  const texts = files(24, 1200);
  assert.ok(texts.reduce((n, t) => n + t.length, 0) > parallelLayoutBytes, 'the input is large enough for workers');
  const parallel = await layoutAll(texts, 120);
  assert.deepEqual(
    parallel,
    texts.map((t) => layoutCode(t, 120)),
  );
  assert.ok(parallel[0].split('\n').length > texts[0].split('\n').length, 'long lines were broken');
});

test('layoutAll works in a process started with --max-old-space-size', () => {
  const script = `
    import { layoutAll } from ${JSON.stringify(join(repoRoot, 'compiler/src/format/layoutInParallel.ts'))};
    const line = "export const x = Schema.Unsafe({ " + Array.from({ length: 40 }, (_, i) => "p" + i + ": { type: 'string' }").join(', ') + " });";
    const texts = Array.from({ length: 8 }, () => Array.from({ length: 1200 }, () => line).join('\\n'));
    const out = await layoutAll(texts, 120);
    console.log(out.length, out.every((t) => t.includes('\\n  p0:')));
  `;
  const r = spawnSync(process.execPath, ['--max-old-space-size=3072', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), '8 true');
});
