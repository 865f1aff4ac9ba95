import { buildObject, Codegen, lit } from '../schemaWalk/codegen.ts';
import {
  bigintToSafeNumber,
  bufferView,
  dateToMillis,
  expectBoolean,
  expectBytes,
  expectInt32,
  expectInt64,
  expectNumber,
  expectSafeInteger,
  expectString,
  isObjectValue,
  millisToDate,
  plainBytes,
  show,
} from '../schemaWalk/values.ts';
import type { ThriftEnum, ThriftStruct, ThriftType, ThriftUnion } from './thriftModel.ts';

/** node-int64's value, as the thrift package reads and writes i64s. */
export interface Int64Like {
  readonly buffer: Buffer;
}

/** The part of the thrift package's protocol classes the codec drives (the package's typings lag behind it). */
export interface TProtocol {
  writeStructBegin(name: string): void;
  writeStructEnd(): void;
  writeFieldBegin(name: string, type: number, id: number): void;
  writeFieldEnd(): void;
  writeFieldStop(): void;
  writeListBegin(elementType: number, size: number): void;
  writeListEnd(): void;
  writeMapBegin(keyType: number, valueType: number, size: number): void;
  writeMapEnd(): void;
  writeBool(value: boolean): void;
  writeI32(value: number): void;
  writeI64(value: Int64Like): void;
  writeDouble(value: number): void;
  writeString(value: string): void;
  writeBinary(value: Buffer): void;
  readStructBegin(): unknown;
  readStructEnd(): void;
  readFieldBegin(): { ftype: number; fid: number };
  readFieldEnd(): void;
  readListBegin(): { etype: number; size: number };
  readListEnd(): void;
  readMapBegin(): { ktype: number; vtype: number; size: number };
  readMapEnd(): void;
  readBool(): boolean;
  readI32(): number;
  readI64(): Int64Like;
  readDouble(): number;
  readString(): string;
  readBinary(): Buffer;
  skip(type: number): void;
}

/** The bigint helpers of the thrift package. */
export interface ThriftInt64 {
  fromBigInt(value: bigint | number): Int64Like;
  toBigInt(value: Int64Like): bigint;
}

// Thrift's wire type codes (TType).
const STOP = 0;
const BOOL = 2;
const DOUBLE = 4;
const I32 = 8;
const I64 = 10;
const STRING = 11;
const STRUCT = 12;
const MAP = 13;
const LIST = 15;

/** How the root struct or union is written and read. */
export interface Wire {
  write(protocol: TProtocol, value: unknown): void;
  read(protocol: TProtocol): unknown;
}

function ttype(t: ThriftType): number {
  switch (t.k) {
    case 'bool':
      return BOOL;
    case 'i32':
    case 'enum':
      return I32;
    case 'i64':
      return I64;
    case 'double':
      return DOUBLE;
    case 'string':
    case 'binary':
      return STRING;
    case 'list':
      return LIST;
    case 'map':
      return MAP;
    case 'struct':
    case 'union':
      return STRUCT;
  }
}

// Generated readers and writers (see schemaWalk/codegen.ts), shaped like the Thrift compiler's
// own output: a switch on field ids, protocol calls per field. Writers check every value, since
// the protocol coerces a wrong one silently.

/** Compiles the writer and reader of a model's root over the binary protocol. */
export function thriftWire(root: ThriftStruct | ThriftUnion, int64: ThriftInt64): Wire {
  const gen = new Codegen();
  const wires = new Wires(gen, int64);
  const write = wires.writer(root);
  const read = wires.reader(root);
  const [w, r] = gen.link([write, read]) as unknown as [Wire['write'], Wire['read']];
  return { write: w, read: r };
}

class Wires {
  private readonly writers = new Map<object, string>();
  private readonly readers = new Map<object | string, string>();

  constructor(
    private readonly gen: Codegen,
    private readonly int64: ThriftInt64,
  ) {}

  private helper(value: unknown, name: string): string {
    return this.gen.ref(value, name);
  }

  // --- writing ---------------------------------------------------------------------------

  /** Statements writing value `x` of type `t` to protocol `p`. */
  private write(t: ThriftType, x: string): string {
    const h = (v: unknown, n: string) => this.helper(v, n);
    switch (t.k) {
      case 'bool':
        return `p.writeBool(${h(expectBoolean, 'expectBoolean')}(${x}));`;
      case 'i32':
        return `p.writeI32(${h(expectInt32, 'expectInt32')}(${x}));`;
      case 'double':
        return `p.writeDouble(${h(expectNumber, 'expectNumber')}(${x}));`;
      case 'string':
        return `p.writeString(${h(expectString, 'expectString')}(${x}));`;
      case 'binary':
        return `p.writeBinary(${h(bufferView, 'bufferView')}(${h(expectBytes, 'expectBytes')}(${x})));`;
      case 'i64': {
        const check =
          t.date === true
            ? h(dateToMillis, 'dateToMillis')
            : t.bigint
              ? h(expectInt64, 'expectInt64')
              : h(expectSafeInteger, 'expectSafeInteger');
        return `p.writeI64(${h(this.int64, 'int64')}.fromBigInt(${check}(${x})));`;
      }
      case 'enum':
        return `p.writeI32(${this.enumWriter(t.def)}(${x}));`;
      case 'list':
        return `${this.listWriter(t.items)}(p, ${x});`;
      case 'map':
        return `${this.mapWriter(t.values)}(p, ${x});`;
      case 'struct':
        return `${this.writer(t.def)}(p, ${x});`;
      case 'union':
        return `${this.writer(t.def)}(p, ${x});`;
    }
  }

  private enumWriter(def: ThriftEnum): string {
    const known = this.writers.get(def);
    if (known) return known;
    const name = this.gen.fresh(`w${def.name}_`);
    this.writers.set(def, name);
    const numbers = new Map(def.values.map((v) => [v.value, v.number]));
    const expected = def.values.map((v) => JSON.stringify(v.value)).join(', ');
    this.gen.declare(`function ${name}(v) {
  var n = typeof v === "string" ? ${this.gen.ref(numbers)}.get(v) : undefined;
  if (n === undefined) throw new Failure(${lit(`expected one of ${expected}, got `)} + ${this.helper(show, 'show')}(v));
  return n;
}`);
    return name;
  }

  private listWriter(items: ThriftType): string {
    const name = this.gen.fresh('wList');
    this.gen.declare(`function ${name}(p, v) {
  if (!Array.isArray(v)) throw new Failure("expected an array, got " + ${this.helper(show, 'show')}(v));
  var n = v.length, i = 0;
  p.writeListBegin(${ttype(items)}, n);
  try { for (; i < n; i++) { ${this.write(items, 'v[i]')} } } catch (e) { at(e, i); }
  p.writeListEnd();
}`);
    return name;
  }

  private mapWriter(values: ThriftType): string {
    const name = this.gen.fresh('wMap');
    this.gen.declare(`function ${name}(p, v) {
  if (!${this.helper(isObjectValue, 'isObj')}(v)) throw new Failure("expected an object (map), got " + ${this.helper(show, 'show')}(v));
  var ks = Object.keys(v), i = 0;
  p.writeMapBegin(${STRING}, ${ttype(values)}, ks.length);
  try { for (; i < ks.length; i++) { p.writeString(ks[i]); ${this.write(values, 'v[ks[i]]')} } } catch (e) { at(e, ks[i]); }
  p.writeMapEnd();
}`);
    return name;
  }

  /** The writer of a struct or union: `name(p, v)`. */
  writer(def: ThriftStruct | ThriftUnion): string {
    const known = this.writers.get(def);
    if (known) return known;
    const name = this.gen.fresh(`w${def.name}_`);
    this.writers.set(def, name);
    const isObj = this.helper(isObjectValue, 'isObj');
    const show_ = this.helper(show, 'show');
    const guard = `if (!${isObj}(v)) throw new Failure("expected an object, got " + ${show_}(v));`;
    if (def.kind === 'union') {
      const cases = def.cases.map(
        (c) =>
          `case ${lit(c.name)}: p.writeFieldBegin(${lit(c.idlName)}, ${STRUCT}, ${c.id}); ${this.writer(c.def)}(p, v); break;`,
      );
      const expected = def.cases.map((c) => JSON.stringify(c.name)).join(', ');
      this.gen.declare(`function ${name}(p, v) {
  ${guard}
  p.writeStructBegin(${lit(def.name)});
  switch (v[${lit(def.tag)}]) {
    ${cases.join('\n    ')}
    default: throw new Failure(${lit(`expected one of ${expected}, got `)} + ${show_}(v[${lit(def.tag)}])).at(${lit(def.tag)});
  }
  p.writeFieldEnd();
  p.writeFieldStop();
  p.writeStructEnd();
}`);
      return name;
    }
    const fields = def.fields.map((f) => {
      const absent = f.optional ? '' : 'throw new Failure("is required but missing");';
      const isNull = f.nullable ? '' : 'throw new Failure("must not be null");';
      return `k = ${lit(f.memory)}; x = v[${lit(f.memory)}];
    if (x === undefined) { ${absent} } else if (x === null) { ${isNull} } else { p.writeFieldBegin(${lit(f.idlName)}, ${ttype(f.type)}, ${f.id}); ${this.write(f.type, 'x')} p.writeFieldEnd(); }`;
    });
    this.gen.declare(`function ${name}(p, v) {
  ${guard}
  var k, x;
  p.writeStructBegin(${lit(def.name)});
  try {
    ${fields.join('\n    ')}
  } catch (e) { at(e, k); }
  p.writeFieldStop();
  p.writeStructEnd();
}`);
    return name;
  }

  // --- reading ---------------------------------------------------------------------------

  /** An expression reading a value of type `t` from protocol `p`. */
  private read(t: ThriftType): string {
    const h = (v: unknown, n: string) => this.helper(v, n);
    switch (t.k) {
      case 'bool':
        return 'p.readBool()';
      case 'i32':
        return 'p.readI32()';
      case 'double':
        return 'p.readDouble()';
      case 'string':
        return 'p.readString()';
      case 'binary':
        return `${h(plainBytes, 'plainBytes')}(p.readBinary())`;
      case 'i64': {
        const big = `${h(this.int64, 'int64')}.toBigInt(p.readI64())`;
        if (t.date === true) return `${h(millisToDate, 'millisToDate')}(${big})`;
        return t.bigint ? big : `${h(bigintToSafeNumber, 'toSafeNumber')}(${big})`;
      }
      case 'enum':
        return `${this.enumReader(t.def)}(p.readI32())`;
      case 'list':
        return `${this.listReader(t.items)}(p)`;
      case 'map':
        return `${this.mapReader(t.values)}(p)`;
      case 'struct':
      case 'union':
        return `${this.reader(t.def)}(p)`;
    }
  }

  private enumReader(def: ThriftEnum): string {
    const key = `enum\u0000${def.name}`;
    const known = this.readers.get(key);
    if (known) return known;
    const name = this.gen.fresh(`r${def.name}_`);
    this.readers.set(key, name);
    const values = new Map(def.values.map((v) => [v.number, v.value]));
    this.gen.declare(`function ${name}(n) {
  var v = ${this.gen.ref(values)}.get(n);
  if (v === undefined) throw new Failure(${lit(`unknown ${def.name} value `)} + n, ${lit(def.name)});
  return v;
}`);
    return name;
  }

  private listReader(items: ThriftType): string {
    const name = this.gen.fresh('rList');
    // No preallocation: a corrupt size must not allocate.
    this.gen.declare(`function ${name}(p) {
  var h = p.readListBegin(), n = h.size, o = [], i = 0;
  if (n < 0) throw new Failure("negative list size " + n);
  if (n > 0 && h.etype !== ${ttype(items)}) throw new Failure("a list of Thrift type " + h.etype + " where type ${ttype(items)} belongs");
  try { for (; i < n; i++) o.push(${this.read(items)}); } catch (e) { at(e, i); }
  p.readListEnd();
  return o;
}`);
    return name;
  }

  private mapReader(values: ThriftType): string {
    const name = this.gen.fresh('rMap');
    this.gen.declare(`function ${name}(p) {
  var h = p.readMapBegin(), n = h.size, o = {}, i = 0, key;
  if (n < 0) throw new Failure("negative map size " + n);
  if (n > 0 && (h.ktype !== ${STRING} || h.vtype !== ${ttype(values)})) throw new Failure("a map<" + h.ktype + ", " + h.vtype + "> where map<${STRING}, ${ttype(values)}> belongs");
  try { for (; i < n; i++) { key = p.readString(); entry(o, key, ${this.read(values)}); } } catch (e) { at(e, key); }
  p.readMapEnd();
  return o;
}`);
    return name;
  }

  /** The reader of a struct or union (a union's case struct carries its tag first). */
  reader(def: ThriftStruct | ThriftUnion, tag?: { key: string; value: string }): string {
    const key = tag === undefined ? def : `${def.name}\u0000${tag.value}`;
    const known = this.readers.get(key);
    if (known) return known;
    const name = this.gen.fresh(`r${def.name}_`);
    this.readers.set(key, name);
    if (def.kind === 'union') {
      const cases = def.cases.map(
        (c) =>
          `case ${c.id}: if (t === ${STRUCT}) { if (r !== undefined) throw new Failure(${lit(`more than one case of union ${def.name} is set`)}); r = ${this.reader(c.def, { key: def.tag, value: c.name })}(p); } else p.skip(t); break;`,
      );
      this.gen.declare(`function ${name}(p) {
  var r, h, t;
  p.readStructBegin();
  for (;;) {
    h = p.readFieldBegin(); t = h.ftype;
    if (t === ${STOP}) break;
    switch (h.fid) {
      ${cases.join('\n      ')}
      default: p.skip(t);
    }
    p.readFieldEnd();
  }
  p.readStructEnd();
  if (r === undefined) throw new Failure(${lit(`no case of union ${def.name} is set`)});
  return r;
}`);
      return name;
    }
    // Unknown ids and mismatched types are skipped, as Thrift's generated code does.
    const vars = def.fields.map((_, i) => `f${i}`);
    const cases = def.fields.map(
      (f, i) =>
        `case ${f.id}: k = ${lit(f.memory)}; if (t === ${ttype(f.type)}) f${i} = ${this.read(f.type)}; else p.skip(t); break;`,
    );
    // Absent fields: null when nullable, left out when optional, an error when required.
    const absent = def.fields.flatMap((f, i) => {
      if (f.nullable) return [`if (f${i} === undefined) f${i} = null;`];
      if (f.optional) return [];
      return [
        `if (f${i} === undefined) throw new Failure(${lit(`required field ${f.id} (${f.idlName}) is missing`)}).at(${lit(f.memory)});`,
      ];
    });
    const first: [string, string][] = tag === undefined ? [] : [[tag.key, lit(tag.value)]];
    const fields = def.fields.map((f, i) => ({ key: f.memory, local: `f${i}`, optional: f.optional }));
    this.gen.declare(`function ${name}(p) {
  var k, h, t${vars.map((v) => `, ${v}`).join('')};
  p.readStructBegin();
  try {
    for (;;) {
      k = undefined;
      h = p.readFieldBegin(); t = h.ftype;
      if (t === ${STOP}) break;
      switch (h.fid) {
        ${cases.join('\n        ')}
        default: p.skip(t);
      }
      p.readFieldEnd();
    }
  } catch (e) { at(e, k); }
  p.readStructEnd();
  ${absent.join('\n  ')}
  ${buildObject('o', first, fields)}
  return o;
}`);
    return name;
  }
}
