// MediaType.parse reads a header a client wrote, and a server whose max-header-size is raised
// hands it megabytes: the time must grow with the length, whatever the parameters look like.
// Each shape below took seconds when the parser searched ahead for `=` at every parameter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MediaType } from '@kitgen/runtime';

const COUNT = 300_000;
/** Generous for a loaded two-core machine; the quadratic parser needed 2-3 s for the first shape. */
const BOUND_MS = 500;

function timed(text: string): { result: MediaType | undefined; ms: number } {
  const started = performance.now();
  const result = MediaType.parse(text);
  return { result, ms: performance.now() - started };
}

test(`parse: ${COUNT} parameters without a value, then one with, in under ${BOUND_MS} ms`, () => {
  const { result, ms } = timed(`text/plain${'; flag'.repeat(COUNT)}; charset=utf-8`);
  assert.deepEqual({ ...result!.parameters }, { charset: 'utf-8' });
  assert.ok(ms < BOUND_MS, `took ${ms.toFixed(0)} ms`);
});

test(`parse: ${COUNT} repeated name=value parameters (the last wins) in under ${BOUND_MS} ms`, () => {
  const text = `multipart/form-data${Array.from({ length: COUNT }, (_, i) => `; Boundary=b${i}`).join('')}`;
  const { result, ms } = timed(text);
  assert.deepEqual({ ...result!.parameters }, { boundary: `b${COUNT - 1}` });
  assert.ok(ms < BOUND_MS, `took ${ms.toFixed(0)} ms`);
});

test(`parse: ${COUNT} quoted values with escapes in under ${BOUND_MS} ms`, () => {
  const { result, ms } = timed(`text/plain${'; q="a\\";b"'.repeat(COUNT)}`);
  assert.deepEqual({ ...result!.parameters }, { q: 'a";b' });
  assert.ok(ms < BOUND_MS, `took ${ms.toFixed(0)} ms`);
});

test(`parse: one quoted value of ${COUNT} escaped characters, and an unterminated one, in under ${BOUND_MS} ms each`, () => {
  const escaped = timed(`text/plain; q="${'\\x'.repeat(COUNT)}"`);
  assert.equal(escaped.result!.parameters.q, 'x'.repeat(COUNT));
  assert.ok(escaped.ms < BOUND_MS, `took ${escaped.ms.toFixed(0)} ms`);
  const open = timed(`text/plain; q="${'\\x'.repeat(COUNT)}`);
  assert.equal(open.result, undefined);
  assert.ok(open.ms < BOUND_MS, `took ${open.ms.toFixed(0)} ms`);
});

test('parse: names around `=` and `;` still read as before (spaces trimmed, valueless skipped, garbage refused)', () => {
  assert.deepEqual({ ...MediaType.parse('text/plain; A = 1 ;b;c=;d="x"  ; e=2')!.parameters }, { a: '1', c: '', d: 'x', e: '2' });
  assert.equal(MediaType.parse('text/plain; a b=1'), undefined);
  assert.equal(MediaType.parse('text/plain; =1'), undefined);
  assert.equal(MediaType.parse('text/plain; a="x" junk'), undefined);
  assert.equal(MediaType.parse('text/plain; a="x\\'), undefined);
});
