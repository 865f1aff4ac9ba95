import type { SchemaObject } from './model.ts';
import { stableJson } from './stableJson.ts';

/** A source schema: a TypeBox value (JSON Schema with extra keys), read loosely, written typed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON Schema, walked key by key
export type Src = Record<string, any>;

/** Where component schemas are referenced from. */
export const schemaRef = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` });

/** Keywords written to the document as they are in the source schema. */
export const copied = [
  'title',
  'description',
  'format',
  'pattern',
  'multipleOf',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
] as const;

/** A schema object (not `true`/`false`, an array or a scalar). */
export const isObj = (v: unknown): v is Src => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Exactly `{ type: 'null' }`. */
export const isNullSchema = (s: SchemaObject) => s.type === 'null' && Object.keys(s).length === 1;
/** Whether the schema accepts `null` (as a type or a union member). */
export const allowsNull = (s: Src): boolean =>
  s.type === 'null' ||
  (Array.isArray(s.type) && s.type.includes('null')) ||
  (Array.isArray(s.anyOf) && s.anyOf.some(allowsNull));
/** An array or a record (an object with only pattern or additional properties). */
export const isCollection = (s: Src) =>
  s.type === 'array' || (s.type === 'object' && !s.properties && (s.patternProperties || s.additionalProperties));
/** The schemas directly under `s`, in every keyword that holds one. */
export const childSchemas = (s: Src): unknown[] => [
  ...Object.values(isObj(s.properties) ? s.properties : {}),
  ...(Array.isArray(s.items) ? s.items : [s.items]),
  ...(s.prefixItems ?? []),
  s.additionalProperties,
  ...Object.values(isObj(s.patternProperties) ? s.patternProperties : {}),
  ...(s.anyOf ?? []),
  ...(s.allOf ?? []),
  ...(s.oneOf ?? []),
  s.not,
  s.if,
  s.then,
  s.else,
  s.contains,
  s.propertyNames,
];

/** `s` that also accepts `null` (3.1 form; downgrade30 rewrites it for 3.0). */
export function nullable(s: SchemaObject): SchemaObject {
  if (s.$ref !== undefined || s.oneOf || s.allOf || s.not || s.const !== undefined)
    return { anyOf: [s, { type: 'null' }] };
  if (s.anyOf) return s.anyOf.some(isNullSchema) ? s : { ...s, anyOf: [...s.anyOf, { type: 'null' }] };
  if (s.type === undefined || s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null'))) return s;
  const type = Array.isArray(s.type) ? [...s.type, 'null' as const] : [s.type, 'null' as const];
  return { ...s, type, ...(s.enum ? { enum: [...s.enum, null] } : {}) };
}

/** `out` with the source's description and title, where it has none of its own. */
export function docsOf(s: Src, out: SchemaObject): SchemaObject {
  if (typeof s.description === 'string' && out.description === undefined) out.description = s.description;
  if (typeof s.title === 'string' && out.title === undefined && out.$ref === undefined) out.title = s.title;
  return out;
}

/** Whether two object schemas have the same properties, required fields and extra-field rule. */
export function sameShape(a: Src, b: Src): boolean {
  const shape = (s: Src) =>
    stableJson({
      properties: s.properties ?? {},
      required: [...(s.required ?? [])].sort(),
      additionalProperties: s.additionalProperties,
    });
  return shape(a) === shape(b);
}

/** A union of constants as an `enum`, `X | null` as a nullable X, other unions kept. */
export function simplifyAnyOf(members: SchemaObject[]): SchemaObject {
  const nonNull = members.filter((m) => !isNullSchema(m));
  const hasNull = nonNull.length < members.length;
  const first = nonNull[0];
  const constOnly = (m: SchemaObject) =>
    m.const !== undefined && typeof m.type === 'string' && Object.keys(m).every((k) => k === 'type' || k === 'const');
  if (first && nonNull.every((m) => constOnly(m) && m.type === first.type)) {
    const e: SchemaObject = { type: first.type, enum: nonNull.map((m) => m.const) };
    return hasNull ? nullable(e) : e;
  }
  if (nonNull.length === 1 && hasNull) return nullable(first);
  return { anyOf: members };
}
