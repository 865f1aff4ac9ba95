import type * as Avsc from 'avsc';
import { DecodeError } from '../../errors/DecodeError.ts';

// avsc reads an array or map block by looping over the count the bytes claim, and checks the
// position only after the whole datum: a count of 2^40 in a 10-byte body loops and allocates
// until the process dies. These subclasses of avsc's array and map types read blocks the same
// way but first hold each count to the bytes left. An item of a non-empty type takes at least one
// byte, so a block may claim at most as many items as bytes remain; items that take no bytes
// (records without fields) are the exception, and a per-datum budget bounds them instead. The
// check needs no knowledge of the item type: a block that claims more items than bytes remain,
// or whose items took fewer bytes than their count, is charged to that budget. avsc's resolvers
// (schema evolution) reuse the reader type's `_read`, so they are bounded too.

/** A position in the bytes being read: avsc's `Tap` (lib/utils.js) or kitgen's own reader's. */
export interface Cursor {
  readonly buf: Buffer;
  pos: number;
}

/** avsc's cursor over the bytes being read (`Tap` in avsc's lib/utils.js). */
interface Tap extends Cursor {
  readLong(): number;
  readString(): string;
  skipString(): void;
}

/** What avsc's readers call on a type or resolver. */
interface Reader {
  _read(tap: Tap): unknown;
  _skip(tap: Tap): void;
}

const EXPECTED = 'an Avro datum whose array and map blocks fit in its bytes';

/** Default of `maxZeroByteItems`: most items one datum may hold in blocks averaging under a byte per item. */
export const DEFAULT_MAX_ZERO_BYTE_ITEMS = 100_000;

function corrupt(message: string): DecodeError {
  return new DecodeError(`invalid Avro data: ${message}`, { expected: EXPECTED });
}

/** The block checks of one codec, shared by avsc's bounded types and kitgen's generated reader (avroRead.ts). */
export class BlockBounds {
  // Items charged per datum; a cursor lives for one datum's decode.
  private readonly charged = new WeakMap<Cursor, number>();

  constructor(private readonly maxZeroByteItems: number) {}

  /**
   * Checks a block's header (count `n`, byte `size` or -1) before its items are read; returns
   * the bytes its items may take (the size, or all that remain).
   */
  open(tap: Cursor, kind: string, at: number, n: number, size: number): number {
    const left = tap.buf.length - tap.pos;
    if (left < 0) throw corrupt(`the ${kind} block header at byte ${at} is cut off`);
    if (size > left) throw corrupt(`the ${kind} block at byte ${at} claims ${size} bytes but ${left} remain`);
    const room = size >= 0 ? size : left;
    if (n > room) this.charge(tap, kind, at, n, room);
    return room;
  }

  /** Checks a block of `n` items after they were read from `start`, `room` being what {@link open} returned. */
  close(tap: Cursor, kind: string, at: number, n: number, size: number, start: number, room: number): void {
    const used = tap.pos - start;
    if (size >= 0 && used !== size)
      throw corrupt(`the ${kind} block at byte ${at} claims ${size} bytes but its ${n} items take ${used}`);
    if (n <= room && used < n) this.charge(tap, kind, at, n, room);
  }

  /**
   * Reads an array's or a map's blocks up to the empty one that ends it: each header is checked
   * ({@link open}) before `items(n, size)` reads or skips its `n` items, and what they took is
   * checked after ({@link close}). One call per block, not per item.
   */
  blocks(tap: Tap, kind: string, items: (n: number, size: number) => void): void {
    let n: number;
    let at = tap.pos;
    while ((n = tap.readLong()) !== 0) {
      let size = -1;
      if (n < 0) {
        n = -n;
        size = tap.readLong();
      }
      const start = tap.pos;
      const room = this.open(tap, kind, at, n, size);
      items(n, size);
      this.close(tap, kind, at, n, size, start, room);
      at = tap.pos;
    }
  }

  /**
   * Skips an array or map (a writer's field the reader does not have), blocks checked as when
   * reading; a block with a byte size is jumped over whole.
   */
  skip(tap: Tap, kind: string, skipItem: () => void): void {
    this.blocks(tap, kind, (n, size) => {
      if (size >= 0) tap.pos += size;
      else for (let k = 0; k < n; k++) skipItem();
    });
  }

  private charge(tap: Cursor, kind: string, at: number, n: number, room: number): void {
    const total = (this.charged.get(tap) ?? 0) + n;
    if (total > this.maxZeroByteItems) {
      throw corrupt(
        `the ${kind} block at byte ${at} claims ${n} items in ${room} bytes; an item takes a byte or more ` +
          `unless its type is empty, and a datum may hold at most ${this.maxZeroByteItems} such items`,
      );
    }
    this.charged.set(tap, total);
  }
}

/**
 * The type hook part that replaces avsc's array and map types with bounded ones: returns the
 * type for an array or map schema, `undefined` for any other.
 */
export function boundedBlockTypes(
  avro: typeof Avsc,
  bounds: BlockBounds,
): (schema: Avsc.Schema, opts: Avsc.ForSchemaOptions) => Avsc.Type | undefined {
  class BoundedArrayType extends avro.types.ArrayType {
    _read(this: { itemsType: Reader }, tap: Tap): unknown[] {
      const items = this.itemsType;
      const value: unknown[] = [];
      bounds.blocks(tap, 'array', (n) => {
        for (let k = 0; k < n; k++) value.push(items._read(tap));
      });
      return value;
    }

    _skip(this: { itemsType: Reader }, tap: Tap): void {
      const items = this.itemsType;
      bounds.skip(tap, 'array', () => items._skip(tap));
    }
  }

  class BoundedMapType extends avro.types.MapType {
    _read(this: { valuesType: Reader }, tap: Tap): Record<string, unknown> {
      const values = this.valuesType;
      // A plain `{}` as avsc builds it: the converter refuses a "__proto__" key that replaced the prototype.
      const value: Record<string, unknown> = {};
      bounds.blocks(tap, 'map', (n) => {
        for (let k = 0; k < n; k++) {
          const key = tap.readString();
          value[key] = values._read(tap);
        }
      });
      return value;
    }

    _skip(this: { valuesType: Reader }, tap: Tap): void {
      const values = this.valuesType;
      bounds.skip(tap, 'map', () => {
        tap.skipString();
        values._skip(tap);
      });
    }
  }

  return (schema, opts) => {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return undefined;
    const type = (schema as { type?: unknown }).type;
    if (type === 'array') return new BoundedArrayType(schema, opts);
    if (type === 'map') return new BoundedMapType(schema, opts);
    return undefined;
  };
}
