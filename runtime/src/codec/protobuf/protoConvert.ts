import { PathFailure, rethrowAt } from '../schemaWalk/errors.ts';
import {
  bigintToSafeNumber,
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
import type { ProtoField, ProtoFieldType, ProtoMessage, ProtoUnion, ProtoValue } from './protoModel.ts';

/** Converts one value between memory and protobufjs's message objects. */
export type Convert = (value: unknown) => unknown;

/** protobufjs's int64 in a message: a Long (or a number when `long` is absent). */
interface LongLike {
  readonly low: number;
  readonly high: number;
}

const hasOwn = Object.prototype.hasOwnProperty;

function longToBigint(value: unknown): bigint {
  if (typeof value === 'number') return BigInt(value);
  const long = value as LongLike;
  return BigInt.asIntN(64, (BigInt(long.high >>> 0) << 32n) | BigInt(long.low >>> 0));
}

function longToNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  const long = value as LongLike;
  const n = long.high * 4294967296 + (long.low >>> 0);
  // Exact whenever the true value is a safe integer; anything larger fails the check.
  return Number.isSafeInteger(n) ? n : bigintToSafeNumber(longToBigint(value));
}

/** True when encoding leaves values of this type untouched (after checking them). */
function keepsValue(t: ProtoValue): boolean {
  return t.k === 'scalar' && !(t.type === 'int64' && t.bigint);
}

/** Builds the memory → protobufjs and protobufjs → memory converters of a model, recursion included. */
export class ProtoConverters {
  private readonly encoders = new Map<object, Convert>();
  private readonly decoders = new Map<object | string, Convert>();

  /** Memory → message object for the root definition. */
  encoder(def: ProtoMessage | ProtoUnion): Convert {
    return this.encodeDefinition(def);
  }

  /** Message object → memory for the root definition. */
  decoder(def: ProtoMessage | ProtoUnion): Convert {
    return this.decodeDefinition(def);
  }

  // --- encoding ---------------------------------------------------------------------------

  private encodeDefinition(def: ProtoMessage | ProtoUnion): Convert {
    const known = this.encoders.get(def);
    if (known !== undefined) return known;
    let impl: Convert = () => undefined;
    const late: Convert = (value) => impl(value);
    this.encoders.set(def, late);
    impl = def.kind === 'union' ? this.encodeUnion(def) : this.encodeMessage(def);
    return late;
  }

  private encodeValue(t: ProtoValue): Convert {
    if (t.k === 'enum') {
      const numbers = new Map(t.def.values.map((v) => [v.value, v.number]));
      return (value) => {
        const n = typeof value === 'string' ? numbers.get(value) : undefined;
        if (n === undefined) throw new PathFailure(`expected one of ${t.def.values.map((v) => JSON.stringify(v.value)).join(', ')}, got ${show(value)}`);
        return n;
      };
    }
    if (t.k === 'message' || t.k === 'union') {
      if (t.k === 'message' && t.def.wrapper) {
        const encode = this.encodeDefinition(t.def);
        const key = t.def.fields[0].memory;
        return (value) => encode({ [key]: value });
      }
      return this.encodeDefinition(t.def);
    }
    switch (t.type) {
      case 'int32': return expectInt32;
      case 'int64': return t.bigint ? (value) => toLong(expectInt64(value)) : expectSafeInteger;
      case 'float': case 'double': return expectNumber;
      case 'bool': return expectBoolean;
      case 'string': return expectString;
      case 'bytes': return expectBytes;
    }
  }

  private encodeField(t: ProtoFieldType): Convert {
    if (t.k === 'repeated') {
      const item = this.encodeValue(t.items);
      const keep = keepsValue(t.items);
      return (value) => {
        if (!Array.isArray(value)) throw new PathFailure(`expected an array, got ${show(value)}`);
        if (keep) {
          for (let i = 0; i < value.length; i++) {
            try { item(value[i]); } catch (error) { rethrowAt(error, i); }
          }
          return value;
        }
        const out = new Array<unknown>(value.length);
        for (let i = 0; i < value.length; i++) {
          try { out[i] = item(value[i]); } catch (error) { rethrowAt(error, i); }
        }
        return out;
      };
    }
    if (t.k === 'map') {
      const entry = this.encodeValue(t.values);
      return (value) => {
        if (!isObjectValue(value)) throw new PathFailure(`expected an object (map), got ${show(value)}`);
        // A null-prototype copy: a `__proto__` key stays an ordinary entry.
        const out = Object.create(null) as Record<string, unknown>;
        for (const key of Object.keys(value)) {
          try { out[key] = entry(value[key]); } catch (error) { rethrowAt(error, key); }
        }
        return out;
      };
    }
    return this.encodeValue(t);
  }

  private encodeMessage(def: ProtoMessage): Convert {
    const fields = def.fields.map((f) => ({ f, encode: this.encodeField(f.type) }));
    return (value) => {
      if (!isObjectValue(value)) throw new PathFailure(`expected an object, got ${show(value)}`);
      const out: Record<string, unknown> = {};
      for (const { f, encode } of fields) {
        const v = value[f.memory];
        if (v === undefined) {
          if (f.optional) continue;
          throw new PathFailure('is required but missing').at(f.memory);
        }
        if (v === null) {
          if (f.nullable) continue;
          throw new PathFailure('must not be null').at(f.memory);
        }
        try { out[f.wire] = encode(v); } catch (error) { rethrowAt(error, f.memory); }
      }
      return out;
    };
  }

  private encodeUnion(def: ProtoUnion): Convert {
    const cases = new Map(def.cases.map((c) => [c.name, { wire: c.wire, encode: this.encodeDefinition(c.def) }]));
    return (value) => {
      if (!isObjectValue(value)) throw new PathFailure(`expected an object, got ${show(value)}`);
      const tag = value[def.tag];
      const c = typeof tag === 'string' ? cases.get(tag) : undefined;
      if (c === undefined) throw new PathFailure(`expected one of ${[...cases.keys()].map((k) => JSON.stringify(k)).join(', ')}, got ${show(tag)}`).at(def.tag);
      return { [c.wire]: c.encode(value) };
    };
  }

  // --- decoding ---------------------------------------------------------------------------

  private decodeDefinition(def: ProtoMessage | ProtoUnion, tag?: { key: string; value: string }): Convert {
    // A union's case message is decoded with its tag written first, so it has its own converter.
    const cacheKey = tag === undefined ? def : `${def.name}\u0000${tag.key}\u0000${tag.value}`;
    const known = this.decoders.get(cacheKey);
    if (known !== undefined) return known;
    let impl: Convert = () => undefined;
    const late: Convert = (value) => impl(value);
    this.decoders.set(cacheKey, late);
    impl = def.kind === 'union' ? this.decodeUnion(def) : this.decodeMessage(def, tag);
    return late;
  }

  private decodeValue(t: ProtoValue): Convert {
    if (t.k === 'enum') {
      const values = new Map(t.def.values.map((v) => [v.number, v.value]));
      return (n) => {
        const value = values.get(n as number);
        if (value === undefined) throw new PathFailure(n === 0 ? 'enum value is unset (0)' : `unknown enum number ${show(n)}`, t.def.name);
        return value;
      };
    }
    if (t.k === 'message' || t.k === 'union') {
      const decode = this.decodeDefinition(t.def);
      const name = t.def.name;
      if (t.k === 'message' && t.def.wrapper) {
        const key = t.def.fields[0].memory;
        return (m) => {
          if (m === null || m === undefined) throw new PathFailure(`is missing (expected a ${name} message)`);
          return (decode(m) as Record<string, unknown>)[key];
        };
      }
      return (m) => {
        if (m === null || m === undefined) throw new PathFailure(`is missing (expected a ${name} message)`);
        return decode(m);
      };
    }
    switch (t.type) {
      case 'int64': return t.bigint ? longToBigint : longToNumber;
      case 'bytes': return (b) => plainBytes(b as Uint8Array);
      default: return (v) => v;
    }
  }

  private decodeField(t: ProtoFieldType): Convert {
    if (t.k === 'repeated') {
      const item = this.decodeValue(t.items);
      return (list) => {
        const array = list as unknown[];
        const out = new Array<unknown>(array.length);
        for (let i = 0; i < array.length; i++) {
          try { out[i] = item(array[i]); } catch (error) { rethrowAt(error, i); }
        }
        return out;
      };
    }
    if (t.k === 'map') {
      const entry = this.decodeValue(t.values);
      return (map) => {
        const source = map as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(source)) {
          try { setEntry(out, key, entry(source[key])); } catch (error) { rethrowAt(error, key); }
        }
        return out;
      };
    }
    return this.decodeValue(t);
  }

  private decodeMessage(def: ProtoMessage, tag: { key: string; value: string } | undefined): Convert {
    const fields = def.fields.map((f: ProtoField) => ({ f, decode: this.decodeField(f.type), empty: f.optional && (f.type.k === 'repeated' || f.type.k === 'map') }));
    return (m) => {
      const message = m as Record<string, unknown>;
      const out: Record<string, unknown> = tag === undefined ? {} : { [tag.key]: tag.value };
      for (const { f, decode, empty } of fields) {
        if (f.presence && !(hasOwn.call(message, f.wire) && message[f.wire] != null)) {
          if (f.nullable) out[f.memory] = null;
          continue;
        }
        const v = message[f.wire];
        // An optional list or map has no presence on the wire: empty means absent.
        if (empty && (Array.isArray(v) ? v.length === 0 : Object.keys(v as object).length === 0)) continue;
        try { out[f.memory] = decode(v); } catch (error) { rethrowAt(error, f.memory); }
      }
      return out;
    };
  }

  private decodeUnion(def: ProtoUnion): Convert {
    const cases = def.cases.map((c) => ({ wire: c.wire, decode: this.decodeDefinition(c.def, { key: def.tag, value: c.name }) }));
    return (m) => {
      const message = m as Record<string, unknown>;
      for (const c of cases) {
        const v = message[c.wire];
        if (hasOwn.call(message, c.wire) && v != null) return c.decode(v);
      }
      throw new PathFailure(`no case of ${def.name} is set (oneof ${def.oneof} is empty)`);
    };
  }
}

/** A bigint as the `{ low, high }` pair protobufjs writes for int64 fields. */
function toLong(value: bigint): LongLike {
  return { low: Number(BigInt.asIntN(32, value)), high: Number(BigInt.asIntN(32, value >> 32n)) };
}
