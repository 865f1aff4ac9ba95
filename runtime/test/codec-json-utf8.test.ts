// The JSON codec reads bytes with the replacing UTF-8 decoder and decodes strictly only a text
// holding U+FFFD: invalid bytes must still be refused, and a genuine U+FFFD still accepted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonCodec, Schema } from '@kitgen/runtime';

const codec = JsonCodec.schemaBasedBinaryCodec(Schema.Object({ s: Schema.String() }));
const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

test('invalid UTF-8 is refused, wherever it sits and whatever else the text holds', () => {
  for (const bad of [
    bytes('{"s":"', [0xff], '"}'),
    bytes('{"s":"', [0xc3], '"}'),
    bytes('{"s":"\uFFFD', [0xed, 0xa0, 0x80], '"}'),
    bytes('{"s":"é', [0xe2, 0x82], '"}'),
  ]) {
    const r = codec.decode(bad);
    assert.equal(r._tag, 'left');
    assert.match(r._tag === 'left' ? r.left.message : '', /not valid UTF-8/);
  }
});

test('valid UTF-8 decodes as the strict decoder reads it, a genuine U+FFFD and a BOM included', () => {
  for (const s of ['plain', 'é ü 中文 😀', '\uFFFD', 'a\uFFFDb']) {
    const r = codec.decode(bytes(JSON.stringify({ s })));
    assert.deepEqual(r._tag === 'right' && r.right, { s });
  }
  const bom = codec.decode(bytes([0xef, 0xbb, 0xbf], '{"s":"x"}'));
  const strict = new TextDecoder('utf-8', { fatal: true }).decode(bytes([0xef, 0xbb, 0xbf], '{"s":"x"}'));
  assert.equal(bom._tag, strict.startsWith('{') ? 'right' : 'left');
});
