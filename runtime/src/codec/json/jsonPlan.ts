import { DecodeError } from '../../errors/DecodeError.ts';
import { taggedUnionInfo } from '../../schema/TaggedUnion.ts';
import { isBytesSchema } from '../../schema/Bytes.ts';
import { isDateSchema, parseDateTime } from '../../schema/DateTime.ts';
import type { CodecConfig } from './CodecConfig.ts';
import { NameFormat } from './NameFormat.ts';
import { bigintPlaceholder, jsonBigInteger } from './bigintJson.ts';
import { compileCheck } from '../../schema/validator.ts';
import { admitsNull } from '../../schema/admitsNull.ts';
import { fromBase64, toBase64 } from '../../util/base64.ts';

/**
 * A compiled walk over one schema for one CodecConfig: `encode` turns an in-memory value into a
 * JSON-ready value (wire field names, discriminators, explicit nulls/empty collections, bytes as
 * base64, dates as RFC 3339 text, bigint placeholders); `decode` goes back from parsed JSON, dropping or rejecting
 * undeclared fields and never creating `__proto__` keys. Validation happens after decode.
 */
export interface JsonPlan {
  encode(value: unknown): unknown;
  decode(value: unknown, pointer: string): unknown;
  /** True when encode is the identity (JSON.stringify can take the value as it is). */
  readonly encodeIdentity: boolean;
  /** True when the schema holds 64-bit integers (big numbers need exact parsing). */
  readonly hasBigInt: boolean;
}

type Schema = Record<string, any>;

const identity: JsonPlan = { encode: (v) => v, decode: (v) => v, encodeIdentity: true, hasBigInt: false };

const isCollectionSchema = (s: Schema) => s.type === 'array' || (s.type === 'object' && !s.properties && (s.patternProperties || s.additionalProperties));
const isEmptyCollection = (v: unknown) => (Array.isArray(v) ? v.length === 0 : false);
const escapePointer = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/** Compiles the plan of `schema` under `config`; `$ref`s resolve against `defs` (Cyclic schemas). */
export function compileJsonPlan(schema: Schema, config: CodecConfig, defs: Record<string, Schema> = {}): JsonPlan {
  return compileJsonPlans(schema, config, defs).plan;
}

/** The plan of `schema`, the plans of its sub-schemas from the same compilation, and which admit null (for writers built beside it). */
export function compileJsonPlans(
  schema: Schema,
  config: CodecConfig,
  defs: Record<string, Schema> = {},
): { plan: JsonPlan; planFor: (sub: Schema) => JsonPlan; nullable: (sub: Schema) => boolean } {
  const cache = new Map<Schema, JsonPlan>();
  const allDefs = { ...defs, ...(schema.$defs ?? {}) };
  return { plan: compile(schema, config, allDefs, cache), planFor: (sub) => compile(sub, config, allDefs, cache), nullable: (sub) => admitsNull(sub, allDefs) };
}

function compile(schema: Schema, config: CodecConfig, defs: Record<string, Schema>, cache: Map<Schema, JsonPlan>): JsonPlan {
  const cached = cache.get(schema);
  if (cached) return cached;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace(/^#\/\$defs\//, '');
    const target = defs[name];
    if (!target) return identity;
    // A forward reference: later compiled, possibly recursive.
    const lazy: JsonPlan = {
      encode: (v) => resolved().encode(v),
      decode: (v, p) => resolved().decode(v, p),
      get encodeIdentity() {
        return false;
      },
      hasBigInt: false,
    };
    cache.set(schema, lazy);
    let plan: JsonPlan | undefined;
    const resolved = () => (plan ??= compile(target, config, defs, cache));
    return lazy;
  }
  if (schema.$defs && schema.$ref === undefined && Object.keys(schema).length === 1) return identity;
  const union = taggedUnionInfo(schema);
  let plan: JsonPlan;
  if (union) plan = taggedUnionPlan(schema, union.tag, union.cases, config, defs, cache);
  else if (isBytesSchema(schema)) plan = bytesPlan;
  else if (isDateSchema(schema)) plan = datePlan;
  else if (schema.type === 'bigint') plan = bigintPlan;
  else if (schema.type === 'object' && schema.properties) plan = objectPlan(schema, config, defs, cache);
  else if (schema.type === 'object' && (schema.patternProperties || schema.additionalProperties)) plan = recordPlan(schema, config, defs, cache);
  else if (schema.type === 'array' && schema.items && !Array.isArray(schema.items)) plan = arrayPlan(compile(schema.items, config, defs, cache));
  else if (Array.isArray(schema.anyOf)) plan = anyOfPlan(schema.anyOf, config, defs, cache);
  else plan = identity;
  cache.set(schema, plan);
  return plan;
}

const bytesPlan: JsonPlan = {
  encode: (v) => (v instanceof Uint8Array ? toBase64(v) : v),
  decode: (v, pointer) => {
    if (typeof v !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(v))
      throw new DecodeError(`${pointer || 'value'}: expected base64 text`, { pointer, expected: 'base64 text' });
    return fromBase64(v);
  },
  encodeIdentity: false,
  hasBigInt: false,
};

/** A valid Date as `toISOString()`; anything else is left for validation (JSON.stringify writes an invalid Date as null). */
export function encodeDate(v: unknown): unknown {
  return v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString() : v;
}

const datePlan: JsonPlan = {
  encode: encodeDate,
  decode: (v, pointer) => {
    const date = typeof v === 'string' ? parseDateTime(v) : undefined;
    if (date === undefined) throw new DecodeError(`${pointer || 'value'}: expected an RFC 3339 date-time`, { pointer, expected: 'an RFC 3339 date-time' });
    return date;
  },
  encodeIdentity: false,
  hasBigInt: false,
};

const bigintPlan: JsonPlan = {
  encode: (v) => (typeof v === 'bigint' ? bigintPlaceholder(v) : v),
  decode: (v, pointer) => {
    const parsed = jsonBigInteger(v);
    if (parsed !== undefined) return parsed;
    throw new DecodeError(`${pointer || 'value'}: expected a 64-bit integer`, { pointer, expected: 'a 64-bit integer' });
  },
  encodeIdentity: false,
  hasBigInt: true,
};

function arrayPlan(item: JsonPlan): JsonPlan {
  if (item.encodeIdentity && item === identity) return identity;
  return {
    encode: (v) => (Array.isArray(v) ? v.map((x) => item.encode(x)) : v),
    decode: (v, pointer) => (Array.isArray(v) ? v.map((x, i) => item.decode(x, `${pointer}/${i}`)) : v),
    encodeIdentity: false,
    hasBigInt: item.hasBigInt,
  };
}

function recordPlan(schema: Schema, config: CodecConfig, defs: Record<string, Schema>, cache: Map<Schema, JsonPlan>): JsonPlan {
  const valueSchema: Schema | undefined = schema.patternProperties
    ? (Object.values(schema.patternProperties)[0] as Schema)
    : typeof schema.additionalProperties === 'object'
      ? schema.additionalProperties
      : undefined;
  const value = valueSchema ? compile(valueSchema, config, defs, cache) : identity;
  return {
    encode: (v) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v)) if (k !== '__proto__') out[k] = value.encode((v as Record<string, unknown>)[k]);
      return out;
    },
    decode: (v, pointer) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v)) {
        if (k === '__proto__') continue;
        out[k] = value.decode((v as Record<string, unknown>)[k], `${pointer}/${escapePointer(k)}`);
      }
      return out;
    },
    encodeIdentity: false,
    hasBigInt: value.hasBigInt,
  };
}

interface FieldPlan {
  readonly name: string;
  readonly wire: string;
  readonly plan: JsonPlan;
  readonly required: boolean;
  readonly nullable: boolean;
  readonly collection: 'array' | 'map' | undefined;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
}

function objectPlan(schema: Schema, config: CodecConfig, defs: Record<string, Schema>, cache: Map<Schema, JsonPlan>): JsonPlan {
  const required = new Set<string>(schema.required ?? []);
  const fields: FieldPlan[] = Object.entries(schema.properties as Record<string, Schema>)
    .filter(([name]) => name !== '__proto__')
    .map(([name, s]) => ({
      name,
      wire: NameFormat.apply(config.fieldNameFormat, name),
      plan: compile(s, config, defs, cache),
      required: required.has(name),
      nullable: admitsNull(s, defs),
      collection: isCollectionSchema(s) ? (s.type === 'array' ? 'array' : 'map') : undefined,
      hasDefault: 'default' in s,
      defaultValue: s.default,
    }));
  const wireNames = new Set(fields.map((f) => f.wire));
  const byWire = new Map(fields.map((f) => [f.wire, f]));
  const suffixes = fields.map((f) => `/${escapePointer(f.wire)}`);
  const { explicitNulls, explicitEmptyCollections, rejectExtraFields } = config;
  const open = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
  // Decoding changes nothing of a parsed object holding only declared fields with plain values:
  // then the object itself is the result, without a copy (the POST benchmark's common case).
  const plainFields =
    !open &&
    fields.every(
      (f) =>
        f.plan === identity &&
        f.wire === f.name &&
        !f.hasDefault &&
        !(explicitEmptyCollections.decoding && f.collection !== undefined) &&
        !(explicitNulls.decoding && f.nullable),
    );
  const extra: JsonPlan = typeof schema.additionalProperties === 'object' ? compile(schema.additionalProperties, config, defs, cache) : identity;
  const encode = (v: unknown) => {
    if (typeof v !== 'object' || v === null) return v;
    const src = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      const x = src[f.name];
      // Absent stays absent, and null is written only where the field's schema admits it: an
      // absent or null optional field whose schema has no null is left out (decode reads both as absent).
      if (x === undefined) {
        if (explicitNulls.encoding && !f.required && f.nullable) out[f.wire] = null;
        continue;
      }
      if (x === null && (!explicitNulls.encoding || (!f.required && !f.nullable))) continue;
      if (
        !explicitEmptyCollections.encoding &&
        f.collection !== undefined &&
        (isEmptyCollection(x) || (f.collection === 'map' && typeof x === 'object' && x !== null && Object.keys(x).length === 0))
      )
        continue;
      out[f.wire] = f.plan.encode(x);
    }
    // Declared further properties (additionalProperties) are written too, as decode keeps them.
    if (open) {
      const names = new Set(fields.map((f) => f.name));
      for (const k of Object.keys(src)) if (!names.has(k) && !wireNames.has(k) && k !== '__proto__' && src[k] !== undefined) out[k] = extra.encode(src[k]);
    }
    return out;
  };
  const decode = (v: unknown, pointer: string) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
    const src = v as Record<string, unknown>;
    if (rejectExtraFields && !open) {
      for (const k of Object.keys(src)) {
        if (!wireNames.has(k))
          throw new DecodeError(`${pointer}/${escapePointer(k)}: unexpected field "${k}"`, {
            pointer: `${pointer}/${escapePointer(k)}`,
            expected: `only the fields ${[...wireNames].join(', ')}`,
          });
      }
    }
    if (plainFields && Object.getPrototypeOf(src) === Object.prototype) {
      let unchanged = true;
      for (const k in src) {
        const f = byWire.get(k);
        if (f === undefined || (src[k] === null && !f.required && !f.nullable)) {
          unchanged = false;
          break;
        }
      }
      if (unchanged) return src;
    }
    const out: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      const x = src[f.wire];
      if (x === undefined) {
        if (explicitEmptyCollections.decoding && f.collection !== undefined) out[f.name] = f.collection === 'array' ? [] : {};
        else if (explicitNulls.decoding && f.nullable) out[f.name] = null;
        else if (f.hasDefault) out[f.name] = structuredClone(f.defaultValue);
        continue;
      }
      // An optional field sent as null means "absent" when the schema itself has no null.
      if (x === null && !f.required && !f.nullable) continue;
      out[f.name] = f.plan === identity ? x : f.plan.decode(x, pointer + suffixes[i]);
    }
    if (open) {
      for (const k of Object.keys(src)) if (!wireNames.has(k) && k !== '__proto__') out[k] = src[k];
    }
    return out;
  };
  return { encode, decode, encodeIdentity: false, hasBigInt: fields.some((f) => f.plan.hasBigInt) };
}

function anyOfPlan(members: Schema[], config: CodecConfig, defs: Record<string, Schema>, cache: Map<Schema, JsonPlan>): JsonPlan {
  const plans = members.map((m) => ({ schema: m, plan: compile(m, config, defs, cache) }));
  const nonNull = plans.filter((p) => p.schema.type !== 'null');
  if (nonNull.every((p) => p.plan === identity)) return identity;
  if (nonNull.length === 1) {
    const only = nonNull[0].plan;
    return {
      encode: (v) => (v === null ? null : only.encode(v)),
      decode: (v, p) => (v === null ? null : only.decode(v, p)),
      encodeIdentity: false,
      hasBigInt: only.hasBigInt,
    };
  }
  // Untagged unions of structured members: the first member whose shape fits.
  const fits = (s: Schema, v: unknown): boolean => {
    if (v === null) return s.type === 'null';
    // A member without a type (allOf, a $ref, a nested union) may hold any shape.
    if (Array.isArray(v)) return s.type === 'array' || (s.type === undefined && !isDateSchema(s));
    // A Date schema has no `type` (its value is an object in memory, a string in JSON).
    if (v instanceof Date) return isDateSchema(s) || (s.type === undefined && !isBytesSchema(s));
    if (typeof v === 'object') return s.type === 'object' || isBytesSchema(s) || (s.type === undefined && !isDateSchema(s));
    if (typeof v === 'bigint') return s.type === 'bigint';
    return s.type === typeof v || (s.type === 'integer' && typeof v === 'number') || s.type === undefined;
  };
  // Several members of one shape (objects of a oneOf/anyOf): the one the value validates against,
  // so no member's fields are dropped by another member's plan.
  const checks = nonNull.map((m) => {
    let check: ((v: unknown) => boolean) | undefined;
    return (v: unknown) => (check ??= compileCheck(m.schema, defs))(v);
  });
  return {
    encode: (v) => {
      const fitting = nonNull.flatMap((m, i) => (fits(m.schema, v) ? [i] : []));
      const chosen = fitting.length > 1 ? (fitting.find((i) => checks[i](v)) ?? fitting[0]) : fitting[0];
      return (chosen === undefined ? identity : nonNull[chosen].plan).encode(v);
    },
    decode: (v, p) => {
      const fitting = nonNull.flatMap((m, i) => (fits(m.schema, v) ? [i] : []));
      let first: { value: unknown } | undefined;
      for (const i of fitting) {
        try {
          const out = nonNull[i].plan.decode(v, p);
          if (fitting.length === 1 || checks[i](out)) return out;
          first ??= { value: out };
        } catch {
          // try the next member
        }
      }
      return first ? first.value : v;
    },
    encodeIdentity: false,
    hasBigInt: nonNull.some((p) => p.plan.hasBigInt),
  };
}

function taggedUnionPlan(
  schema: Schema,
  tag: string,
  cases: readonly string[],
  config: CodecConfig,
  defs: Record<string, Schema>,
  cache: Map<Schema, JsonPlan>,
): JsonPlan {
  const members = schema.anyOf as Schema[];
  const byCase = new Map<string, { plan: JsonPlan; wire: string; check: (v: unknown) => boolean }>();
  const setting = config.discriminatorSettings;
  const format = setting.kind === 'NoDiscriminator' ? NameFormat.Identity : setting.format;
  cases.forEach((name, i) => {
    const member = members[i];
    const { [tag]: _tag, ...props } = member.properties as Record<string, Schema>;
    const caseSchema = { ...member, properties: props, required: (member.required ?? []).filter((r: string) => r !== tag) };
    let checker: ((v: unknown) => boolean) | undefined;
    const check = (v: unknown) => (checker ??= compileCheck(member, defs))(v);
    byCase.set(name, { plan: compile(caseSchema, config, defs, cache), wire: NameFormat.apply(format, name), check });
  });
  const byWire = new Map([...byCase].map(([name, c]) => [c.wire, { name, plan: c.plan, check: c.check }]));
  const expected = `one of the cases ${[...byWire.keys()].join(', ')}`;
  const encode = (v: unknown) => {
    if (typeof v !== 'object' || v === null) return v;
    const name = (v as Record<string, unknown>)[tag];
    const c = typeof name === 'string' ? byCase.get(name) : undefined;
    if (!c) return v;
    const body = c.plan.encode(v) as Record<string, unknown>;
    if (setting.kind === 'ClassName') return { [c.wire]: body };
    if (setting.kind === 'Name') return { [setting.name]: c.wire, ...body };
    return body;
  };
  const decode = (v: unknown, pointer: string) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new DecodeError(`${pointer || 'value'}: expected ${expected}`, { pointer, expected });
    const src = v as Record<string, unknown>;
    if (setting.kind === 'ClassName') {
      const keys = Object.keys(src);
      const c = keys.length === 1 ? byWire.get(keys[0]) : undefined;
      if (!c) throw new DecodeError(`${pointer || 'value'}: expected an object with a single field naming ${expected}`, { pointer, expected });
      return { [tag]: c.name, ...(c.plan.decode(src[keys[0]], `${pointer}/${escapePointer(keys[0])}`) as object) };
    }
    if (setting.kind === 'Name') {
      const wire = src[setting.name];
      const c = typeof wire === 'string' ? byWire.get(wire) : undefined;
      if (!c)
        throw new DecodeError(`${pointer}/${escapePointer(setting.name)}: expected ${expected}`, {
          pointer: `${pointer}/${escapePointer(setting.name)}`,
          expected,
        });
      const { [setting.name]: _d, ...rest } = src;
      return { [tag]: c.name, ...(c.plan.decode(rest, pointer) as object) };
    }
    for (const c of byWire.values()) {
      try {
        const candidate = { [tag]: c.name, ...(c.plan.decode(v, pointer) as object) };
        if (c.check(candidate)) return candidate;
      } catch {
        // next case
      }
    }
    throw new DecodeError(`${pointer || 'value'}: expected ${expected}`, { pointer, expected });
  };
  return { encode, decode, encodeIdentity: false, hasBigInt: [...byCase.values()].some((c) => c.plan.hasBigInt) };
}
