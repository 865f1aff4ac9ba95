// The body's walk checks date-time first character by character, for the form nearly every value
// takes, and only then by isDateTime's regular expressions, which define the format. The first
// reading must accept nothing the second refuses, and must take the common forms itself (or it
// saves nothing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isDateTime } from '../src/schema/lightFormats.ts';
import { isCommonDateTime, isDateTimeQuickly } from '../src/codec/json/dateTimeCheck.ts';

const pick = (values: string[]) => fc.constantFrom(...values);
const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
// Mostly values in range, so that the character reading is taken often; its bounds and any digits otherwise.
const within = (min: number, max: number) => fc.integer({ min, max }).map((n) => String(n).padStart(2, '0'));
const field = (min: number, max: number) =>
  fc.oneof(
    { weight: 6, arbitrary: within(min, max) },
    { weight: 1, arbitrary: pick(['00', '12', '13', '23', '24', '28', '29', '30', '31', '59', '60', '99']) },
    { weight: 1, arbitrary: digits(2) },
  );
const years = fc.oneof(pick(['2024', '2023', '2000', '1900', '2100', '0000', '9999']), digits(4));
const separators = fc.oneof(
  { weight: 6, arbitrary: pick(['T', 't', ' ']) },
  { weight: 1, arbitrary: pick(['_', 'TT', '']) },
);
const dashes = fc.oneof({ weight: 8, arbitrary: fc.constant('-') }, { weight: 1, arbitrary: fc.constant('/') });
const fractions = pick(['', '', '.1', '.123', '.123456789', '.', '.x', ',5']);
const offsets = fc.oneof(
  { weight: 4, arbitrary: pick(['Z', 'z', '+01:00', '-01:00', '+00:00', '-23:59']) },
  {
    weight: 1,
    arbitrary: pick([
      '+24:00',
      '+01:60',
      '+0100',
      '+01',
      '',
      'ZZ',
      ' Z',
      '+01:00Z',
      '[Europe/Paris]',
      'Z[Europe/Paris]',
    ]),
  },
);

/** Date-time-like strings: every part near its bounds, and one character changed at random now and then. */
const dateTimes = fc
  .tuple(
    years,
    field(1, 12),
    field(1, 31),
    separators,
    field(0, 23),
    field(0, 59),
    field(0, 59),
    fractions,
    offsets,
    dashes,
  )
  .map(([y, mo, d, sep, h, mi, s, frac, off, dash]) => `${y}${dash}${mo}-${d}${sep}${h}:${mi}:${s}${frac}${off}`)
  .chain((text) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(text) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.nat(text.length), fc.string({ minLength: 0, maxLength: 1 }))
          .map(([at, c]) => text.slice(0, at) + c + text.slice(at + 1)),
      },
    ),
  );

test('the character reading accepts only what the patterns accept', () => {
  let taken = 0;
  fc.assert(
    fc.property(dateTimes, (text) => {
      const fast = isCommonDateTime(text);
      if (fast) taken++;
      assert.equal(isDateTimeQuickly(text), isDateTime(text), text);
      if (fast) assert.ok(isDateTime(text), `${text} accepted by the character reading alone`);
    }),
    { numRuns: 6000 },
  );
  assert.ok(taken > 600, `the character reading took ${taken} of 6,000 values`);
});

test('the common forms are read by characters; leap seconds, short offsets and suffixes by the patterns', () => {
  for (const text of [
    '2026-11-27T10:15:30Z',
    '2026-11-27T10:15:30.123Z',
    '2026-11-27t10:15:30z',
    '2026-11-27 10:15:30+01:00',
    '2024-02-29T23:59:59-23:59',
  ])
    assert.ok(isCommonDateTime(text) && isDateTimeQuickly(text), text);
  for (const text of [
    '2016-12-31T23:59:60Z',
    '2026-11-27T10:15:30+0100',
    '2026-11-27T10:15:30+01',
    '2026-11-27T10:15:30Z[Europe/Paris]',
  ])
    assert.ok(!isCommonDateTime(text) && isDateTimeQuickly(text), text);
  for (const text of [
    '2023-02-29T10:15:30Z',
    '2026-13-01T10:15:30Z',
    '2026-11-27T24:00:00Z',
    '2026-11-27T10:15:30',
    '2026-11-27T10:15:30.Z',
  ])
    assert.ok(!isDateTimeQuickly(text), text);
});
