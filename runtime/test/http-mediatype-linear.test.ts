// MediaType.parse reads a header a client wrote, and a server whose max-header-size is raised
// hands it megabytes: the time must grow with the length, whatever the parameters look like.
// Each shape below took seconds when the parser searched ahead for `=` at every parameter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MediaType } from '@kitgen/runtime';

const COUNT = 300_000;
/** Generous for a loaded two-core machine; the quadratic parser needed 2-9 s for the first shape. */
const BOUND_MS = 500;

/**
 * Parses `make(COUNT)` three times and returns the result with the fastest time: the others are
 * what the machine's other work cost. (A ratio against a tenth of the input says little here:
 * collections make large inputs a few times dearer per byte even when the parser is linear.)
 */
function timed(make: (count: number) => string): { result: MediaType | undefined; ms: number } {
  const text = make(COUNT);
  let ms = Infinity;
  let result: MediaType | undefined;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    result = MediaType.parse(text);
    ms = Math.min(ms, performance.now() - started);
  }
  return { result, ms };
}

/** Within the bound the quadratic parser missed by seconds. */
function assertLinear({ ms }: { ms: number }): void {
  assert.ok(ms < BOUND_MS, `took ${ms.toFixed(0)} ms`);
}

test(`parse: ${COUNT} parameters without a value, then one with, in under ${BOUND_MS} ms`, () => {
  const run = timed((count) => `text/plain${'; flag'.repeat(count)}; charset=utf-8`);
  assert.deepEqual({ ...run.result!.parameters }, { charset: 'utf-8' });
  assertLinear(run);
});

test(`parse: ${COUNT} repeated name=value parameters (the last wins) in under ${BOUND_MS} ms`, () => {
  const run = timed(
    (count) => `multipart/form-data${Array.from({ length: count }, (_, i) => `; Boundary=b${i}`).join('')}`,
  );
  assert.deepEqual({ ...run.result!.parameters }, { boundary: `b${COUNT - 1}` });
  assertLinear(run);
});

test(`parse: ${COUNT} quoted values with escapes in under ${BOUND_MS} ms`, () => {
  const run = timed((count) => `text/plain${'; q="a\\";b"'.repeat(count)}`);
  assert.deepEqual({ ...run.result!.parameters }, { q: 'a";b' });
  assertLinear(run);
});

test(`parse: one quoted value of ${COUNT} escaped characters, and an unterminated one, in under ${BOUND_MS} ms each`, () => {
  const escaped = timed((count) => `text/plain; q="${'\\x'.repeat(count)}"`);
  assert.equal(escaped.result!.parameters.q, 'x'.repeat(COUNT));
  assertLinear(escaped);
  const open = timed((count) => `text/plain; q="${'\\x'.repeat(count)}`);
  assert.equal(open.result, undefined);
  assertLinear(open);
});

test('parse: names around `=` and `;` still read as before (spaces trimmed, valueless skipped, garbage refused)', () => {
  assert.deepEqual(
    { ...MediaType.parse('text/plain; A = 1 ;b;c=;d="x"  ; e=2')!.parameters },
    { a: '1', c: '', d: 'x', e: '2' },
  );
  assert.equal(MediaType.parse('text/plain; a b=1'), undefined);
  assert.equal(MediaType.parse('text/plain; =1'), undefined);
  assert.equal(MediaType.parse('text/plain; a="x" junk'), undefined);
  assert.equal(MediaType.parse('text/plain; a="x\\'), undefined);
});
