import * as Type from 'typebox';
import type { TSchema } from 'typebox';

// Keywords whose values are schemas (or maps / lists of schemas) that may hold number schemas.
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_VALUES = [
  'items',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
];
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'];
const NUMBER_BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const anyNumber = (value: unknown): boolean => typeof value === 'number';

/**
 * A copy of the schema that accepts any IEEE 754 double (NaN, ±Infinity) where it says `number`
 * without bounds. Binary formats carry doubles, so those are values a peer can send, while
 * TypeBox's `number` means a finite number (JSON's view); bounded numbers keep the finite check.
 */
export function ieee754Numbers(schema: TSchema): TSchema {
  return relax(schema, new Map()) as TSchema;
}

function relax(schema: unknown, seen: Map<object, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => relax(s, seen));
  if (!isObject(schema)) return schema;
  const known = seen.get(schema);
  if (known !== undefined) return known;
  const descriptors = Object.getOwnPropertyDescriptors(schema);
  for (const [key, descriptor] of Object.entries(descriptors)) {
    descriptor.configurable = true;
    if ('value' in descriptor) {
      descriptor.writable = true;
      const value = descriptor.value;
      if (SCHEMA_MAPS.includes(key) && isObject(value)) {
        descriptor.value = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, relax(v, seen)]));
      } else if (SCHEMA_VALUES.includes(key) || (SCHEMA_LISTS.includes(key) && Array.isArray(value))) {
        descriptor.value = relax(value, seen);
      }
    }
  }
  const copy = Object.defineProperties(
    Object.create(Object.getPrototypeOf(schema) as object | null) as Record<string, unknown>,
    descriptors,
  );
  let result: unknown = copy;
  if (copy.type === 'number' && !NUMBER_BOUNDS.some((k) => k in copy)) {
    delete copy.type;
    result = Type.Refine(copy as unknown as TSchema, anyNumber, () => 'must be number');
  }
  seen.set(schema, result);
  return result;
}
