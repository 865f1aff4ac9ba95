import type { OpenAPIDocument, SchemaObject, SchemaType } from './model.ts';
import { childSlots, schemaSlots } from './schemaSlots.ts';
import { stableJson } from './stableJson.ts';

/** A 3.0 schema that only accepts `null` (3.0 has no `null` type; `nullable` needs a `type` beside it). */
const nullOnly = (): SchemaObject => ({ type: 'string', nullable: true, enum: [null] });
const isNullSchema = (s: SchemaObject) => s.type === 'null' && Object.keys(s).length === 1;
/** Keywords of JSON Schema 2020-12 that OpenAPI 3.0's schema object does not have. */
const dropped = [
  'patternProperties',
  'propertyNames',
  'contains',
  'contentMediaType',
  'contentEncoding',
  'prefixItems',
  'const',
  'examples',
  'if',
  'then',
  'else',
  '$defs',
  '$id',
  '$schema',
];

/**
 * Rewrites a 3.1 document (as OpenAPIGen builds it) as OpenAPI 3.0.3: type arrays and `null`
 * members become `nullable`, numeric `exclusiveMinimum`/`exclusiveMaximum` the boolean form,
 * `const` a one-value `enum`, `examples` one `example`, tuples an `items` union, pattern-keyed
 * maps `additionalProperties`, and a `$ref` with siblings an `allOf`. 3.1-only fields go.
 */
export function downgradeTo30(source: OpenAPIDocument): OpenAPIDocument {
  const doc = structuredClone(source);
  doc.openapi = '3.0.3';
  delete doc.jsonSchemaDialect;
  delete doc.webhooks;
  delete doc.info.summary;
  if (doc.info.license) delete doc.info.license.identifier;
  if (doc.components) delete doc.components.pathItems;
  const types = new Map<string, SchemaType>();
  for (const [name, s] of Object.entries(doc.components?.schemas ?? {})) {
    const t = Array.isArray(s.type) ? s.type.filter((x) => x !== 'null') : s.type ? [s.type] : [];
    if (t.length === 1) types.set(`#/components/schemas/${name}`, t[0]);
  }
  for (const slot of schemaSlots(doc)) slot.set(to30(slot.schema, types));
  return doc;
}

function to30(source: SchemaObject, types: ReadonlyMap<string, SchemaType>): SchemaObject {
  if (source.$ref !== undefined) {
    const { $ref, ...siblings } = source;
    // 3.0 ignores whatever stands beside a $ref.
    return Object.keys(siblings).length === 0 ? { $ref } : { ...to30(siblings, types), allOf: [{ $ref }] };
  }
  let s: SchemaObject = { ...source };
  let nullable = false;
  if (Array.isArray(s.type)) {
    const rest = s.type.filter((t) => t !== 'null');
    nullable = rest.length < s.type.length;
    if (rest.length === 1) s.type = rest[0];
    else {
      delete s.type;
      if (rest.length > 1) s.anyOf = rest.map((type) => ({ type }));
    }
  }
  if (s.type === 'null') {
    delete s.type;
    s = { ...s, ...nullOnly() };
  }
  if (s.anyOf && s.anyOf.some(isNullSchema)) {
    const rest = s.anyOf.filter((m) => !isNullSchema(m));
    const { anyOf: _a, ...others } = s;
    const only = rest.length === 1 ? rest[0] : undefined;
    if (only?.$ref !== undefined && Object.keys(only).length === 1 && types.has(only.$ref)) {
      s = { ...others, type: types.get(only.$ref), allOf: [only] };
      nullable = true;
    } else if (only && only.$ref === undefined && only.type !== undefined && !Array.isArray(only.type)) {
      s = { ...only, ...others };
      nullable = true;
    } else s.anyOf = [...rest, nullOnly()];
  }
  if ('const' in s) {
    s.enum = [s.const];
    if (s.const === null) nullable = true;
  }
  if (Array.isArray(s.enum) && s.enum.includes(null)) nullable = true;
  if (nullable) {
    if (s.type === undefined) s.type = 'string';
    s.nullable = true;
  }
  if (Array.isArray(s.examples)) {
    if (s.example === undefined && s.examples.length > 0) s.example = s.examples[0];
  }
  if (typeof s.exclusiveMinimum === 'number') {
    s.minimum = s.exclusiveMinimum;
    s.exclusiveMinimum = true;
  }
  if (typeof s.exclusiveMaximum === 'number') {
    s.maximum = s.exclusiveMaximum;
    s.exclusiveMaximum = true;
  }
  if (Array.isArray(s.prefixItems) && typeof s.items !== 'boolean') {
    // 3.0 has no positions: every element, the rest element's too, is one of the element schemas.
    const unique = [
      ...new Map(
        [...s.prefixItems, ...(s.items === undefined ? [] : [s.items])].map((m) => [stableJson(m), m]),
      ).values(),
    ];
    s.items = unique.length === 1 ? unique[0] : { anyOf: unique };
  }
  if (typeof s.items === 'boolean') delete s.items;
  if (s.patternProperties && s.additionalProperties === undefined) {
    const values = Object.values(s.patternProperties);
    s.additionalProperties = values.length === 1 ? values[0] : { anyOf: values };
  }
  for (const key of dropped) delete (s as Record<string, unknown>)[key];
  for (const child of childSlots(s)) child.set(to30(child.schema, types));
  return s;
}
