import { DecodeError } from '../../errors/DecodeError.ts';
import { Codegen, buildObject, lit } from '../schemaWalk/codegen.ts';
import { bigintToSafeNumber, millisToDate } from '../schemaWalk/values.ts';
import type { BlockBounds, Cursor } from './boundedBlocks.ts';
import type { AvroRecord, AvroShape, AvroUnion } from './avroSchema.ts';

// A body is decoded straight from the Avro bytes into the plain objects a handler receives, by
// JavaScript generated per schema (see schemaWalk/codegen.ts): going through avsc's records and
// wrapped union branches and then copying them into plain objects allocated every value twice.
// The reads mirror avsc's (lib/utils.js `Tap`), including running past the end without throwing:
// the caller checks the final position once, as avsc does. Array and map blocks are held to the
// bytes left by the same BlockBounds as avsc's bounded types (boundedBlocks.ts). Encoding and
// container streams stay on avsc, which also resolves older writer schemas.

/** Avro's zig-zag varint as a number: exact within ±2^52 (avsc's `readLong`); for ints, counts and lengths. */
function readLong(c: Cursor): number {
  const buf = c.buf;
  let n = 0;
  let k = 0;
  let b: number;
  let h: number;
  do {
    b = buf[c.pos++];
    h = b & 0x80;
    n |= (b & 0x7f) << k;
    k += 7;
  } while (h && k < 28);
  if (h) {
    // Beyond 28 bits: float arithmetic, as avsc does.
    let f = n;
    let fk = 268435456;
    do {
      b = buf[c.pos++];
      f += (b & 0x7f) * fk;
      fk *= 128;
    } while (b & 0x80);
    return (f % 2 ? -(f + 1) : f) / 2;
  }
  return (n >> 1) ^ -(n & 1);
}

/** Avro's zig-zag varint as an exact int64 bigint: a float up to 49 bits, BigInt arithmetic beyond. */
function readBigLong(c: Cursor): bigint {
  const buf = c.buf;
  let pos = c.pos;
  let b = buf[pos++];
  let n = b & 0x7f;
  let m = 128;
  while (b & 0x80 && m < 562949953421312) {
    b = buf[pos++];
    n += (b & 0x7f) * m;
    m *= 128;
  }
  if (!(b & 0x80)) {
    c.pos = pos;
    return BigInt(n % 2 ? -(n + 1) / 2 : n / 2);
  }
  let u = BigInt(n);
  let shift = 49n;
  do {
    b = buf[pos++];
    u |= BigInt(b & 0x7f) << shift;
    shift += 7n;
  } while (b & 0x80 && shift < 70n);
  c.pos = pos;
  u = BigInt.asUintN(64, u);
  return (u >> 1n) ^ -(u & 1n);
}

function readBoolean(c: Cursor): boolean {
  return !!c.buf[c.pos++];
}

function readFloat(c: Cursor): number {
  const pos = c.pos;
  c.pos += 4;
  return c.pos > c.buf.length ? 0 : c.buf.readFloatLE(pos);
}

function readDouble(c: Cursor): number {
  const pos = c.pos;
  c.pos += 8;
  return c.pos > c.buf.length ? 0 : c.buf.readDoubleLE(pos);
}

/** The start and end of a length-prefixed run of bytes, or -1 (and the cursor past the end) when it does not fit. */
function span(c: Cursor): number {
  const len = readLong(c);
  const start = c.pos;
  if (len < 0 || start + len > c.buf.length) {
    c.pos = c.buf.length + 1;
    return -1;
  }
  c.pos = start + len;
  return start;
}

function readString(c: Cursor): string {
  const start = span(c);
  return start < 0
    ? ''
    : (c.buf as unknown as { utf8Slice(start: number, end: number): string }).utf8Slice(start, c.pos);
}

/** Bytes as a plain Uint8Array of their own (the body's buffer is not kept alive by a field). */
function readBytes(c: Cursor): Uint8Array {
  const start = span(c);
  if (start < 0) return new Uint8Array(0);
  const out = new Uint8Array(c.pos - start);
  out.set(c.buf.subarray(start, c.pos));
  return out;
}

/** Reads one datum of a shape from a Buffer (a DecodeError when cut off or followed by more bytes). */
export type AvroRead = (buf: Buffer) => unknown;

/** The generated reader for a shape: Avro bytes → the plain in-memory value. */
export function avroReader(shape: AvroShape, bounds: BlockBounds): AvroRead {
  const gen = new Codegen();
  const root = new AvroReaders(gen, bounds).of(shape);
  const read = gen.link([root])[0] as (c: Cursor) => unknown;
  return (buf) => {
    const c: Cursor = { buf, pos: 0 };
    const value = read(c);
    if (c.pos > buf.length)
      throw new DecodeError('invalid Avro data: the datum is cut off', { expected: 'a complete Avro datum' });
    if (c.pos !== buf.length)
      throw new DecodeError(`invalid Avro data: ${buf.length - c.pos} bytes after the datum`, {
        expected: 'one Avro datum',
      });
    return value;
  };
}

class AvroReaders {
  private readonly defs = new Map<object | string, string>();
  private readonly bounds: string;

  constructor(
    private readonly gen: Codegen,
    bounds: BlockBounds,
  ) {
    this.bounds = gen.ref(bounds, 'bounds');
  }

  private long(): string {
    return this.gen.ref(readLong, 'readLong');
  }

  /** The name of a function `(c) => value` reading a shape. */
  of(shape: AvroShape): string {
    const gen = this.gen;
    switch (shape.k) {
      case 'int':
        return this.long();
      case 'long':
        return shape.bigint
          ? gen.ref(readBigLong, 'readBigLong')
          : this.wrap(
              'dLongNumber',
              `${gen.ref(bigintToSafeNumber, 'toSafeNumber')}(${gen.ref(readBigLong, 'readBigLong')}(c))`,
            );
      case 'timestamp':
        // Not readLong: its float arithmetic is exact only within ±2^52, and Dates reach ±8.64e15.
        return this.wrap(
          'dDate',
          `${gen.ref(millisToDate, 'millisToDate')}(${gen.ref(readBigLong, 'readBigLong')}(c))`,
        );
      case 'float':
        return gen.ref(readFloat, 'readFloat');
      case 'double':
        return gen.ref(readDouble, 'readDouble');
      case 'boolean':
        return gen.ref(readBoolean, 'readBoolean');
      case 'string':
        return gen.ref(readString, 'readString');
      case 'bytes':
        return gen.ref(readBytes, 'readBytes');
      case 'enum': {
        return gen.once(this.defs, shape, 'dEnum', (name) => {
          return `function ${name}(c) {
  var i = ${this.long()}(c), v = ${gen.ref([...shape.toSymbol.keys()])}[i];
  if (v === undefined) throw new Failure("invalid ${shape.name} enum index " + i);
  return v;
}`;
        });
      }
      case 'array':
        return this.array(shape.items);
      case 'map':
        return this.map(shape.values);
      case 'nullable':
        return this.nullable(shape.inner, 'null');
      case 'record':
        return this.record(shape.def, undefined);
      case 'union': {
        const cases = this.cases(shape.def);
        return this.wrap('dUnion', `${cases}(c, ${this.long()}(c))`);
      }
    }
  }

  /** A function reading `expr` (so every shape has a name to call). */
  private wrap(prefix: string, expr: string): string {
    const name = this.gen.fresh(prefix);
    this.gen.declare(`function ${name}(c) { return ${expr}; }`);
    return name;
  }

  private array(items: AvroShape): string {
    const item = this.of(items);
    const name = this.gen.fresh('dList');
    this.gen.declare(`function ${name}(c) {
  var o, i = 0, n, size, start, room, head = c.pos;
  while ((n = ${this.long()}(c)) !== 0) {
    size = -1;
    if (n < 0) { n = -n; size = ${this.long()}(c); }
    start = c.pos;
    room = ${this.bounds}.open(c, "array", head, n, size);
    if (o === undefined) o = new Array(n);
    try { for (var end = i + n; i < end; i++) o[i] = ${item}(c); } catch (e) { at(e, i); }
    ${this.bounds}.close(c, "array", head, n, size, start, room);
    head = c.pos;
  }
  return o === undefined ? [] : o;
}`);
    return name;
  }

  private map(values: AvroShape): string {
    const value = this.of(values);
    const name = this.gen.fresh('dMap');
    this.gen.declare(`function ${name}(c) {
  var o = {}, key, n, size, start, room, head = c.pos;
  while ((n = ${this.long()}(c)) !== 0) {
    size = -1;
    if (n < 0) { n = -n; size = ${this.long()}(c); }
    start = c.pos;
    room = ${this.bounds}.open(c, "map", head, n, size);
    try {
      for (var k = 0; k < n; k++) {
        key = ${this.gen.ref(readString, 'readString')}(c);
        if (key === "__proto__") throw new Failure('map key "__proto__" is not allowed');
        o[key] = ${value}(c);
      }
    } catch (e) { at(e, key); }
    ${this.bounds}.close(c, "map", head, n, size, start, room);
    head = c.pos;
  }
  return o;
}`);
    return name;
  }

  /** `["null", …inner]`: branch 0 is `absent` (null, or undefined for an optional field). */
  private nullable(inner: AvroShape, absent: 'null' | 'undefined'): string {
    const name = this.gen.fresh(absent === 'null' ? 'dNull' : 'dOpt');
    const branch =
      inner.k === 'union'
        ? `return ${this.cases(inner.def)}(c, i - 1);`
        : `if (i === 1) return ${this.of(inner)}(c);
  throw new Failure("invalid union index " + i);`;
    this.gen.declare(`function ${name}(c) {
  var i = ${this.long()}(c);
  if (i === 0) return ${absent};
  ${branch}
}`);
    return name;
  }

  /** `(c, i)`: reads case `i` of a tagged union (its records in declaration order). */
  private cases(def: AvroUnion): string {
    return this.gen.once(this.defs, def, `d${def.name}_`, (name) => {
      const cases = def.cases.map(
        (c, i) => `case ${i}: return ${this.record(c.def, { key: def.tag, value: c.name })}(c);`,
      );
      return `function ${name}(c, i) {
  switch (i) {
    ${cases.join('\n    ')}
  }
  throw new Failure("invalid union index " + i);
}`;
    });
  }

  /** A record; a union's case carries its tag first. */
  private record(def: AvroRecord, tag: { key: string; value: string } | undefined): string {
    const key = tag === undefined ? def : `${def.fullName}\u0000${tag.value}`;
    return this.gen.once(this.defs, key, `d${def.name}_`, (name) => {
      const lines = def.fields.map((f, i) => {
        const read = f.optional
          ? this.nullable(f.shape.k === 'nullable' ? f.shape.inner : f.shape, 'undefined')
          : this.of(f.shape);
        return `k = ${lit(f.memory)}; f${i} = ${read}(c);`;
      });
      const first: [string, string][] = tag === undefined ? [] : [[tag.key, lit(tag.value)]];
      const fields = def.fields.map((f, i) => ({ key: f.memory, local: `f${i}`, optional: f.optional }));
      return `function ${name}(c) {
  var k${def.fields.map((_, i) => `, f${i}`).join('')};
  try {
    ${lines.join('\n    ')}
  } catch (e) { at(e, k); }
  ${buildObject('o', first, fields)}
  return o;
}`;
    });
  }
}
