// A pattern whose braces start no quantifier (`[0-9]{,2}`: text under ECMA-262 Annex B, a syntax
// error in the validator's unicode mode) is kept, rewritten to mean what it says as written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unicodePattern } from '../src/model/patterns.ts';

test('braces that start no quantifier are escaped; quantifiers and class braces are kept', () => {
  const cases: Array<[string, string]> = [
    ['^1[0-9]{,2}$', '^1[0-9]\\{,2\\}$'],
    ['^a{2}b{1,}c{1,3}$', '^a{2}b{1,}c{1,3}$'],
    ['^x}$', '^x\\}$'],
    ['^[{}]+\\d{2}$', '^[{}]+\\d{2}$'],
  ];
  for (const [written, expected] of cases) assert.equal(unicodePattern(written), expected, written);
  // The rewritten expression (unicode mode) accepts exactly what the written one (Annex B) does.
  const samples = ['1', '12', '1{,2}', '1[0-9]', 'aabccc', 'aabbc', 'x}', 'x', '{}{}12', '{1'];
  for (const [written] of cases) {
    const rewritten = new RegExp(unicodePattern(written) as string, 'u');
    for (const s of samples)
      assert.equal(rewritten.test(s), new RegExp(written).test(s), `${written} on ${JSON.stringify(s)}`);
  }
});

test("ijenko's functionality selector is kept and refuses what it does not describe", () => {
  const written =
    '^(?:\\\\*|(?:[A-Z][A-Za-z0-9]+(?:@(?:0|1[0-9]{,2}|[3-9][0-9]?|2(?:[0-4][0-9]?|5[0-5]?|[6-9])?))?|[a-z][a-z0-9_:]{0,20}|[A-Za-z0-9-_]{22})(?:\\\\|(?:[A-Z][A-Za-z0-9]+(?:@(?:0|1[0-9]{,2}|[3-9][0-9]?|2(?:[0-4][0-9]?|5[0-5]?|[6-9])?))?|[a-z][a-z0-9_:]{0,20}|[A-Za-z0-9-_]{22}))*)$';
  const kept = unicodePattern(written);
  assert.ok(kept !== undefined);
  const re = new RegExp(kept, 'u');
  for (const s of ['zz-invalid', 'lamp', 'Light@7', 'zz-invalid|lamp'])
    assert.equal(re.test(s), new RegExp(written).test(s), s);
  assert.equal(re.test('zz-invalid'), false);
  assert.equal(re.test('lamp'), true);
});
