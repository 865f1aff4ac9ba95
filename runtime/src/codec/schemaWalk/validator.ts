import Type, { type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { DecodeError } from '../DecodeError.ts';

/** A compiled check of decoded values against their schema, shared by the binary codecs. */
export interface DecodedValidator {
  /** True when the value satisfies the schema. */
  check(value: unknown): boolean;
  /** The first violation as a DecodeError; `prefix` is prepended to the pointer (stream items). */
  error(value: unknown, prefix?: string): DecodeError;
}

// Keywords whose values are schemas (or maps / lists of schemas) that may hold number schemas.
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_VALUES = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems'];
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'];
const NUMBER_BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const anyNumber = (value: unknown): boolean => typeof value === 'number';

/**
 * Binary formats carry IEEE 754 doubles, so NaN and ±Infinity are values a peer can send, while
 * TypeBox's `number` means a finite number (JSON's view). The copy this builds accepts any number
 * where the schema says `number` without bounds; bounded numbers keep TypeBox's finite check.
 */
function relaxNumbers(schema: unknown, seen: Map<object, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => relaxNumbers(s, seen));
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
        descriptor.value = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, relaxNumbers(v, seen)]));
      } else if (SCHEMA_VALUES.includes(key) || (SCHEMA_LISTS.includes(key) && Array.isArray(value))) {
        descriptor.value = relaxNumbers(value, seen);
      }
    }
  }
  const copy = Object.defineProperties(Object.create(Object.getPrototypeOf(schema) as object | null) as Record<string, unknown>, descriptors);
  let result: unknown = copy;
  if (copy.type === 'number' && !NUMBER_BOUNDS.some((k) => k in copy)) {
    delete copy.type;
    result = Type.Refine(copy as unknown as TSchema, anyNumber, () => 'must be number');
  }
  seen.set(schema, result);
  return result;
}

/** Compiles the schema's checker once, at codec build time. */
export function compileValidator(schema: TSchema): DecodedValidator {
  const validator = Compile(relaxNumbers(schema, new Map()) as TSchema);
  return {
    check: (value) => validator.Check(value),
    error(value, prefix = '') {
      const first = validator.Errors(value)[0];
      if (first === undefined) return new DecodeError('the decoded value does not match the schema', { pointer: prefix });
      const pointer = prefix + first.instancePath;
      return new DecodeError(`invalid value at ${pointer === '' ? 'the root' : pointer}: ${first.message}`, {
        pointer,
        expected: first.message,
      });
    },
  };
}
