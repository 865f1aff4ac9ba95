import { Codegen, lit, type Compiled } from '../schemaWalk/codegen.ts';
import {
  dateToMillis,
  expectBoolean,
  expectBytes,
  expectInt32,
  expectInt64,
  expectNumber,
  expectSafeInteger,
  expectString,
  isObjectValue,
  show,
} from '../schemaWalk/values.ts';
import type { ProtoEnum, ProtoField, ProtoFieldType, ProtoMessage, ProtoUnion, ProtoValue } from './protoModel.ts';

/** Converts one value between memory and protobufjs's message objects. */
export type Convert = Compiled;

/** protobufjs's int64 in a message: a Long (or a number when `long` is absent). */
interface LongLike {
  readonly low: number;
  readonly high: number;
}

/** A checked bigint as the `{ low, high }` pair protobufjs writes for int64 fields. */
function bigintToLong(value: unknown): LongLike | number {
  if (typeof value === 'bigint') {
    // protobufjs writes a safe-integer number as the same int64; BigInt arithmetic only beyond.
    const small = Number(value);
    if (Number.isSafeInteger(small)) return small;
  }
  const n = expectInt64(value);
  return { low: Number(BigInt.asIntN(32, n)), high: Number(BigInt.asIntN(32, n >> 32n)) };
}

// Generated converters (see schemaWalk/codegen.ts): one function per message, union, enum and
// list/map shape. They check every scalar, because protobufjs coerces a wrong value silently.

/** Memory → protobufjs message object for the root (decoding: protoRead.ts). */
export function protoEncoder(root: ProtoMessage | ProtoUnion): Convert {
  const gen = new Codegen();
  const encode = new ProtoEncoders(gen).root(root);
  return gen.link([encode])[0];
}

class ProtoEncoders {
  private readonly defs = new Map<object, string>();
  private readonly kept = new Map<ProtoMessage, boolean>();

  constructor(private readonly gen: Codegen) {}

  /** True when encoding leaves values of this type untouched (after checking them). */
  private keepsValue(t: ProtoValue): boolean {
    if (t.k === 'scalar') return !(t.type === 'int64' && (t.bigint || t.date === true));
    return t.k === 'message' && this.keepsMessage(t.def);
  }

  // protobufjs reads a message's fields by name and ignores the rest, so a message whose fields
  // all keep their values is checked and handed over as it is, not copied.
  private keepsMessage(def: ProtoMessage): boolean {
    const known = this.kept.get(def);
    if (known !== undefined) return known;
    this.kept.set(def, true); // a recursive reference does not change the answer
    const keep =
      !def.wrapper &&
      def.fields.every((f) => {
        if (f.wire !== f.memory) return false;
        const t = f.type;
        if (t.k === 'repeated') return this.keepsValue(t.items);
        if (t.k === 'map') return false;
        return this.keepsValue(t);
      });
    this.kept.set(def, keep);
    return keep;
  }

  root(def: ProtoMessage | ProtoUnion): string {
    return def.kind === 'union' ? this.union(def) : def.wrapper ? this.wrapper(def) : this.message(def);
  }

  private value(t: ProtoValue): string {
    const gen = this.gen;
    switch (t.k) {
      case 'enum':
        return this.enumeration(t.def);
      case 'union':
        return this.union(t.def);
      case 'message':
        return t.def.wrapper ? this.wrapper(t.def) : this.message(t.def);
      case 'scalar':
        switch (t.type) {
          case 'int32':
            return gen.ref(expectInt32, 'expectInt32');
          case 'int64':
            if (t.date === true) return gen.ref(dateToMillis, 'dateToMillis');
            return t.bigint ? gen.ref(bigintToLong, 'bigintToLong') : gen.ref(expectSafeInteger, 'expectSafeInteger');
          case 'float':
          case 'double':
            return gen.ref(expectNumber, 'expectNumber');
          case 'bool':
            return gen.ref(expectBoolean, 'expectBoolean');
          case 'string':
            return gen.ref(expectString, 'expectString');
          case 'bytes':
            return gen.ref(expectBytes, 'expectBytes');
        }
    }
  }

  private field(t: ProtoFieldType): string {
    const gen = this.gen;
    const show_ = gen.ref(show, 'show');
    if (t.k === 'repeated') {
      const item = this.value(t.items);
      const name = gen.fresh('eList');
      const loop = this.keepsValue(t.items)
        ? `try { for (; i < n; i++) ${item}(v[i]); } catch (e) { at(e, i); }\n  return v;`
        : `var o = new Array(n);\n  try { for (; i < n; i++) o[i] = ${item}(v[i]); } catch (e) { at(e, i); }\n  return o;`;
      gen.declare(`function ${name}(v) {
  if (!Array.isArray(v)) throw new Failure("expected an array, got " + ${show_}(v));
  var n = v.length, i = 0;
  ${loop}
}`);
      return name;
    }
    if (t.k === 'map') {
      const value = this.value(t.values);
      const name = gen.fresh('eMap');
      // A null-prototype copy: a `__proto__` key stays an ordinary entry.
      gen.declare(`function ${name}(v) {
  if (!${gen.ref(isObjectValue, 'isObj')}(v)) throw new Failure("expected an object (map), got " + ${show_}(v));
  var o = Object.create(null), ks = Object.keys(v), i = 0;
  try { for (; i < ks.length; i++) o[ks[i]] = ${value}(v[ks[i]]); } catch (e) { at(e, ks[i]); }
  return o;
}`);
      return name;
    }
    return this.value(t);
  }

  // Checks and converts field `f` read from `read` into `target` (or only checks it).
  private assign(f: ProtoField, read: string, target: string | undefined): string {
    const convert = this.field(f.type);
    const set = target === undefined ? `${convert}(x);` : `${target} = ${convert}(x);`;
    const missing = 'throw new Failure("is required but missing");';
    const isNull = 'throw new Failure("must not be null");';
    const absent = f.optional ? '' : missing;
    const ifNull = f.nullable ? '' : isNull;
    return `x = ${read}; if (x === undefined) { ${absent} } else if (x === null) { ${ifNull} } else ${set}`;
  }

  private message(def: ProtoMessage): string {
    const gen = this.gen;
    return gen.once(this.defs, def, `e${def.name}_`, (name) => {
      const keep = this.keepsMessage(def);
      const lines = def.fields.map(
        (f, i) => `k = ${lit(f.memory)}; ${this.assign(f, `v[${lit(f.memory)}]`, keep ? undefined : `f${i}`)}`,
      );
      // protobufjs skips fields that are undefined, so absent ones can sit in the literal.
      const result = keep ? 'v' : `{ ${def.fields.map((f, i) => `${lit(f.wire)}: f${i}`).join(', ')} }`;
      return `function ${name}(v) {
  if (!${gen.ref(isObjectValue, 'isObj')}(v)) throw new Failure("expected an object, got " + ${gen.ref(show, 'show')}(v));
  var k, x${keep ? '' : def.fields.map((_, i) => `, f${i}`).join('')};
  try {
    ${lines.join('\n    ')}
  } catch (e) { at(e, k); }
  return ${result};
}`;
    });
  }

  // A wrapper's field is not in the in-memory value: the value itself goes in it.
  private wrapper(def: ProtoMessage): string {
    return this.gen.once(this.defs, def, `e${def.name}_`, (name) => {
      return `function ${name}(v) {
  var x, f;
  ${this.assign(def.fields[0], 'v', 'f')}
  return { ${lit(def.fields[0].wire)}: f };
}`;
    });
  }

  private union(def: ProtoUnion): string {
    const gen = this.gen;
    return gen.once(this.defs, def, `e${def.name}_`, (name) => {
      const cases = def.cases.map((c) => `case ${lit(c.name)}: return { ${lit(c.wire)}: ${this.message(c.def)}(v) };`);
      const expected = def.cases.map((c) => JSON.stringify(c.name)).join(', ');
      const show_ = gen.ref(show, 'show');
      return `function ${name}(v) {
  if (!${gen.ref(isObjectValue, 'isObj')}(v)) throw new Failure("expected an object, got " + ${show_}(v));
  switch (v[${lit(def.tag)}]) {
    ${cases.join('\n    ')}
  }
  throw new Failure(${lit(`expected one of ${expected}, got `)} + ${show_}(v[${lit(def.tag)}])).at(${lit(def.tag)});
}`;
    });
  }

  private enumeration(def: ProtoEnum): string {
    const gen = this.gen;
    return gen.once(this.defs, def, `e${def.name}_`, (name) => {
      const numbers = new Map(def.values.map((v) => [v.value, v.number]));
      const expected = def.values.map((v) => JSON.stringify(v.value)).join(', ');
      return `function ${name}(v) {
  var n = typeof v === "string" ? ${gen.ref(numbers)}.get(v) : undefined;
  if (n === undefined) throw new Failure(${lit(`expected one of ${expected}, got `)} + ${gen.ref(show, 'show')}(v));
  return n;
}`;
    });
  }
}
