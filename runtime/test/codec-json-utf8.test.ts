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

test('an ASCII body reads the same from any view of its bytes, and one byte past ASCII takes the UTF-8 road', () => {
  const text = JSON.stringify({ s: 'plain \t ~ \u007f text' });
  const inner = bytes(text);
  const framed = new Uint8Array(inner.length + 7);
  framed.set(inner, 3);
  const views = [inner, framed.subarray(3, 3 + inner.length), Buffer.from(text), new Uint8Array(Buffer.from(text))];
  for (const view of views) {
    const r = codec.decode(view);
    assert.deepEqual(r._tag === 'right' && r.right, { s: 'plain \t ~ \u007f text' });
  }
  const latin = codec.decode(bytes('{"s":"caf', [0xe9], '"}'));
  assert.equal(latin._tag, 'left', 'a Latin-1 byte is not UTF-8');
  const two = codec.decode(bytes('{"s":"caf', [0xc3, 0xa9], '"}'));
  assert.deepEqual(two._tag === 'right' && two.right, { s: 'café' });
});
