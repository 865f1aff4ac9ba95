// Referee for AvroCodec: Apache Avro's own Python library (Debian python3-avro) with the schema
// kitgen emits. Single datums and object container files, in both directions; Avro's binary
// encoding is canonical, so Python re-encoding what it read must give kitgen's bytes back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AvroCodec, Either } from '@kitgen/runtime';
import { collect, concat, corpus, Everything, from, hex, unhex, type EverythingValue } from './codec-support/corpus.ts';
import { pythonWith, runPython } from './codec-support/referees.ts';

const codec = AvroCodec.schemaBasedBinaryCodec(Everything);
const python = pythonWith(['avro.io', 'avro.datafile']);

interface Answer {
  reencoded: string[];
  views: Record<string, unknown>[];
  streamed: string[];
  container: string;
  handwritten: string;
}

function decoded(bytes: Uint8Array): EverythingValue {
  const result = codec.decode(bytes);
  if (Either.isLeft(result)) assert.fail(result.left.message);
  return result.right;
}

// One run of the referee answers every question below.
let answer: Answer | undefined;
const values = corpus.map(([, v]) => v);
const payloads = values.map((v) => codec.encode(v));
test.before(async () => {
  if (python === undefined) return;
  const container = concat(await collect(codec.streamEncoder(from(values))));
  answer = runPython<Answer>(python, 'referee_avro.py', {
    schema: codec.idl,
    payloads: payloads.map(hex),
    container: hex(container),
  });
});

test("Python avro reads kitgen's datums and container, kitgen reads Python's", async (t) => {
  if (answer === undefined) return t.skip('python3-avro not installed');
  corpus.forEach(([label], i) => {
    assert.equal(answer!.reencoded[i], hex(payloads[i]), `${label}: Python re-encodes the datum it read byte for byte`);
    assert.deepStrictEqual(decoded(unhex(answer!.reencoded[i])), values[i], label);
    assert.equal(answer!.streamed[i], hex(payloads[i]), `${label}: read from kitgen's container`);
  });
  // What Python saw, in its own terms.
  const low = answer.views[1];
  assert.deepStrictEqual(
    [low.i32, low.i64, low.i64n, low.f32, low.f64],
    [-(2 ** 31), { $int: '-9223372036854775808' }, -(2 ** 53 - 1), '-Infinity', 'NaN'],
  );
  assert.deepStrictEqual(low.scores, { max: { $int: '9223372036854775807' }, min: { $int: '-9223372036854775808' } });
  const unicode = answer.views[4];
  assert.equal(unicode.text, values[4].text);
  assert.equal(unicode.color, 'dark_blue');
  assert.deepStrictEqual(unicode.blob, { $bytes: hex(values[4].blob) });
  assert.deepStrictEqual(answer.views[5].nick, null);

  // Python's container is deflate-compressed: kitgen's stream decoder reads it.
  assert.deepStrictEqual(await collect(codec.streamDecoder(from([unhex(answer.container)]))), values);
});

test('a datum Python builds by hand decodes to the value it spells', (t) => {
  if (answer === undefined) return t.skip('python3-avro not installed');
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
