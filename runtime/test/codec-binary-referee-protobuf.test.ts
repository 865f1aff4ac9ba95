// Referee for ProtobufCodec: protoc (Debian protobuf-compiler), reading the .proto kitgen emits.
// kitgen's bytes → protoc --decode → text → protoc --encode → kitgen decodes the original value;
// and a message written by hand in protobuf text format decodes to the value it spells.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Either, ProtobufCodec } from '@kitgen/runtime';
import { corpus, Everything, type EverythingValue } from './codec-support/corpus.ts';
import { hasCommand, run, tempDir } from './codec-support/referees.ts';

const codec = ProtobufCodec.protobufCodec(Everything, { package: 'kitgen.test' });

function protoc(mode: '--decode' | '--encode', input: Uint8Array | string): Buffer {
  const dir = tempDir('proto');
  writeFileSync(join(dir, 'everything.proto'), codec.idl);
  return run('protoc', [`${mode}=${codec.messageName}`, `-I${dir}`, join(dir, 'everything.proto')], input);
}

function decoded(bytes: Uint8Array): EverythingValue {
  const result = codec.decode(bytes);
  if (Either.isLeft(result)) assert.fail(result.left.message);
  return result.right;
}

test("protoc reads every corpus message kitgen writes, and kitgen reads protoc's re-encoding", (t) => {
  if (!hasCommand('protoc')) return t.skip('protoc not installed');
  for (const [label, value] of corpus) {
    const text = protoc('--decode', codec.encode(value)).toString('utf8');
    const back = protoc('--encode', text);
    assert.deepStrictEqual(decoded(back), value, label);
    if (label === 'extremes (low)') {
      // What protoc saw, in its own words.
      assert.match(text, /^i32: -2147483648$/m);
      assert.match(text, /^i64: -9223372036854775808$/m);
      assert.match(text, /^i64n: -9007199254740991$/m);
      assert.match(text, /^f32: -inf$/m);
      assert.match(text, /^f64: nan$/m);
      assert.match(text, /^longs: 9223372036854775807$/m);
      assert.match(text, /^shape \{\n  rect \{\n    w: 1e\+308\n    h: -1e-308\n  \}\n\}$/m);
    }
    if (label === 'unicode') assert.match(text, /^color: COLOR_DARK_BLUE$/m);
    if (label === 'absent and null') {
      for (const absent of ['nick', 'count', 'note', 'maybeColor', 'work', 'maybeShape'])
        assert.doesNotMatch(text, new RegExp(`^${absent}[ :{]`, 'm'), absent);
    }
  }
});

test('a message written by hand in protobuf text format decodes to the value it spells', (t) => {
  if (!hasCommand('protoc')) return t.skip('protoc not installed');
  const text = `
    i32: -2147483648
    i64: 9223372036854775807
    i64n: -9007199254740991
    f32: 0.25
    f64: -inf
    flag: true
    text: "Grüße 🌍"
    blob: "\\000\\001\\377"
    color: COLOR_DARK_BLUE
    count: 5
    nick: ""
    tags: "x"
    longs: [-1, 4294967296]
    matrix { items: 1.5 }
    matrix { }
    scores { key: "k" value: -9223372036854775808 }
    byName { key: "a" value { street: "s" } }
    home { street: "h" zip: "z" }
    shape { rect { w: 1 h: 2 } }
    shapes { circle { radius: 3 } }
    shapes { empty { } }
    tree { label: "r" children { label: "c" } }
  `;
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
    nick: '',
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
  assert.deepStrictEqual(decoded(protoc('--encode', text)), expected);
});
