// Referee for ThriftCodec: Python code the Thrift compiler (Debian thrift-compiler) generates
// from the .thrift kitgen emits, on the Thrift Python library (python3-thrift). Single structs
// and framed streams, in both directions; the binary protocol writes fields in declaration
// order, so Python re-encoding what it read must give kitgen's bytes back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Either, ThriftCodec } from '@kitgen/runtime';
import { collect, concat, corpus, Everything, from, hex, unhex, type EverythingValue } from './codec-support/corpus.ts';
import { hasCommand, pythonWith, run, runPython, tempDir } from './codec-support/referees.ts';

const codec = ThriftCodec.thriftBinaryCodec(Everything);
const python = pythonWith(['thrift.protocol.TBinaryProtocol']);
const ready = python !== undefined && hasCommand('thrift');

interface Answer {
  reencoded: string[];
  views: Record<string, unknown>[];
  streamed: string[];
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
  if (!ready) return;
  const dir = tempDir('thrift');
  writeFileSync(join(dir, 'everything.thrift'), codec.idl);
  run('thrift', ['--gen', 'py', '-out', dir, join(dir, 'everything.thrift')]);
  const stream = concat(await collect(codec.streamEncoder(from(values))));
  answer = runPython<Answer>(python!, 'referee_thrift.py', {
    generated: dir,
    module: 'everything',
    struct: codec.structName,
    payloads: payloads.map(hex),
    stream: hex(stream),
    streamCount: values.length,
  });
});

test("Thrift-generated Python reads kitgen's structs and framed stream, kitgen reads Python's", async (t) => {
  if (answer === undefined) return t.skip('thrift compiler or python3-thrift not installed');
  corpus.forEach(([label], i) => {
    assert.equal(
      answer!.reencoded[i],
      hex(payloads[i]),
      `${label}: Python re-encodes the struct it read byte for byte`,
    );
    assert.deepStrictEqual(decoded(unhex(answer!.reencoded[i])), values[i], label);
    assert.equal(answer!.streamed[i], hex(payloads[i]), `${label}: read from kitgen's framed stream`);
  });
  const low = answer.views[1];
  assert.deepStrictEqual(
    [low.i32_, low.i64_, low.i64n, low.f32, low.f64],
    [-(2 ** 31), { $int: '-9223372036854775808' }, -(2 ** 53 - 1), '-Infinity', 'NaN'],
  );
  assert.deepStrictEqual(low.shape, { rect: { w: 1e308, h: -1e-308 } });
  assert.equal(answer.views[4].text, values[4].text);
  assert.equal(answer.views[4].color, 3, 'dark-blue is enum value 3');
  assert.deepStrictEqual(answer.views[4].blob, { $bytes: hex(values[4].blob) });
  assert.equal('nick' in answer.views[5], false);
  assert.deepStrictEqual(await collect(codec.streamDecoder(from([unhex(answer.stream)]))), values);
});

test('a struct Python builds by hand decodes to the value it spells', (t) => {
  if (answer === undefined) return t.skip('thrift compiler or python3-thrift not installed');
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
