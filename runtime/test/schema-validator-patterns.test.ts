// A schema's `pattern` is written by a document's author and tested on strings a client sends:
// each pattern runs on an engine that cannot be made to backtrack for long, and answers exactly
// as JavaScript's own RegExp (with the `u` flag, as JSON Schema validators compile patterns) does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { validatorFor } from '@kitgen/runtime';
import { compileSchemaPattern, patternEngine, BACKTRACKING_LENGTH_LIMIT } from '../src/schema/pattern/schemaPattern.ts';

// CPU milliseconds of this process: other work on a loaded machine does not count.
const elapsed = (run: () => unknown): number => {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

test('catastrophic patterns answer in milliseconds, with maxLength or without', () => {
  for (const pattern of ['^(a+)+$', '^(a|a)*$', '^(\\w+\\s?)*$', '^(a|aa)+$', '(x+x+)+y']) {
    const validator = validatorFor({ type: 'string', pattern });
    for (const length of [30, 100, 10_000]) {
      const evil = 'a'.repeat(length) + '!';
      let error: string | undefined;
      const ms = elapsed(() => (error = validator.firstError(evil)?.message));
      assert.equal(error, `value: must match pattern ${JSON.stringify(pattern)}`);
      assert.ok(ms < 250, `${pattern} on ${length + 1} characters took ${ms.toFixed(1)} ms`);
    }
  }
});

test('a string over maxLength never reaches its pattern, nor one under minLength', () => {
  let runs = 0;
  const counting = new RegExp('^a+$', 'u');
  Object.defineProperty(counting, 'test', { value: () => (runs++, true) });
  const capped = validatorFor({ type: 'string', minLength: 2, maxLength: 8, pattern: counting as unknown as string });
  assert.equal(capped.firstError('a'.repeat(9))?.message, 'value: must not have more than 8 characters');
  assert.equal(capped.firstError('a')?.message, 'value: must not have fewer than 2 characters');
  assert.equal(capped.check('a'.repeat(9)), false);
  assert.equal(runs, 0);
  // The same with a real catastrophic pattern: 221 characters against maxLength 64.
  const redos = validatorFor({ type: 'string', pattern: '^(a+)+$', maxLength: 64 });
  let message: string | undefined;
  const ms = elapsed(() => (message = redos.firstError('a'.repeat(220) + '!')?.message));
  assert.equal(message, 'value: must not have more than 64 characters');
  assert.ok(ms < 50, `took ${ms.toFixed(1)} ms`);
});

test('patterns proven linear on V8 stay on V8; the rest run on the linear-time matcher', () => {
  const native = [
    '^[a-z0-9_-]{3,16}$',
    '^\\d{3}-\\d{4}$',
    '^(0|[1-9][0-9]*)$',
    '^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$',
    '^.*$',
    'abc',
    '^[a-zA-Z0-9_\\-:]+$',
    '^(ab)*$',
    '^-?\\w+(,-?\\w+)*$',
    '^[a-zA-Z](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$',
    '[a-z][a-z0-9\\-]+',
    '\\S+',
    'arn:.*',
    '^\\p{L}+$',
  ];
  for (const p of native) assert.equal(patternEngine(p), 'native', p);
  const linear = [
    '^(a+)+$',
    '^\\d+\\d+$',
    '[a-z]+@',
    '.*\\S.*',
    '^(\\w+\\s?)*$',
    '^\\S+@\\S+\\.\\S+$',
    '^\\p{L}+\\d+$',
    '^(?=.*[A-Z])(?=.*\\d).{8,}$',
    '^(?!admin$)[a-z]+$',
  ];
  for (const p of linear) assert.equal(patternEngine(p), 'linear', p);
  for (const p of ['(a)\\1', '(?<=a)b', 'x(?=a)']) assert.equal(patternEngine(p), 'bounded', p);
});

test('a pattern only a backtracking engine can run is checked on strings up to the limit, and says so beyond it', () => {
  const validator = validatorFor({ type: 'string', pattern: '^(\\w)\\1*$' });
  assert.equal(validator.check('aaaa'), true);
  assert.equal(validator.check('aaab'), false);
  const long = 'a'.repeat(BACKTRACKING_LENGTH_LIMIT + 1);
  assert.equal(validator.check(long), false);
  assert.equal(
    validator.firstError(long)?.message,
    `value: must not have more than ${BACKTRACKING_LENGTH_LIMIT} characters to be checked against pattern "^(\\\\w)\\\\1*$"`,
  );
});

test('leading lookaheads (password rules) run without backtracking', () => {
  const strong = validatorFor({ type: 'string', pattern: '^(?=.*[A-Z])(?=.*\\d)(?!.*\\s).{8,}$' });
  assert.equal(strong.check('Secret123'), true);
  assert.equal(strong.check('secret123'), false);
  assert.equal(strong.check('Secret 123'), false);
  assert.equal(strong.check('Sec1'), false);
  const ms = elapsed(() => strong.check('A1' + ' '.repeat(100_000)));
  assert.ok(ms < 250, `took ${ms.toFixed(1)} ms`);
});

// Patterns built from pieces whose meanings differ most between engines (classes, escapes,
// anchors, word boundaries, astral characters, nested and bounded repetition), on strings over
// the same small alphabet: every answer must be RegExp's.
const piece = fc.constantFrom(
  'a',
  'b',
  '.',
  '\\d',
  '\\w',
  '\\s',
  '\\S',
  '\\W',
  '[ab]',
  '[^a]',
  '[a-c\\d]',
  '\\b',
  '\\B',
  '😀',
  '\\u{1F600}',
  '\\.',
  '-',
  '\\p{L}',
  '[\\s\\S]',
  'é',
);
const quantifier = fc.constantFrom('', '', '*', '+', '?', '{2}', '{1,3}', '{0,}', '*?', '+?');
const atom: fc.Arbitrary<string> = fc.letrec((tie) => ({
  atom: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    piece,
    fc.tuple(tie('seq'), fc.constantFrom('(', '(?:')).map(([s, open]) => `${open}${s})`),
  ),
  seq: fc
    .array(
      fc.tuple(tie('atom'), quantifier).map(([a, q]) => a + q),
      { minLength: 1, maxLength: 4 },
    )
    .map((parts) => parts.join('')),
})).atom as fc.Arbitrary<string>;
const patternArb = fc
  .tuple(fc.boolean(), fc.array(fc.tuple(atom, quantifier), { minLength: 1, maxLength: 4 }), fc.boolean(), fc.boolean())
  .map(([start, parts, alt, end]) => {
    const body = parts.map(([a, q]) => (/^\\[bB]$/.test(a) ? a : a + q)).join('');
    return `${start ? '^' : ''}${alt ? `(?:${body}|b)` : body}${end ? '$' : ''}`;
  });
const inputArb = fc
  .array(fc.constantFrom('a', 'b', 'c', '1', ' ', '\n', '.', '-', 'é', '😀', '\u2028', '_'), { maxLength: 10 })
  .map((cs) => cs.join(''));

test('every engine answers as RegExp does (property test against the native engine)', () => {
  fc.assert(
    fc.property(patternArb, fc.array(inputArb, { minLength: 1, maxLength: 8 }), (pattern, inputs) => {
      let native: RegExp;
      try {
        native = new RegExp(pattern, 'u');
      } catch {
        return true; // not a u-mode pattern: never reaches the validator
      }
      const safe = compileSchemaPattern(pattern);
      for (const input of inputs)
        assert.equal(
          safe.test(input),
          native.test(input),
          `${pattern} on ${JSON.stringify(input)} (${patternEngine(pattern)})`,
        );
      return true;
    }),
    { numRuns: 400 },
  );
});

test('the linear-time matcher agrees with RegExp on hand-picked corner cases', () => {
  const cases: [string, string[]][] = [
    ['^(a+)+$', ['', 'a', 'aaa', 'aab', 'baa']],
    ['(a|ab)(c|bcd)(d*)', ['abcd', 'acd', 'xabcdx', 'ab']],
    ['\\bfoo\\b', ['foo', 'a foo b', 'afoo', 'foo_']],
    ['^\\s+$', [' \t\u00a0\u2028\ufeff', ' x']],
    ['^.$', ['😀', '\n', '\r', '\u2029', 'é']],
    ['x*$', ['', 'abc']],
    ['^$', ['', 'a']],
    ['(?:)', ['', 'x']],
    ['^[^]*$', ['anything\nat all']],
    ['^\\uD83D\\uDE00+$', ['😀😀', '😀a']],
    ['^a{2,3}(b|c){0,2}$', ['aa', 'aaab', 'aaaa', 'aabcb', 'aacc']],
  ];
  for (const [pattern, inputs] of cases) {
    const safe = compileSchemaPattern(pattern);
    const native = new RegExp(pattern, 'u');
    for (const input of inputs)
      assert.equal(
        safe.test(input),
        native.test(input),
        `${pattern} on ${JSON.stringify(input)} (${patternEngine(pattern)})`,
      );
  }
});

test('the linear-time matcher stays linear on a mebibyte', () => {
  for (const pattern of ['^(a+)+$', '[a-z]+@', '^\\S+@\\S+\\.\\S+$']) {
    const safe = compileSchemaPattern(pattern);
    assert.equal(patternEngine(pattern), 'linear');
    const ms = elapsed(() => safe.test('a'.repeat(1 << 20)));
    assert.ok(ms < 1000, `${pattern} on 1 MiB took ${ms.toFixed(1)} ms`);
  }
});

// The proof that keeps a pattern on V8 is checked against V8 itself: random patterns it keeps
// there must stay fast on long runs of one character (or two) followed by a character that
// makes the match fail, the inputs that make backtracking engines slow.
test('patterns kept on V8 are fast there on adversarial inputs (property test)', () => {
  const N = 5000;
  const inputs: string[] = [];
  for (const c of ['a', 'b', '1', ' ', '.', '-', '\n'])
    for (const end of ['', '!', '\n', 'a', '1', ' ']) inputs.push(c.repeat(N) + end);
  for (const c of ['ab', 'a1', 'a ', '1-', 'a.', 'ba']) inputs.push(c.repeat(N / 2) + '!');
  fc.assert(
    fc.property(patternArb, (pattern) => {
      try {
        new RegExp(pattern, 'u');
      } catch {
        return true;
      }
      if (patternEngine(pattern) !== 'native') return true;
      const re = compileSchemaPattern(pattern);
      const ms = elapsed(() => inputs.forEach((s) => re.test(s)));
      assert.ok(ms < 200, `${pattern}: ${ms.toFixed(0)} ms on V8`);
      return true;
    }),
    { numRuns: 1500 },
  );
});
