import { PathFailure, rethrowAt } from '../schemaWalk/errors.ts';
import { bigintToSafeNumber, bufferView, isObjectValue, plainBytes, setEntry, show } from '../schemaWalk/values.ts';
import type { AvroRecord, AvroShape, AvroUnion } from './avroSchema.ts';

/** Converts one value between memory and avsc's representation. */
export type Convert = (value: unknown) => unknown;

// Encoders return `null` where avsc takes the in-memory value as it is (avsc checks it while
// writing), so records without renamed, optional, bytes or union fields are not copied.

/** Memory → avsc for a shape; `null` when values pass unchanged. */
export function avroEncoder(shape: AvroShape): Convert | null {
  return new Encoders().of(shape);
}

/** avsc → memory for a shape: records become plain objects, unions gain their tag. */
export function avroDecoder(shape: AvroShape): Convert {
  return new Decoders().of(shape);
}

class Encoders {
  private readonly cache = new Map<object, Convert | null>();

  of(shape: AvroShape): Convert | null {
    switch (shape.k) {
      case 'bytes': return (v) => (v instanceof Uint8Array ? bufferView(v) : v);
      case 'enum': {
        if ([...shape.toSymbol].every(([value, symbol]) => value === symbol)) return null;
        return (v) => (typeof v === 'string' ? (shape.toSymbol.get(v) ?? v) : v);
      }
      case 'array': {
        const item = this.of(shape.items);
        if (item === null) return null;
        return (v) => {
          if (!Array.isArray(v)) return v;
          const out = new Array<unknown>(v.length);
          for (let i = 0; i < v.length; i++) {
            try { out[i] = item(v[i]); } catch (error) { rethrowAt(error, i); }
          }
          return out;
        };
      }
      case 'map': {
        const entry = this.of(shape.values);
        if (entry === null) return null;
        return (v) => {
          if (!isObjectValue(v)) return v;
          const out = Object.create(null) as Record<string, unknown>;
          for (const key of Object.keys(v)) {
            try { out[key] = entry(v[key]); } catch (error) { rethrowAt(error, key); }
          }
          return out;
        };
      }
      case 'nullable': {
        const inner = this.of(shape.inner);
        return inner === null ? null : (v) => (v === null ? null : inner(v));
      }
      case 'record': return this.cached(shape.def, () => this.record(shape.def));
      case 'union': return this.cached(shape.def, () => this.union(shape.def, shape.wrapped));
      default: return null;
    }
  }

  // Recursive types see a late-bound converter while their own is being built.
  private cached(key: object, build: () => Convert | null): Convert | null {
    if (this.cache.has(key)) {
      const known = this.cache.get(key);
      return known ?? null;
    }
    let impl: Convert | null = null;
    const late: Convert = (v) => (impl === null ? v : impl(v));
    this.cache.set(key, late);
    impl = build();
    this.cache.set(key, impl);
    return impl;
  }

  private record(def: AvroRecord): Convert | null {
    const fields = def.fields.map((f) => ({ ...f, encode: this.of(f.shape) }));
    if (fields.every((f) => f.memory === f.wire && !f.optional && f.encode === null)) return null;
    return (v) => {
      if (!isObjectValue(v)) throw new PathFailure(`expected an object, got ${show(v)}`);
      const out: Record<string, unknown> = {};
      for (const f of fields) {
        const x = v[f.memory];
        if (x === undefined && f.optional) out[f.wire] = null;
        else if (f.encode === null) out[f.wire] = x;
        else {
          try { out[f.wire] = f.encode(x); } catch (error) { rethrowAt(error, f.memory); }
        }
      }
      return out;
    };
  }

  private union(def: AvroUnion, wrapped: boolean): Convert {
    const cases = new Map(def.cases.map((c) => [c.name, { fullName: c.def.fullName, encode: this.of({ k: 'record', def: c.def }) }]));
    return (v) => {
      if (!isObjectValue(v)) throw new PathFailure(`expected an object, got ${show(v)}`);
      const tag = v[def.tag];
      const c = typeof tag === 'string' ? cases.get(tag) : undefined;
      if (c === undefined) throw new PathFailure(`expected one of ${[...cases.keys()].map((k) => JSON.stringify(k)).join(', ')}, got ${show(tag)}`).at(def.tag);
      const record = c.encode === null ? v : c.encode(v);
      return wrapped ? { [c.fullName]: record } : record;
    };
  }
}

class Decoders {
  private readonly cache = new Map<object | string, Convert>();

  of(shape: AvroShape): Convert {
    switch (shape.k) {
      case 'long': return shape.bigint ? identity : (v) => bigintToSafeNumber(v as bigint);
      case 'bytes': return (v) => plainBytes(v as Uint8Array);
      case 'enum': return (v) => shape.fromSymbol.get(v as string) ?? v;
      case 'array': {
        const item = this.of(shape.items);
        if (item === identity) return identity;
        return (v) => {
          const list = v as unknown[];
          const out = new Array<unknown>(list.length);
          for (let i = 0; i < list.length; i++) {
            try { out[i] = item(list[i]); } catch (error) { rethrowAt(error, i); }
          }
          return out;
        };
      }
      case 'map': {
        const entry = this.of(shape.values);
        return (v) => {
          // avsc builds maps with `{}`; a "__proto__" key would have replaced the prototype.
          if (Object.getPrototypeOf(v) !== Object.prototype) throw new PathFailure('map key "__proto__" is not allowed');
          const source = v as Record<string, unknown>;
          const out: Record<string, unknown> = {};
          for (const key of Object.keys(source)) {
            try { setEntry(out, key, entry(source[key])); } catch (error) { rethrowAt(error, key); }
          }
          return out;
        };
      }
      case 'nullable': {
        const inner = this.of(shape.inner);
        return inner === identity ? identity : (v) => (v === null ? null : inner(v));
      }
      case 'record': return this.record(shape.def, undefined);
      case 'union': return this.union(shape.def, shape.wrapped);
      default: return identity;
    }
  }

  private record(def: AvroRecord, tag: { key: string; value: string } | undefined): Convert {
    const cacheKey = tag === undefined ? def : `${def.fullName}\u0000${tag.value}`;
    const known = this.cache.get(cacheKey);
    if (known !== undefined) return known;
    let impl: Convert = identity;
    this.cache.set(cacheKey, (v) => impl(v));
    const fields = def.fields.map((f) => ({ ...f, decode: this.of(f.shape) }));
    impl = (v) => {
      const source = v as Record<string, unknown>;
      const out: Record<string, unknown> = tag === undefined ? {} : { [tag.key]: tag.value };
      for (const f of fields) {
        const x = source[f.wire];
        if (f.optional && x === null) continue;
        try { out[f.memory] = f.decode(x); } catch (error) { rethrowAt(error, f.memory); }
      }
      return out;
    };
    return impl;
  }

  private union(def: AvroUnion, wrapped: boolean): Convert {
    const byFullName = new Map(def.cases.map((c) => [c.def.fullName, this.record(c.def, { key: def.tag, value: c.name })]));
    const only = this.record(def.cases[0].def, { key: def.tag, value: def.cases[0].name });
    if (!wrapped) return only;
    return (v) => {
      const branch = Object.keys(v as object)[0];
      const decode = byFullName.get(branch);
      if (decode === undefined) throw new PathFailure(`unknown union branch ${JSON.stringify(branch)}`);
      return decode((v as Record<string, unknown>)[branch]);
    };
  }
}

const identity: Convert = (v) => v;
