import { isBytesSchema } from '../../schema/Bytes.ts';
import { isDateSchema } from '../../schema/DateTime.ts';
import { taggedUnionInfo } from '../../schema/TaggedUnion.ts';
import type { CodecConfig } from './CodecConfig.ts';
import type { JsonPlan } from './jsonPlan.ts';
import { NameFormat } from './NameFormat.ts';
import { admitsNull } from '../../schema/admitsNull.ts';
import { stringifyJson } from './deepStringify.ts';
import { isFieldlessObject } from './fieldlessObject.ts';

type Schema = Record<string, any>;
type Writer = (value: unknown) => string | undefined;

const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/**
 * A JSON writer generated from an object schema and a CodecConfig: the same text as
 * `JSON.stringify(plan.encode(value))`, written field by field without the intermediate object
 * (what fast-json-stringify does for Fastify; bench:json has the figures). Fields of shapes it
 * does not specialise (unions, `$ref`s, bytes, 64-bit integers, open objects and objects with
 * `patternProperties`; dates are written
 * as `toISOString()` text) and values of an
 * unexpected type go through the plan and JSON.stringify, so the output never differs.
 * Undefined when the schema is not an object with declared properties. A list of such objects
 * keeps `JSON.stringify(plan.encode(value))` on purpose: the writer's concatenated pieces make a
 * rope that writing the response flattens, and for a 100-item list that cost more than the
 * plan's copy saves (JSON.stringify builds its text flat); see docs/benchmarks.md. Such a list
 * is written by JSON.stringify of the value itself when plainJson.ts's test proves the plan
 * would not change it, through the plan otherwise.
 */
export function compileJsonStringify(
  schema: Schema,
  config: CodecConfig,
  plan: JsonPlan,
  planFor: (schema: Schema) => JsonPlan,
  nullable: (schema: Schema) => boolean = (s) => admitsNull(s),
): ((value: unknown) => string) | undefined {
  if (!isClosedObject(schema)) return undefined;
  return writerFor(schema, config, plan, { planFor, nullable }, 0) as (value: unknown) => string;
}

/** Nesting depth past which fields are written through the plan (bounds the generated code). */
const maxDepth = 4;

function isClosedObject(s: Schema): boolean {
  return (
    s.type === 'object' &&
    typeof s.properties === 'object' &&
    s.properties !== null &&
    (s.additionalProperties === undefined || s.additionalProperties === false) &&
    // Names declared by a pattern are fields too: such an object is written through its plan.
    s.patternProperties === undefined &&
    !isFieldlessObject(s) &&
    !taggedUnionInfo(s) &&
    s.$ref === undefined
  );
}

/** Through the plan: exactly what JSON.stringify makes of the encoded value (at any depth). */
function generic(plan: JsonPlan): Writer {
  return (value) => stringifyJson(plan.encode(value));
}

/** What a writer needs from the plans' compilation: sub-schema plans, and which sub-schemas admit null. */
interface Plans {
  readonly planFor: (schema: Schema) => JsonPlan;
  readonly nullable: (schema: Schema) => boolean;
}

function writerFor(schema: Schema, config: CodecConfig, plan: JsonPlan, plans: Plans, depth: number): Writer {
  if (depth > maxDepth || isBytesSchema(schema) || taggedUnionInfo(schema)) return generic(plan);
  if (isClosedObject(schema)) return objectWriter(schema, config, plan, plans, depth);
  if (
    schema.type === 'array' &&
    typeof schema.items === 'object' &&
    schema.items !== null &&
    !Array.isArray(schema.items)
  ) {
    return arrayWriter(writerFor(schema.items, config, plans.planFor(schema.items), plans, depth + 1), plan);
  }
  if (isDateSchema(schema)) return dateWriter(plan);
  return scalarWriter(schema, plan) ?? generic(plan);
}

/** `toISOString()` never needs escaping; an invalid Date goes through the plan (JSON.stringify writes null). */
function dateWriter(plan: JsonPlan): Writer {
  const fallback = generic(plan);
  return (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? `"${v.toISOString()}"` : fallback(v));
}

function scalarWriter(schema: Schema, plan: JsonPlan): Writer | undefined {
  const fallback = generic(plan);
  switch (schema.type) {
    case 'string':
      return (v) => (typeof v === 'string' ? quote(v) : fallback(v));
    case 'integer':
    case 'number':
      // Number#toString is what JSON.stringify writes for finite numbers; NaN and ±Infinity become null.
      return (v) => (typeof v === 'number' ? (Number.isFinite(v) ? `${v}` : 'null') : fallback(v));
    case 'boolean':
      return (v) => (v === true ? 'true' : v === false ? 'false' : fallback(v));
    default:
      return undefined;
  }
}

/**
 * A string as JSON text. Short strings without quotes, backslashes, control characters or
 * surrogates (which JSON.stringify escapes when unpaired) are wrapped as they are.
 */
export function quote(s: string): string {
  if (s.length > 80) return JSON.stringify(s);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/** The value expression a field of this schema gets inline in generated code, or undefined to call its writer. */
function inlineValue(schema: Schema, i: number): string | undefined {
  if (isDateSchema(schema))
    return `x instanceof Date && x.getTime() === x.getTime() ? '"' + x.toISOString() + '"' : w[${i}](x)`;
  switch (schema.type) {
    case 'string':
      return `typeof x === 'string' ? q(x) : w[${i}](x)`;
    case 'integer':
    case 'number':
      return `typeof x === 'number' ? (Number.isFinite(x) ? '' + x : 'null') : w[${i}](x)`;
    case 'boolean':
      return `x === true ? 'true' : x === false ? 'false' : w[${i}](x)`;
    default:
      return undefined;
  }
}

function arrayWriter(item: Writer, plan: JsonPlan): Writer {
  const fallback = generic(plan);
  return (v) => {
    if (!Array.isArray(v)) return fallback(v);
    if (v.length === 0) return '[]';
    let out = '[';
    for (let i = 0; i < v.length; i++) {
      // JSON.stringify writes null for array members it cannot represent.
      out += (i === 0 ? '' : ',') + (item(v[i]) ?? 'null');
    }
    return out + ']';
  };
}

function objectWriter(schema: Schema, config: CodecConfig, plan: JsonPlan, plans: Plans, depth: number): Writer {
  const required = new Set<string>(schema.required ?? []);
  const entries = Object.entries(schema.properties as Record<string, Schema>).filter(([name]) => name !== '__proto__');
  const writers: Writer[] = [];
  const lines: string[] = [];
  const { explicitNulls, explicitEmptyCollections } = config;
  entries.forEach(([name, s], i) => {
    const fieldPlan = plans.planFor(s);
    writers.push(writerFor(s, config, fieldPlan, plans, depth + 1));
    const key = JSON.stringify(`${JSON.stringify(NameFormat.apply(config.fieldNameFormat, name))}:`);
    const isCollection =
      s.type === 'array' || (s.type === 'object' && !s.properties && (s.patternProperties || s.additionalProperties));
    // A field named like a member of Object.prototype (`constructor`, `toString`…) is present
    // only as an own property: reading it from an object without it finds the inherited function.
    const get =
      name in Object.prototype
        ? `x = own(v, ${JSON.stringify(name)}) ? v[${JSON.stringify(name)}] : undefined;`
        : `x = v[${JSON.stringify(name)}];`;
    // As the plan: absent stays absent; null only where the field's schema admits it, an optional field's null otherwise is left out.
    const optional = !required.has(name);
    const writesNull = explicitNulls.encoding && (!optional || plans.nullable(s));
    const nullCase = writesNull ? '' : 'else if (x === null) {}';
    const emptyCase =
      !explicitEmptyCollections.encoding && isCollection
        ? s.type === 'array'
          ? 'else if (Array.isArray(x) && x.length === 0) {}'
          : 'else if (Array.isArray(x) ? x.length === 0 : typeof x === "object" && x !== null && Object.keys(x).length === 0) {}'
        : '';
    const inline = isBytesSchema(s) ? undefined : inlineValue(s, i);
    const write = inline ? `t = ${inline};` : `t = w[${i}](x);`;
    lines.push(
      `${get} if (x === undefined) {} ${nullCase} ${emptyCase} else { ${write} if (t !== undefined) { o += c + ${key} + t; c = ','; } }`,
    );
  });
  const body = `return function write(v) {
  if (typeof v !== 'object' || v === null) return fallback(v);
  let o = '{', c = '', x, t;
  ${lines.join('\n  ')}
  return o + '}';
};`;
  // Generated once per schema; names and keys are embedded as JSON string literals only.
  return new Function('w', 'fallback', 'q', 'own', body)(writers, generic(plan), quote, hasOwn) as Writer;
}
