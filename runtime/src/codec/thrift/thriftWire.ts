import { PathFailure, rethrowAt } from '../schemaWalk/errors.ts';
import {
  bigintToSafeNumber,
  bufferView,
  expectBoolean,
  expectBytes,
  expectInt32,
  expectInt64,
  expectNumber,
  expectSafeInteger,
  expectString,
  isObjectValue,
  plainBytes,
  setEntry,
  show,
} from '../schemaWalk/values.ts';
import type { ThriftStruct, ThriftType, ThriftUnion } from './thriftModel.ts';

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

/** How one Thrift type is written and read. */
export interface Wire {
  readonly ttype: number;
  write(protocol: TProtocol, value: unknown): void;
  read(protocol: TProtocol): unknown;
}

/** Compiles the writers and readers of a model over the binary protocol, recursion included. */
export class ThriftWires {
  private readonly cache = new Map<object | string, Wire>();

  constructor(private readonly int64: ThriftInt64) {}

  /** The wire of a root struct or union. */
  root(def: ThriftStruct | ThriftUnion): Wire {
    return def.kind === 'union' ? this.union(def) : this.struct(def, undefined);
  }

  private of(t: ThriftType): Wire {
    const int64 = this.int64;
    switch (t.k) {
      case 'bool': return { ttype: BOOL, write: (p, v) => p.writeBool(expectBoolean(v)), read: (p) => p.readBool() };
      case 'i32': return { ttype: I32, write: (p, v) => p.writeI32(expectInt32(v)), read: (p) => p.readI32() };
      case 'double': return { ttype: DOUBLE, write: (p, v) => p.writeDouble(expectNumber(v)), read: (p) => p.readDouble() };
      case 'string': return { ttype: STRING, write: (p, v) => p.writeString(expectString(v)), read: (p) => p.readString() };
      case 'binary': return { ttype: STRING, write: (p, v) => p.writeBinary(bufferView(expectBytes(v))), read: (p) => plainBytes(p.readBinary()) };
      case 'i64':
        return t.bigint
          ? { ttype: I64, write: (p, v) => p.writeI64(int64.fromBigInt(expectInt64(v))), read: (p) => int64.toBigInt(p.readI64()) }
          : { ttype: I64, write: (p, v) => p.writeI64(int64.fromBigInt(expectSafeInteger(v))), read: (p) => bigintToSafeNumber(int64.toBigInt(p.readI64())) };
      case 'enum': {
        const numbers = new Map(t.def.values.map((v) => [v.value, v.number]));
        const values = new Map(t.def.values.map((v) => [v.number, v.value]));
        return {
          ttype: I32,
          write(p, v) {
            const n = typeof v === 'string' ? numbers.get(v) : undefined;
            if (n === undefined) throw new PathFailure(`expected one of ${[...numbers.keys()].map((k) => JSON.stringify(k)).join(', ')}, got ${show(v)}`);
            p.writeI32(n);
          },
          read(p) {
            const n = p.readI32();
            const v = values.get(n);
            if (v === undefined) throw new PathFailure(`unknown ${t.def.name} value ${n}`, t.def.name);
            return v;
          },
        };
      }
      case 'list': return this.list(this.of(t.items));
      case 'map': return this.map(this.of(t.values));
      case 'struct': return this.struct(t.def, undefined);
      case 'union': return this.union(t.def);
    }
  }

  private list(item: Wire): Wire {
    return {
      ttype: LIST,
      write(p, v) {
        if (!Array.isArray(v)) throw new PathFailure(`expected an array, got ${show(v)}`);
        p.writeListBegin(item.ttype, v.length);
        for (let i = 0; i < v.length; i++) {
          try { item.write(p, v[i]); } catch (error) { rethrowAt(error, i); }
        }
        p.writeListEnd();
      },
      read(p) {
        const { etype, size } = p.readListBegin();
        if (size < 0) throw new PathFailure(`negative list size ${size}`);
        if (size > 0 && etype !== item.ttype) throw new PathFailure(`a list of Thrift type ${etype} where type ${item.ttype} belongs`);
        const out: unknown[] = []; // no preallocation: a corrupt size must not allocate
        for (let i = 0; i < size; i++) {
          try { out.push(item.read(p)); } catch (error) { rethrowAt(error, i); }
        }
        p.readListEnd();
        return out;
      },
    };
  }

  private map(entry: Wire): Wire {
    return {
      ttype: MAP,
      write(p, v) {
        if (!isObjectValue(v)) throw new PathFailure(`expected an object (map), got ${show(v)}`);
        const keys = Object.keys(v);
        p.writeMapBegin(STRING, entry.ttype, keys.length);
        for (const key of keys) {
          p.writeString(key);
          try { entry.write(p, v[key]); } catch (error) { rethrowAt(error, key); }
        }
        p.writeMapEnd();
      },
      read(p) {
        const { ktype, vtype, size } = p.readMapBegin();
        if (size < 0) throw new PathFailure(`negative map size ${size}`);
        if (size > 0 && (ktype !== STRING || vtype !== entry.ttype)) throw new PathFailure(`a map<${ktype}, ${vtype}> where map<string, ${entry.ttype}> belongs`);
        const out: Record<string, unknown> = {};
        for (let i = 0; i < size; i++) {
          const key = p.readString();
          try { setEntry(out, key, entry.read(p)); } catch (error) { rethrowAt(error, key); }
        }
        p.readMapEnd();
        return out;
      },
    };
  }

  // Recursive types see a late-bound wire while their own is being compiled.
  private late(key: object | string, build: () => Wire): Wire {
    const known = this.cache.get(key);
    if (known !== undefined) return known;
    let impl: Wire | undefined;
    this.cache.set(key, { ttype: STRUCT, write: (p, v) => impl!.write(p, v), read: (p) => impl!.read(p) });
    impl = build();
    return impl;
  }

  /** A struct; `tag` is set for a union's case, whose value carries the tag first. */
  private struct(def: ThriftStruct, tag: { key: string; value: string } | undefined): Wire {
    return this.late(tag === undefined ? def : `${def.name}\u0000${tag.value}`, () => {
      const fields = def.fields.map((f, index) => ({ ...f, index, wire: this.of(f.type) }));
      const byId = new Map(fields.map((f) => [f.id, f]));
      return {
        ttype: STRUCT,
        write(p, v) {
          if (!isObjectValue(v)) throw new PathFailure(`expected an object, got ${show(v)}`);
          p.writeStructBegin(def.name);
          for (const f of fields) {
            const x = v[f.memory];
            if (x === undefined) {
              if (f.optional) continue;
              throw new PathFailure('is required but missing').at(f.memory);
            }
            if (x === null) {
              if (f.nullable) continue;
              throw new PathFailure('must not be null').at(f.memory);
            }
            p.writeFieldBegin(f.idlName, f.wire.ttype, f.id);
            try { f.wire.write(p, x); } catch (error) { rethrowAt(error, f.memory); }
            p.writeFieldEnd();
          }
          p.writeFieldStop();
          p.writeStructEnd();
        },
        read(p) {
          const values = new Array<unknown>(fields.length);
          p.readStructBegin();
          for (;;) {
            const { ftype, fid } = p.readFieldBegin();
            if (ftype === STOP) break;
            const f = byId.get(fid);
            // Unknown ids and mismatched types are skipped, as Thrift's generated code does.
            if (f !== undefined && ftype === f.wire.ttype) {
              try { values[f.index] = f.wire.read(p); } catch (error) { rethrowAt(error, f.memory); }
            } else {
              p.skip(ftype);
            }
            p.readFieldEnd();
          }
          p.readStructEnd();
          const out: Record<string, unknown> = tag === undefined ? {} : { [tag.key]: tag.value };
          for (const f of fields) {
            const x = values[f.index];
            if (x !== undefined) out[f.memory] = x;
            else if (f.nullable) out[f.memory] = null;
            else if (!f.optional) throw new PathFailure(`required field ${f.id} (${f.idlName}) is missing`).at(f.memory);
          }
          return out;
        },
      };
    });
  }

  private union(def: ThriftUnion): Wire {
    return this.late(def, () => {
      const cases = def.cases.map((c) => ({ ...c, wire: this.struct(c.def, { key: def.tag, value: c.name }) }));
      const byName = new Map(cases.map((c) => [c.name, c]));
      const byId = new Map(cases.map((c) => [c.id, c]));
      return {
        ttype: STRUCT,
        write(p, v) {
          if (!isObjectValue(v)) throw new PathFailure(`expected an object, got ${show(v)}`);
          const tag = v[def.tag];
          const c = typeof tag === 'string' ? byName.get(tag) : undefined;
          if (c === undefined) throw new PathFailure(`expected one of ${[...byName.keys()].map((k) => JSON.stringify(k)).join(', ')}, got ${show(tag)}`).at(def.tag);
          p.writeStructBegin(def.name);
          p.writeFieldBegin(c.idlName, STRUCT, c.id);
          c.wire.write(p, v);
          p.writeFieldEnd();
          p.writeFieldStop();
          p.writeStructEnd();
        },
        read(p) {
          let result: unknown;
          p.readStructBegin();
          for (;;) {
            const { ftype, fid } = p.readFieldBegin();
            if (ftype === STOP) break;
            const c = byId.get(fid);
            if (c !== undefined && ftype === STRUCT) {
              if (result !== undefined) throw new PathFailure(`more than one case of union ${def.name} is set`);
              result = c.wire.read(p);
            } else {
              p.skip(ftype);
            }
            p.readFieldEnd();
          }
          p.readStructEnd();
          if (result === undefined) throw new PathFailure(`no case of union ${def.name} is set`);
          return result;
        },
      };
    });
  }
}
