import { DecodeError } from '../../errors/DecodeError.ts';
import { layout } from './msgpackFrames.ts';

/**
 * Default limit on how deeply arrays and maps may nest in one MsgPack value. @msgpack/msgpack
 * keeps a state object per open level, so a megabyte of `0x91` bytes (a million arrays, one
 * inside the next) cost about 150 MiB and over a second to decode; real documents nest a few
 * dozen levels at most. It is lower than JSON's 5000 (CodecConfig.maxDepth) because
 * @msgpack/msgpack's encoder recurses once per level and runs out of stack between 2,500 and
 * 4,000 levels (the JIT tier decides), where the JSON codec writes without recursion: 1000
 * levels are written back as they were read.
 */
export const DEFAULT_MAX_MSGPACK_DEPTH = 1000;

/**
 * Refuses a MsgPack value whose arrays and maps nest deeper than `maxDepth`, before anything is
 * decoded: one pass over the type bytes (string and binary payloads are skipped, not read),
 * holding one counter per open level. Truncated or invalid bytes are left for the decoder to
 * report; this only looks at nesting.
 */
export function checkMsgpackDepth(bytes: Uint8Array, maxDepth: number): void {
  const n = bytes.length;
  // Items still to come in each open array or map, innermost last.
  const open: number[] = [];
  let pos = 0;
  const at = (o: number): number | undefined => (pos + o < n ? bytes[pos + o] : undefined);
  while (pos < n) {
    const byte = bytes[pos];
    let extra = 0;
    let items = 0;
    if (byte <= 0x7f || byte >= 0xe0) extra = 0;
    else if (byte <= 0x8f) items = (byte & 0x0f) * 2;
    else if (byte <= 0x9f) items = byte & 0x0f;
    else if (byte <= 0xbf) extra = byte & 0x1f;
    else {
      const l = layout(byte, at);
      if (l === 'need' || l === 'invalid') return;
      extra = l.extra;
      items = l.items;
    }
    if (open.length > 0) open[open.length - 1]--;
    if (items > 0) {
      if (open.length >= maxDepth) {
        throw new DecodeError(
          `invalid MsgPack data: arrays and maps nest deeper than ${maxDepth} levels (at byte ${pos})`,
          {
            expected: `at most ${maxDepth} levels of nested arrays and maps`,
          },
        );
      }
      open.push(items);
    }
    while (open.length > 0 && open[open.length - 1] === 0) open.pop();
    pos += 1 + extra;
  }
}
