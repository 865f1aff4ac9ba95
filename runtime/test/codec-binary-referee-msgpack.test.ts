// Referee for MessagePackCodec: the msgpack Python library (Debian python3-msgpack). Single
// values and concatenated streams, in both directions, plus a value Python builds itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Either, MessagePackCodec } from '@kitgen/runtime';
import { collect, concat, corpus, Everything, from, hex, unhex, type EverythingValue } from './codec-support/corpus.ts';
import { pythonWith, runPython } from './codec-support/referees.ts';

const codec = MessagePackCodec.messagePackCodec(Everything);
const python = pythonWith(['msgpack']);

interface Answer {
  reencoded: string[];
  views: Record<string, unknown>[];
  stream: string;
  handwritten: string;
}

function decoded(bytes: Uint8Array): EverythingValue {
  const result = codec.decode(bytes);
  if (Either.isLeft(result)) assert.fail(result.left.message);
  return result.right;
}

let answer: Answer | undefined;
const values = corpus.map(([, v]) => v);
const payloads = values.map((v) => codec.encode(v));
test.before(async () => {
  if (python === undefined) return;
  const stream = concat(await collect(codec.streamEncoder(from(values))));
  answer = runPython<Answer>(python, 'referee_msgpack.py', { payloads: payloads.map(hex), stream: hex(stream) });
});

test("Python msgpack reads kitgen's values and stream, kitgen reads Python's", async (t) => {
  if (answer === undefined) return t.skip('python3-msgpack not installed');
  corpus.forEach(([label], i) => {
    // Both pick the smallest format for each value, so Python's re-encoding is byte for byte kitgen's.
    assert.equal(answer!.reencoded[i], hex(payloads[i]), `${label}: Python re-encodes what it read byte for byte`);
    assert.deepStrictEqual(decoded(unhex(answer!.reencoded[i])), values[i], label);
  });
  const low = answer.views[1];
  assert.deepStrictEqual(
    [low.i32, low.i64, low.i64n, low.f32, low.f64],
    [-(2 ** 31), { $int: '-9223372036854775808' }, -(2 ** 53 - 1), '-Infinity', 'NaN'],
  );
  assert.deepStrictEqual(low.longs, [
    { $int: '9223372036854775807' },
    { $int: '-9223372036854775808' },
    0,
    2 ** 32,
    -(2 ** 31) - 1,
  ]);
  assert.deepStrictEqual(low.shape, { kind: 'Rect', w: 1e308, h: -1e-308 });
  assert.equal(answer.views[4].text, values[4].text);
  assert.deepStrictEqual(answer.views[4].blob, { $bytes: hex(values[4].blob) });
  assert.equal('nick' in answer.views[5], false, 'an absent field is not written as nil');
  assert.deepStrictEqual(await collect(codec.streamDecoder(from([unhex(answer.stream)]))), values);
});

test('a value Python builds by hand decodes to the value it spells', (t) => {
  if (answer === undefined) return t.skip('python3-msgpack not installed');
  const expected: EverythingValue = {
    i32: -(2 ** 31),
    i64: 2n ** 63n - 1n,
    i64n: -(2 ** 53 - 1),
    f32: 0.25,
    f64: -Infinity,
    flag: true,
    text: 'Grüße 🌍',
    blob: new Uint8Array([0, 1, 255]),
    color: 'dark-blue',
    maybeColor: null,
    count: 5,
    note: null,
    tags: ['x'],
    longs: [-1n, 2n ** 32n],
    matrix: [[1.5], []],
    scores: { k: -(2n ** 63n) },
    byName: { a: { street: 's' } },
    home: { street: 'h', zip: 'z' },
    work: null,
    shape: { kind: 'Rect', w: 1, h: 2 },
    shapes: [{ kind: 'Circle', radius: 3 }, { kind: 'Empty' }],
    maybeShape: null,
    tree: { label: 'r', children: [{ label: 'c', children: [] }] },
  };
  assert.deepStrictEqual(decoded(unhex(answer.handwritten)), expected);
});
