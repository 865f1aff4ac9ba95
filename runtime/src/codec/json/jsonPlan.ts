import { DecodeError } from '../../errors/DecodeError.ts';
import { taggedUnionInfo } from '../../schema/TaggedUnion.ts';
import { bytesFormat } from '../../schema/Bytes.ts';
import { isDateSchema, parseDateTime } from '../../schema/DateTime.ts';
import type { CodecConfig } from './CodecConfig.ts';
import { bigintPlaceholder, jsonBigInteger } from './bigintJson.ts';
import { admitsNull } from '../../schema/admitsNull.ts';
import { arrayPlan, recordPlan } from './collectionPlans.ts';
import { identityPlan } from './identityPlan.ts';
import { objectPlan, type ObjectPlan } from './objectPlan.ts';
import { decodeStepOf, decodeWalk, encodeStepOf, encodeWalk, type ForwardingPlan } from './planWalk.ts';
import { nullablePlan, taggedUnionPlan, unionPlan } from './unionPlans.ts';
import { isStructural, unionLeaves } from './unionShapes.ts';
import { allOfParts, isObjectSchema, mergeObjects, mergedAllOf, type AllOfParts } from './allOfShapes.ts';
import { collectDefs, refTarget } from './schemaDefs.ts';
import { isFieldlessObject } from './fieldlessObject.ts';
import { committedLeaves, mayTryAlternatives } from './committedUnions.ts';
import { fromBase64, toBase64 } from '../../util/base64.ts';
import { utf8Text } from '../../util/bytes.ts';

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

const identity = identityPlan;

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
  const allDefs = { ...collectDefs(schema), ...defs };
  return {
    plan: compile(schema, config, allDefs, cache),
    planFor: (sub) => compile(sub, config, allDefs, cache),
    nullable: (sub) => admitsNull(sub, allDefs),
  };
}

function compile(
  schema: Schema,
  config: CodecConfig,
  defs: Record<string, Schema>,
  cache: Map<Schema, JsonPlan>,
): JsonPlan {
  const cached = cache.get(schema);
  if (cached) return cached;
  if (typeof schema.$ref === 'string') {
    let target: Schema | undefined = refTarget(schema, defs);
    // A chain of `$ref`s to `$ref`s is followed now: one that comes back to itself names no value.
    const chain = new Set<Schema>([schema]);
    while (target !== undefined && typeof target.$ref === 'string' && !chain.has(target)) {
      chain.add(target);
      target = refTarget(target, defs);
    }
    if (!target || chain.has(target)) return identity;
    const def = target;
    // A forward reference: compiled on first use, possibly recursive.
    const lazy = deferred(() => compile(def, config, defs, cache));
    cache.set(schema, lazy);
    return lazy;
  }
  if (schema.$defs && schema.$ref === undefined && Object.keys(schema).length === 1) return identity;
  const union = taggedUnionInfo(schema);
  const sub = (s: Schema) => compile(s, config, defs, cache);
  let plan: JsonPlan;
  if (union) plan = taggedUnionPlan(schema, union.tag, union.cases, config, defs, (s) => sub(s) as ObjectPlan);
  else if (bytesFormat(schema) !== undefined) plan = bytesFormat(schema) === 'binary' ? binaryTextPlan : bytesPlan;
  else if (isDateSchema(schema)) plan = datePlan;
  else if (schema.type === 'bigint') plan = bigintPlan;
  else if (Array.isArray(schema.allOf)) plan = allOfPlan(schema, config, defs, sub);
  else if (schema.type === 'object' && schema.properties && !isFieldlessObject(schema))
    plan = objectPlan(schema, config, defs, sub);
  else if (schema.type === 'object' && valueSchemas(schema) > 1)
    // Values whose schema depends on the name (two patterns, or a pattern and further properties):
    // an object without declared properties, whose names no pattern declares stay as JSON Schema
    // keeps them unless `additionalProperties` says otherwise.
    plan = objectPlan(
      { ...schema, properties: {}, additionalProperties: schema.additionalProperties ?? true },
      config,
      defs,
      sub,
    );
  else if (schema.type === 'object' && (schema.patternProperties || schema.additionalProperties))
    plan = recordPlan(recordValuePlan(schema, sub));
  else if (schema.type === 'array' && schema.items && !Array.isArray(schema.items)) plan = arrayPlan(sub(schema.items));
  else if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) plan = anyOfPlan(schema, config, defs, sub);
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

const utf8 = new TextEncoder();

// `format: binary` inside JSON (OpenAPI 3.0's "any sequence of octets") is the string itself:
// its UTF-8 bytes in memory, the text on the wire. Bytes that are not UTF-8 cannot be a JSON
// string; they are written with U+FFFD where a sequence is malformed.
const binaryTextPlan: JsonPlan = {
  encode: (v) => (v instanceof Uint8Array ? utf8Text(v) : v),
  decode: (v, pointer) => {
    if (typeof v !== 'string')
      throw new DecodeError(`${pointer || 'value'}: expected text`, { pointer, expected: 'text' });
    return utf8.encode(v);
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
    if (date === undefined)
      throw new DecodeError(`${pointer || 'value'}: expected an RFC 3339 date-time`, {
        pointer,
        expected: 'an RFC 3339 date-time',
      });
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
    throw new DecodeError(`${pointer || 'value'}: expected a 64-bit integer`, {
      pointer,
      expected: 'a 64-bit integer',
    });
  },
  encodeIdentity: false,
  hasBigInt: true,
};

/** How many schemas a record's values may have: one per name pattern, and the further properties'. */
function valueSchemas(schema: Schema): number {
  const patterns =
    typeof schema.patternProperties === 'object' && schema.patternProperties !== null
      ? Object.keys(schema.patternProperties).length
      : 0;
  return patterns + (typeof schema.additionalProperties === 'object' ? 1 : 0);
}

function recordValuePlan(schema: Schema, sub: (s: Schema) => JsonPlan): JsonPlan {
  const valueSchema: Schema | undefined = schema.patternProperties
    ? (Object.values(schema.patternProperties)[0] as Schema)
    : typeof schema.additionalProperties === 'object'
      ? schema.additionalProperties
      : undefined;
  return valueSchema ? sub(valueSchema) : identity;
}

/** A plan compiled on first use: an alternative of a union may hold the union again. */
function deferred(compileNow: () => JsonPlan): JsonPlan {
  let plan: JsonPlan | undefined;
  const resolved = () => (plan ??= compileNow());
  const forwarding: ForwardingPlan = {
    forward: resolved,
    decodeStep: (v, p, walk) => decodeStepOf(resolved(), v, p, walk),
    encodeStep: (v, walk) => encodeStepOf(resolved(), v, walk),
    decode: (v, p) => decodeWalk(forwarding, v, p),
    encode: (v) => encodeWalk(forwarding, v),
    encodeIdentity: false,
    hasBigInt: false,
  };
  return forwarding;
}

// Alternatives whose plan holds no further plan are compiled at once (and may be the identity).
const isScalarLeaf = (s: Schema) => !isStructural(s) && s.$ref === undefined;

/**
 * An untagged union: nested unions and `$ref`s are flattened into its alternatives, each
 * compiled on first use (an alternative may hold the union again). Alternatives that all keep
 * values as they are need no choice at all.
 */
function anyOfPlan(
  schema: Schema,
  config: CodecConfig,
  defs: Record<string, Schema>,
  sub: (s: Schema) => JsonPlan,
): JsonPlan {
  const leaves = unionLeaves(schema, defs);
  const plans = leaves.map((leaf) => (isScalarLeaf(leaf.schema) ? sub(leaf.schema) : deferred(() => sub(leaf.schema))));
  const nonNull = plans.filter((_, i) => leaves[i].schema.type !== 'null');
  if (nonNull.every((p) => p === identity)) return identity;
  if (nonNull.length === 1) return nullablePlan(nonNull[0]);
  const tried = committedLeaves(schema, defs) !== undefined && mayTryAlternatives(schema, leaves, defs);
  return unionPlan(leaves, plans, config, defs, tried);
}

/**
 * An allOf: its object members as one object (allOfShapes.ts), so that the fields of every member
 * are converted; with a union among the members, that union's choice, each alternative merged
 * with the object members. Any other member converts the value only when there is no object.
 */
function allOfPlan(
  schema: Schema,
  config: CodecConfig,
  defs: Record<string, Schema>,
  sub: (s: Schema) => JsonPlan,
): JsonPlan {
  const parts = allOfParts(schema, defs);
  // A member reached through a `$ref` may be the schema being compiled (`Not: allOf [Expression]`
  // inside Expression): compiled on first use, like a `$ref`, or the compilation never ends.
  return parts.throughRef
    ? deferred(() => allOfPlanOf(parts, config, defs, sub))
    : allOfPlanOf(parts, config, defs, sub);
}

function allOfPlanOf(
  parts: AllOfParts,
  config: CodecConfig,
  defs: Record<string, Schema>,
  sub: (s: Schema) => JsonPlan,
): JsonPlan {
  const objects = mergeObjects(parts.objects);
  if (parts.unions.length > 0) {
    const leaves = unionLeaves(parts.unions[0], defs);
    const plans = leaves.map((leaf) => {
      const alone = isObjectSchema(leaf.schema)
        ? leaf.schema
        : Array.isArray(leaf.schema.allOf)
          ? mergedAllOf(leaf.schema, defs)
          : undefined;
      const merged = objects && alone ? mergeObjects([alone, objects])! : leaf.schema;
      return isScalarLeaf(merged) ? sub(merged) : deferred(() => sub(merged));
    });
    return unionPlan(leaves, plans, config, defs);
  }
  if (objects) return sub(objects);
  // Arrays under one allOf hold items every member's items describe.
  const arrays = parts.others.filter(
    (o) => o.type === 'array' && typeof o.items === 'object' && o.items !== null && !Array.isArray(o.items),
  );
  if (arrays.length > 1) return arrayPlan(sub({ allOf: arrays.map((a) => a.items) }));
  return parts.others.map(sub).find((p) => p !== identity) ?? identity;
}
