import { DecodeError } from '../../errors/DecodeError.ts';
import type { FrameHeaderReader } from '../schemaWalk/frames.ts';

// A stream of concatenated MsgPack values has no length prefixes: a value's size follows from
// its bytes. This sizes the next value from the format table (MessagePack spec, "Formats") so a
// truncated stream can be told apart from a complete one; @msgpack/msgpack decodes the value.

/**
 * Bytes after the type byte, and nested items (two per map entry), for each fixed-layout type
 * byte (0xc0–0xdf); `at(o)` is the byte `o` places after the type byte, undefined past the end.
 */
export function layout(
  byte: number,
  at: (offset: number) => number | undefined,
): { extra: number; items: number } | 'need' | 'invalid' {
  const u8 = (o: number) => at(o);
  const u16 = (o: number) => {
    const a = at(o);
    const b = at(o + 1);
    return a === undefined || b === undefined ? undefined : (a << 8) | b;
  };
  const u32 = (o: number) => {
    const h = u16(o);
    const l = u16(o + 2);
    return h === undefined || l === undefined ? undefined : h * 65536 + l;
  };
  const sized = (size: number | undefined, header: number, perItem = 0): { extra: number; items: number } | 'need' =>
    size === undefined
      ? 'need'
      : perItem === 0
        ? { extra: header + size, items: 0 }
        : { extra: header, items: size * perItem };
  switch (byte) {
    case 0xc0:
    case 0xc2:
    case 0xc3:
      return { extra: 0, items: 0 };
    case 0xc1:
      return 'invalid';
    case 0xc4:
      return sized(u8(1), 1);
    case 0xc5:
      return sized(u16(1), 2);
    case 0xc6:
      return sized(u32(1), 4);
    case 0xc7:
      return sized(u8(1), 2);
    case 0xc8:
      return sized(u16(1), 3);
    case 0xc9:
      return sized(u32(1), 5);
    case 0xca:
      return { extra: 4, items: 0 };
    case 0xcb:
      return { extra: 8, items: 0 };
    case 0xcc:
    case 0xd0:
      return { extra: 1, items: 0 };
    case 0xcd:
    case 0xd1:
      return { extra: 2, items: 0 };
    case 0xce:
    case 0xd2:
      return { extra: 4, items: 0 };
    case 0xcf:
    case 0xd3:
      return { extra: 8, items: 0 };
    case 0xd4:
      return { extra: 2, items: 0 };
    case 0xd5:
      return { extra: 3, items: 0 };
    case 0xd6:
      return { extra: 5, items: 0 };
    case 0xd7:
      return { extra: 9, items: 0 };
    case 0xd8:
      return { extra: 17, items: 0 };
    case 0xd9:
      return sized(u8(1), 1);
    case 0xda:
      return sized(u16(1), 2);
    case 0xdb:
      return sized(u32(1), 4);
    case 0xdc:
      return sized(u16(1), 2, 1);
    case 0xdd:
      return sized(u32(1), 4, 1);
    case 0xde:
      return sized(u16(1), 2, 2);
    case 0xdf:
      return sized(u32(1), 4, 2);
    default:
      return 'invalid';
  }
}

/**
 * A frame reader for concatenated MsgPack values: the next value's length once all of it has
 * arrived (resuming where the last attempt stopped), `undefined` before.
 */
export function msgpackValueLength(maxBytes: number): FrameHeaderReader {
  let state = { item: -1, pos: 0, pending: 1 };
  return (queue, item) => {
    if (state.item !== item) state = { item, pos: 0, pending: 1 };
    const bytes = queue.contiguous();
    const at = (o: number) => (state.pos + o < bytes.length ? bytes[state.pos + o] : undefined);
    while (state.pending > 0) {
      if (state.pos > maxBytes) {
        throw new DecodeError(
          `MsgPack stream item ${item} at byte ${queue.consumed} is longer than the limit of ${maxBytes} bytes`,
          { pointer: `/${item}` },
        );
      }
      const byte = at(0);
      if (byte === undefined) return undefined;
      let extra = 0;
      let items = 0;
      if (byte <= 0x7f || byte >= 0xe0) extra = 0;
      else if (byte <= 0x8f) items = (byte & 0x0f) * 2;
      else if (byte <= 0x9f) items = byte & 0x0f;
      else if (byte <= 0xbf) extra = byte & 0x1f;
      else {
        const l = layout(byte, at);
        if (l === 'need') return undefined;
        if (l === 'invalid') {
          throw new DecodeError(
            `corrupt MsgPack stream: item ${item} has the invalid type byte 0x${byte.toString(16)} at byte ${queue.consumed + state.pos}`,
            {
              pointer: `/${item}`,
              expected: 'a MsgPack value',
            },
          );
        }
        extra = l.extra;
        items = l.items;
      }
      state.pos += 1 + extra;
      state.pending += items - 1;
    }
    if (state.pos > bytes.length) return undefined;
    return { headerBytes: 0, bodyBytes: state.pos };
  };
}
