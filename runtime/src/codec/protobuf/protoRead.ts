import type * as Protobuf from 'protobufjs';
import { buildObject, Codegen, lit } from '../schemaWalk/codegen.ts';
import { bigintToSafeNumber, millisToDate, plainBytes } from '../schemaWalk/values.ts';
import type { ProtoEnum, ProtoField, ProtoMessage, ProtoScalar, ProtoUnion, ProtoValue } from './protoModel.ts';

// A body is decoded straight from the protobuf bytes into the plain objects a handler receives,
// by JavaScript generated per schema on protobufjs's `Reader` (the reader protobufjs's own
// generated decoders use): going through protobufjs's message objects and then copying them
// allocated every value twice. The field rules are protoConvert.ts's decoders': a field with
// presence reads as null (nullable) or is left out when absent; an optional list or map is left
// out when empty; an absent message field without presence is an error; an absent scalar is its
// proto3 default. Repeated numeric fields are read packed or not, as proto3 readers must.

/** protobufjs's int64 in a message: a Long (or a number when `long` is absent). */
interface LongLike {
  readonly low: number;
  readonly high: number;
}

/** protobufjs's int64 (a Long, or a number) as an exact bigint. */
function longToBigint(value: unknown): bigint {
  if (typeof value === 'number') return BigInt(value);
  const long = value as LongLike;
  // One BigInt conversion when the value fits a double exactly (the common case), four otherwise.
  const n = long.high * 4294967296 + (long.low >>> 0);
  if (Number.isSafeInteger(n)) return BigInt(n);
  return BigInt.asIntN(64, (BigInt(long.high >>> 0) << 32n) | BigInt(long.low >>> 0));
}

/** protobufjs's int64 as a number; a PathFailure beyond 2^53. */
function longToNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  const long = value as LongLike;
  const n = long.high * 4294967296 + (long.low >>> 0);
  // Exact whenever the true value is a safe integer; anything larger fails the check.
  return Number.isSafeInteger(n) ? n : bigintToSafeNumber(longToBigint(value));
}

/** An int64 of epoch milliseconds as a Date. */
function longToDate(value: unknown): Date {
  return millisToDate(longToNumber(value));
}

/** Reads one message (or the root's wrapper or union) from the bytes. */
export type ProtoRead = (bytes: Uint8Array) => unknown;

/** The generated reader for the root of a protobuf model. */
export function protoReader(protobuf: typeof Protobuf, root: ProtoMessage | ProtoUnion): ProtoRead {
  const gen = new Codegen();
  const readers = new ProtoReaders(gen);
  const name = root.kind === 'union' ? readers.union(root) : readers.message(root, undefined);
  const read = gen.link([name])[0] as (r: Protobuf.Reader, length: number | undefined) => unknown;
  const Reader = protobuf.Reader;
  return (bytes) => read(Reader.create(bytes), undefined);
}

const PACKABLE = new Set(['int32', 'int64', 'float', 'double', 'bool']);

class ProtoReaders {
  private readonly defs = new Map<object | string, string>();

  constructor(private readonly gen: Codegen) {}

  private scalar(t: ProtoScalar): string {
    const gen = this.gen;
    switch (t.type) {
      case 'int64':
        if (t.date === true) return `${gen.ref(longToDate, 'longToDate')}(r.int64())`;
        return t.bigint
          ? `${gen.ref(longToBigint, 'longToBigint')}(r.int64())`
          : `${gen.ref(longToNumber, 'longToNumber')}(r.int64())`;
      case 'bytes':
        return `${gen.ref(plainBytes, 'plainBytes')}(r.bytes())`;
      default:
        return `r.${t.type}()`;
    }
  }

  /** An expression reading one value of `t` at the reader's position. */
  private value(t: ProtoValue): string {
    switch (t.k) {
      case 'scalar':
        return this.scalar(t);
      case 'enum':
        return `${this.enumeration(t.def)}(r.int32())`;
      case 'message':
        return `${this.message(t.def, undefined)}(r, r.uint32())`;
      case 'union':
        return `${this.union(t.def)}(r, r.uint32())`;
    }
  }

  /** The in-memory value of an absent singular scalar or enum (its proto3 default). */
  private absent(t: ProtoScalar | { k: 'enum'; def: ProtoEnum }): string {
    if (t.k === 'enum') return `${this.enumeration(t.def)}(0)`;
    switch (t.type) {
      case 'int64':
        return t.date === true ? `${this.gen.ref(longToDate, 'longToDate')}(0)` : t.bigint ? '0n' : '0';
      case 'bool':
        return 'false';
      case 'string':
        return '""';
      case 'bytes':
        return 'new Uint8Array(0)';
      default:
        return '0';
    }
  }

  /** The `case` body reading field `f` into local `v`. */
  private readField(f: ProtoField, v: string): string {
    const t = f.type;
    if (t.k === 'repeated') {
      const item = this.value(t.items);
      const push = `try { ${v}.push(${item}); } catch (e) { at(e, ${v}.length); }`;
      const packable = (t.items.k === 'scalar' && PACKABLE.has(t.items.type)) || t.items.k === 'enum';
      const read = packable
        ? `if ((t & 7) === 2) { x = r.uint32() + r.pos; while (r.pos < x) ${push} } else ${push}`
        : push;
      return `if (${v} === undefined) ${v} = []; ${read}`;
    }
    if (t.k === 'map') {
      const value = this.value(t.values);
      const missing =
        t.values.k === 'message' || t.values.k === 'union'
          ? `throw new Failure(${lit(`is missing (expected a ${t.values.def.name} message)`)})`
          : `y = ${this.absent(t.values)}`;
      return `if (${v} === undefined) ${v} = {};
        x = r.uint32() + r.pos; key = ""; y = undefined;
        try {
          while (r.pos < x) { u = r.uint32(); switch (u >>> 3) { case 1: key = r.string(); break; case 2: y = ${value}; break; default: r.skipType(u & 7); } }
          if (y === undefined) ${missing};
        } catch (e) { at(e, key); }
        entry(${v}, key, y);`;
    }
    return `${v} = ${this.value(t)};`;
  }

  /** Statements after the loop giving an absent field its in-memory value (or failing). */
  private settle(f: ProtoField, v: string): string {
    const t = f.type;
    if (f.presence) return f.nullable ? `if (${v} === undefined) ${v} = null;` : '';
    if (t.k === 'repeated')
      return f.optional
        ? `if (${v} !== undefined && ${v}.length === 0) ${v} = undefined;`
        : `if (${v} === undefined) ${v} = [];`;
    if (t.k === 'map') return f.optional ? '' : `if (${v} === undefined) ${v} = {};`;
    if (t.k === 'message' || t.k === 'union') {
      return `if (${v} === undefined) { k = ${lit(f.memory)}; throw new Failure(${lit(`is missing (expected a ${t.def.name} message)`)}); }`;
    }
    return `if (${v} === undefined) { k = ${lit(f.memory)}; ${v} = ${this.absent(t)}; }`;
  }

  /** A message as `(r, length)`; a wrapper returns its one field, a union's case carries its tag first. */
  message(def: ProtoMessage, tag: { key: string; value: string } | undefined): string {
    const key = tag === undefined ? def : `${def.name}\u0000${tag.value}`;
    const gen = this.gen;
    return gen.once(this.defs, key, `r${def.name}_`, (name) => {
      const cases = def.fields.map(
        (f, i) => `case ${f.number}: k = ${lit(f.memory)}; ${this.readField(f, `f${i}`)} break;`,
      );
      const settle = def.fields.map((f, i) => this.settle(f, `f${i}`)).filter((s) => s !== '');
      const first: [string, string][] = tag === undefined ? [] : [[tag.key, lit(tag.value)]];
      const fields = def.fields.map((f, i) => ({ key: f.memory, local: `f${i}`, optional: f.optional }));
      const result = def.wrapper ? 'return f0;' : `${buildObject('o', first, fields)}\n  return o;`;
      return `function ${name}(r, l) {
  var end = l === undefined ? r.len : r.pos + l, t, k, x, y, u, key${def.fields.map((_, i) => `, f${i}`).join('')};
  try {
    while (r.pos < end) {
      t = r.uint32();
      switch (t >>> 3) {
        ${cases.join('\n        ')}
        default: r.skipType(t & 7);
      }
    }
    ${settle.join('\n    ')}
  } catch (e) { at(e, k); }
  ${result}
}`;
    });
  }

  /** A oneof message as `(r, length)`: the case last seen, tagged. */
  union(def: ProtoUnion): string {
    const gen = this.gen;
    return gen.once(this.defs, def, `r${def.name}_`, (name) => {
      const cases = def.cases.map(
        (c) => `case ${c.number}: v = ${this.message(c.def, { key: def.tag, value: c.name })}(r, r.uint32()); break;`,
      );
      return `function ${name}(r, l) {
  var end = l === undefined ? r.len : r.pos + l, t, v;
  while (r.pos < end) {
    t = r.uint32();
    switch (t >>> 3) {
      ${cases.join('\n      ')}
      default: r.skipType(t & 7);
    }
  }
  if (v === undefined) throw new Failure(${lit(`no case of ${def.name} is set (oneof ${def.oneof} is empty)`)});
  return v;
}`;
    });
  }

  private enumeration(def: ProtoEnum): string {
    const gen = this.gen;
    return gen.once(this.defs, def, `r${def.name}_`, (name) => {
      const values: (string | undefined)[] = [];
      for (const v of def.values) values[v.number] = v.value;
      return `function ${name}(n) {
  var v = ${gen.ref(values)}[n];
  if (v === undefined) throw new Failure(n === 0 ? "enum value is unset (0)" : "unknown enum number " + n, ${lit(def.name)});
  return v;
}`;
    });
  }
}
