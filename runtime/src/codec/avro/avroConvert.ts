import { buildObject, Codegen, lit, type Compiled } from '../schemaWalk/codegen.ts';
import {
  bigintToSafeNumber,
  bufferView,
  dateToMillis,
  isObjectValue,
  millisToDate,
  plainBytes,
  show,
} from '../schemaWalk/values.ts';
import type { AvroRecord, AvroShape, AvroUnion } from './avroSchema.ts';

/** Converts one value between memory and avsc's representation. */
export type Convert = Compiled;

// Generated converters (see schemaWalk/codegen.ts). Encoders return `null` where avsc takes the
// in-memory value as it is (avsc checks it while writing), so records without renamed, optional,
// bytes, enum-renamed or union fields are not copied. Decoders always build plain objects.

/** Memory → avsc for a shape; `null` when values pass unchanged. */
export function avroEncoder(shape: AvroShape): Convert | null {
  const gen = new Codegen();
  const name = new AvroEncoders(gen).of(shape);
  return name === null ? null : gen.link([name])[0];
}

/** avsc → memory for a shape: records become plain objects, unions gain their tag. */
export function avroDecoder(shape: AvroShape): Convert {
  const gen = new Codegen();
  const name = new AvroDecoders(gen).of(shape);
  return name === null ? (v) => v : gen.link([name])[0];
}

function helpers(gen: Codegen): { isObj: string; show: string } {
  return { isObj: gen.ref(isObjectValue, 'isObj'), show: gen.ref(show, 'show') };
}

class AvroEncoders {
  private readonly defs = new Map<object, string>();
  private readonly needs = new Map<object, boolean>();

  constructor(private readonly gen: Codegen) {}

  // Whether a shape's values differ between memory and avsc (least fixpoint for recursion).
  private differs(shape: AvroShape): boolean {
    switch (shape.k) {
      case 'bytes':
      case 'timestamp':
        return true;
      case 'enum':
        return [...shape.toSymbol].some(([value, symbol]) => value !== symbol);
      case 'array':
        return this.differs(shape.items);
      case 'map':
        return this.differs(shape.values);
      case 'nullable':
        return this.differs(shape.inner);
      case 'union':
        return true;
      case 'record': {
        const known = this.needs.get(shape.def);
        if (known !== undefined) return known;
        this.needs.set(shape.def, false);
        const result = shape.def.fields.some((f) => f.memory !== f.wire || f.optional || this.differs(f.shape));
        this.needs.set(shape.def, result);
        return result;
      }
      default:
        return false;
    }
  }

  /** The generated function converting a shape, or null for identity. */
  of(shape: AvroShape): string | null {
    if (!this.differs(shape)) return null;
    const gen = this.gen;
    const { isObj } = helpers(gen);
    switch (shape.k) {
      case 'bytes': {
        const name = gen.fresh('eBytes');
        gen.declare(
          `function ${name}(v) { return v instanceof Uint8Array ? ${gen.ref(bufferView, 'bufferView')}(v) : v; }`,
        );
        return name;
      }
      case 'timestamp':
        return gen.ref(dateToMillis, 'dateToMillis');
      case 'enum': {
        const name = gen.fresh('eEnum');
        gen.declare(
          `function ${name}(v) { var s = ${gen.ref(shape.toSymbol)}.get(v); return s === undefined ? v : s; }`,
        );
        return name;
      }
      case 'array': {
        const item = this.of(shape.items)!;
        const name = gen.fresh('eList');
        gen.declare(`function ${name}(v) {
  if (!Array.isArray(v)) return v;
  var n = v.length, o = new Array(n), i = 0;
  try { for (; i < n; i++) o[i] = ${item}(v[i]); } catch (e) { at(e, i); }
  return o;
}`);
        return name;
      }
      case 'map': {
        const value = this.of(shape.values)!;
        const name = gen.fresh('eMap');
        gen.declare(`function ${name}(v) {
  if (!${isObj}(v)) return v;
  var o = Object.create(null), ks = Object.keys(v), i = 0;
  try { for (; i < ks.length; i++) o[ks[i]] = ${value}(v[ks[i]]); } catch (e) { at(e, ks[i]); }
  return o;
}`);
        return name;
      }
      case 'nullable': {
        const inner = this.of(shape.inner)!;
        const name = gen.fresh('eNull');
        gen.declare(`function ${name}(v) { return v === null ? null : ${inner}(v); }`);
        return name;
      }
      case 'record':
        return this.record(shape.def);
      case 'union':
        return this.union(shape.def, shape.wrapped);
      default:
        return null;
    }
  }

  private record(def: AvroRecord): string {
    return this.gen.once(this.defs, def, `e${def.name}_`, (name) => {
      const { isObj, show } = helpers(this.gen);
      const lines = def.fields.map((f, i) => {
        const convert = this.of(f.shape);
        const read = `v[${lit(f.memory)}]`;
        const value = convert === null ? 'x' : `${convert}(x)`;
        return f.optional
          ? `k = ${lit(f.memory)}; x = ${read}; f${i} = x === undefined ? null : ${value};`
          : `k = ${lit(f.memory)}; x = ${read}; f${i} = ${value};`;
      });
      const fields = def.fields.map((f, i) => ({ key: f.wire, local: `f${i}`, optional: false }));
      return `function ${name}(v) {
  if (!${isObj}(v)) throw new Failure("expected an object, got " + ${show}(v));
  var k, x${def.fields.map((_, i) => `, f${i}`).join('')};
  try {
    ${lines.join('\n    ')}
  } catch (e) { at(e, k); }
  ${buildObject('o', [], fields)}
  return o;
}`;
    });
  }

  private union(def: AvroUnion, wrapped: boolean): string {
    return this.gen.once(this.defs, def, `e${def.name}_`, (name) => {
      const { isObj, show } = helpers(this.gen);
      const cases = def.cases.map((c) => {
        const record = this.record(c.def);
        return `case ${lit(c.name)}: return ${wrapped ? `{ ${lit(c.def.fullName)}: ${record}(v) }` : `${record}(v)`};`;
      });
      const expected = def.cases.map((c) => JSON.stringify(c.name)).join(', ');
      return `function ${name}(v) {
  if (!${isObj}(v)) throw new Failure("expected an object, got " + ${show}(v));
  switch (v[${lit(def.tag)}]) {
    ${cases.join('\n    ')}
  }
  throw new Failure(${lit(`expected one of ${expected}, got `)} + ${show}(v[${lit(def.tag)}])).at(${lit(def.tag)});
}`;
    });
  }
}

class AvroDecoders {
  private readonly defs = new Map<object | string, string>();

  constructor(private readonly gen: Codegen) {}

  /** The generated function converting a shape, or null for identity. */
  of(shape: AvroShape): string | null {
    const gen = this.gen;
    switch (shape.k) {
      case 'long':
        return shape.bigint ? null : gen.ref(bigintToSafeNumber, 'toSafeNumber');
      case 'bytes':
        return gen.ref(plainBytes, 'plainBytes');
      case 'timestamp':
        return gen.ref(millisToDate, 'millisToDate');
      case 'enum': {
        if ([...shape.fromSymbol].every(([symbol, value]) => symbol === value)) return null;
        const name = gen.fresh('dEnum');
        gen.declare(
          `function ${name}(v) { var s = ${gen.ref(shape.fromSymbol)}.get(v); return s === undefined ? v : s; }`,
        );
        return name;
      }
      case 'array': {
        const item = this.of(shape.items);
        if (item === null) return null;
        const name = gen.fresh('dList');
        gen.declare(`function ${name}(v) {
  var n = v.length, o = new Array(n), i = 0;
  try { for (; i < n; i++) o[i] = ${item}(v[i]); } catch (e) { at(e, i); }
  return o;
}`);
        return name;
      }
      case 'map': {
        // avsc builds maps with `{}`: a "__proto__" key would have replaced the prototype.
        const value = this.of(shape.values);
        const name = gen.fresh('dMap');
        gen.declare(`function ${name}(v) {
  if (Object.getPrototypeOf(v) !== Object.prototype) throw new Failure('map key "__proto__" is not allowed');
  var o = {}, ks = Object.keys(v), i = 0;
  try { for (; i < ks.length; i++) entry(o, ks[i], ${value === null ? 'v[ks[i]]' : `${value}(v[ks[i]])`}); } catch (e) { at(e, ks[i]); }
  return o;
}`);
        return name;
      }
      case 'nullable': {
        const inner = this.of(shape.inner);
        if (inner === null) return null;
        const name = gen.fresh('dNull');
        gen.declare(`function ${name}(v) { return v === null ? null : ${inner}(v); }`);
        return name;
      }
      case 'record':
        return this.record(shape.def, undefined);
      case 'union':
        return this.union(shape.def, shape.wrapped);
      default:
        return null;
    }
  }

  /** A record; a union's case carries its tag first. */
  private record(def: AvroRecord, tag: { key: string; value: string } | undefined): string {
    const key = tag === undefined ? def : `${def.fullName}\u0000${tag.value}`;
    return this.gen.once(this.defs, key, `d${def.name}_`, (name) => {
      const lines = def.fields.map((f, i) => {
        const convert = this.of(f.shape);
        const value = convert === null ? 'x' : `${convert}(x)`;
        const set = `f${i} = ${value};`;
        return `k = ${lit(f.memory)}; x = s[${lit(f.wire)}]; ${f.optional ? `if (x !== null) ${set}` : set}`;
      });
      const first: [string, string][] = tag === undefined ? [] : [[tag.key, lit(tag.value)]];
      const fields = def.fields.map((f, i) => ({ key: f.memory, local: `f${i}`, optional: f.optional }));
      return `function ${name}(s) {
  var k, x${def.fields.map((_, i) => `, f${i}`).join('')};
  try {
    ${lines.join('\n    ')}
  } catch (e) { at(e, k); }
  ${buildObject('o', first, fields)}
  return o;
}`;
    });
  }

  private union(def: AvroUnion, wrapped: boolean): string {
    return this.gen.once(this.defs, def, `d${def.name}_`, (name) => {
      const records = def.cases.map((c) => ({
        branch: c.def.fullName,
        decode: this.record(c.def, { key: def.tag, value: c.name }),
      }));
      const body = wrapped
        ? `var b = Object.keys(v)[0];
  switch (b) {
    ${records.map((r) => `case ${lit(r.branch)}: return ${r.decode}(v[b]);`).join('\n    ')}
  }
  throw new Failure("unknown union branch " + JSON.stringify(b));`
        : `return ${records[0].decode}(v);`;
      return `function ${name}(v) {
  ${body}
}`;
    });
  }
}
