import { rethrowAt } from '../schemaWalk/errors.ts';
import type { RecordNode, SchemaNode, UnionNode } from '../schemaWalk/SchemaNode.ts';
import {
  bigintToSafeNumber,
  expectDate,
  expectInt64,
  expectSafeInteger,
  isObjectValue,
  plainBytes,
} from '../schemaWalk/values.ts';

/** Converts one value between memory and what @msgpack/msgpack writes or reads. */
export type Convert = (value: unknown) => unknown;

// MsgPack is self-describing, so in-memory values go to @msgpack/msgpack as they are, except:
// int64 positions (the library writes integers beyond 32 bits as float64 unless given a bigint,
// and reads int64/uint64 as bigint), and bytes (read as views the codec turns into plain
// Uint8Arrays). A Date is MsgPack's own timestamp extension (type -1), which the library writes
// and reads as Date; encoding checks it is a valid one. Converters exist only on the paths that
// lead to such positions.

const SMALL_MIN = -(2 ** 31);
const SMALL_MAX = 2 ** 32 - 1;

/** Whether a node's values need converting in either direction. */
function needs(node: SchemaNode, seen: Set<object>): boolean {
  switch (node.kind) {
    case 'int64':
    case 'bytes':
    case 'timestamp':
      return true;
    case 'array':
      return needs(node.items, seen);
    case 'map':
      return needs(node.values, seen);
    case 'nullable':
      return needs(node.inner, seen);
    case 'record':
      if (seen.has(node)) return false;
      seen.add(node);
      return node.fields.some((f) => needs(f.node, seen));
    case 'union':
      if (seen.has(node)) return false;
      seen.add(node);
      return node.cases.some((c) => needs(c.record, seen));
    default:
      return false;
  }
}

/**
 * Memory → msgpack (`decode` false) or msgpack → memory (`decode` true) for a node; `null` when
 * values pass unchanged. Encoding copies only what it changes (never the caller's value);
 * decoding rewrites the freshly decoded value in place.
 */
export function msgpackConverter(root: SchemaNode, decode: boolean): Convert | null {
  const cache = new Map<object, Convert | null>();
  const relevant = (node: SchemaNode) => needs(node, new Set());

  const of = (node: SchemaNode): Convert | null => {
    if (!relevant(node)) return null;
    switch (node.kind) {
      case 'int64':
        if (decode) return node.bigint ? int64AsBigint : int64AsNumber;
        // Small values as numbers (compact ints); the rest as bigints (int64 / uint64, never float64).
        return node.bigint
          ? (v) => {
              const n = expectInt64(v);
              return n >= SMALL_MIN && n <= SMALL_MAX ? Number(n) : n;
            }
          : (v) => {
              const n = expectSafeInteger(v);
              return n >= SMALL_MIN && n <= SMALL_MAX ? n : BigInt(n);
            };
      case 'bytes':
        return decode ? (v) => (v instanceof Uint8Array ? plainBytes(v) : v) : null;
      case 'timestamp':
        return decode ? null : expectDate;
      case 'nullable': {
        const inner = of(node.inner);
        return inner === null ? null : (v) => (v === null ? null : inner(v));
      }
      case 'array': {
        const item = of(node.items);
        if (item === null) return null;
        return (v) => {
          if (!Array.isArray(v)) return v;
          let out: unknown[] | undefined = decode ? v : undefined;
          for (let i = 0; i < v.length; i++) {
            let y: unknown;
            try {
              y = item(v[i]);
            } catch (error) {
              rethrowAt(error, i);
            }
            if (y !== v[i]) (out ??= v.slice())[i] = y;
          }
          return out ?? v;
        };
      }
      case 'map': {
        const entry = of(node.values);
        if (entry === null) return null;
        return (v) => {
          if (!isObjectValue(v)) return v;
          let out: Record<string, unknown> | undefined = decode ? v : undefined;
          for (const key of Object.keys(v)) {
            let y: unknown;
            try {
              y = entry(v[key]);
            } catch (error) {
              rethrowAt(error, key);
            }
            if (y !== v[key]) (out ??= Object.assign(Object.create(null) as Record<string, unknown>, v))[key] = y;
          }
          return out ?? v;
        };
      }
      case 'record':
        return cached(node, () => record(node));
      case 'union':
        return cached(node, () => union(node));
      default:
        return null;
    }
  };

  // Recursive types see a late-bound converter while their own is being built.
  const cached = (key: object, build: () => Convert | null): Convert | null => {
    if (cache.has(key)) return cache.get(key) ?? null;
    let impl: Convert | null = null;
    cache.set(key, (v) => (impl === null ? v : impl(v)));
    impl = build();
    cache.set(key, impl);
    return impl;
  };

  const record = (node: RecordNode): Convert | null => {
    const fields = node.fields.map((f) => ({ name: f.name, convert: of(f.node) })).filter((f) => f.convert !== null);
    if (fields.length === 0) return null;
    // Encoding copies a record only when a value actually changes (a small int64 becomes a
    // number); decoding rewrites the freshly decoded value in place.
    return (v) => {
      if (!isObjectValue(v)) return v;
      let out: Record<string, unknown> | undefined = decode ? v : undefined;
      for (const f of fields) {
        const x = v[f.name];
        if (x === undefined) continue;
        let y: unknown;
        try {
          y = f.convert!(x);
        } catch (error) {
          rethrowAt(error, f.name);
        }
        if (y !== x) (out ??= { ...v })[f.name] = y;
      }
      return out ?? v;
    };
  };

  const union = (node: UnionNode): Convert | null => {
    const cases = new Map(node.cases.map((c) => [c.name, of(c.record)]));
    return (v) => {
      if (!isObjectValue(v)) return v;
      const convert = cases.get(v[node.tag] as string);
      return convert === undefined || convert === null ? v : convert(v);
    };
  };

  return of(root);
}

function int64AsBigint(v: unknown): unknown {
  return Number.isSafeInteger(v) ? BigInt(v as number) : v;
}

function int64AsNumber(v: unknown): unknown {
  return typeof v === 'bigint' ? bigintToSafeNumber(v) : v;
}
