import { isBytesSchema } from '../../schema/Bytes.ts';
import { isDateSchema } from '../../schema/DateTime.ts';
import { taggedUnionInfo } from '../../schema/TaggedUnion.ts';
import type { CodecConfig } from './CodecConfig.ts';
import { plainObjectFields } from './plainObjectFields.ts';

type Schema = Record<string, unknown>;

/**
 * A test, generated from a schema, that a value needs no change to be written: when it holds,
 * `JSON.stringify(value)` is the text `JSON.stringify(plan.encode(value))` makes, without the
 * plan's copy. JSON.stringify builds its text flat, so the response is written as it comes
 * (a generated writer's concatenations leave a rope that writing the response must flatten).
 *
 * The test holds for plain objects (whose prototype is Object.prototype) holding exactly the
 * declared fields, in the schema's order, with values of the declared scalar types, and for
 * arrays of such values: nothing for the plan to rename, drop, reorder or convert. Any other
 * value (a null, an extra or misplaced field, a Date, a number where a string belongs) fails it
 * and is written through the plan as before. The test reads each field once and allocates
 * nothing, which costs less than the copy it spares.
 *
 * Undefined when the schema holds something the plan converts or that the test does not
 * follow: dates, bytes, 64-bit integers, unions, `$ref`s, open objects and maps, renamed fields,
 * or, when empty collections are left out on encoding, arrays.
 */
export function compilePlainJsonTest(schema: Schema, config: CodecConfig): ((value: unknown) => boolean) | undefined {
  const functions: string[] = [];
  const keyLists: string[][] = [];
  const requiredLists: boolean[][] = [];
  const context = { config, functions, keyLists, requiredLists, depth: 0 };
  const top = testOf(schema, 'v', context);
  if (top === undefined) return undefined;
  const body = `${functions.join('\n')}\nreturn function plain(v) { return ${top}; };`;
  // Generated once per schema; field names reach the code only as JSON string literals.
  return new Function('K', 'R', 'P', 'proto', body)(
    keyLists,
    requiredLists,
    Object.prototype,
    Object.getPrototypeOf,
  ) as (value: unknown) => boolean;
}

interface Context {
  readonly config: CodecConfig;
  readonly functions: string[];
  readonly keyLists: string[][];
  readonly requiredLists: boolean[][];
  depth: number;
}

/** Nesting of schemas past which no test is made (bounds the generated code). */
const maxDepth = 8;

/** A boolean expression over `x` true when the value needs no change, or undefined when the schema cannot be tested. */
function testOf(value: unknown, x: string, context: Context): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const schema = value as Schema;
  if (schema.$ref !== undefined || isBytesSchema(schema) || isDateSchema(schema) || taggedUnionInfo(schema))
    return undefined;
  if (
    schema.anyOf !== undefined ||
    schema.oneOf !== undefined ||
    schema.allOf !== undefined ||
    schema.not !== undefined
  )
    return undefined;
  switch (schema.type) {
    case 'string':
      return `typeof ${x} === 'string'`;
    case 'number':
    case 'integer':
      return `typeof ${x} === 'number'`;
    case 'boolean':
      return `typeof ${x} === 'boolean'`;
    case 'array':
      return arrayTest(schema, x, context);
    case 'object':
      return objectTest(schema, x, context);
    default:
      return undefined;
  }
}

function arrayTest(schema: Schema, x: string, context: Context): string | undefined {
  const items = schema.items;
  if (typeof items !== 'object' || items === null || Array.isArray(items) || schema.prefixItems !== undefined)
    return undefined;
  if (!context.config.explicitEmptyCollections.encoding) return undefined;
  const item = nested(items, context);
  if (item === undefined) return undefined;
  const n = context.functions.length;
  // An own or inherited `toJSON` would change what JSON.stringify writes; holes fail the item test.
  context.functions.push(`function f${n}(a) {
  if (!Array.isArray(a) || a.toJSON !== undefined) return false;
  for (let i = 0; i < a.length; i++) { const x = a[i]; if (!(${item})) return false; }
  return true;
}`);
  return `f${n}(${x})`;
}

function objectTest(schema: Schema, x: string, context: Context): string | undefined {
  const fields = plainObjectFields(schema, context.config);
  if (fields === undefined) return undefined;
  const { properties, required, names } = fields;
  const checks: string[] = [];
  for (const name of names) {
    const test = nested(properties[name], context);
    if (test === undefined) return undefined;
    const read = `const x = o[${JSON.stringify(name)}];`;
    // An optional field left out is absent from the keys too; one present must be of its type.
    checks.push(
      required.has(name)
        ? `{ ${read} if (!(${test})) return false; }`
        : `{ ${read} if (x !== undefined && !(${test})) return false; }`,
    );
  }
  const list = context.keyLists.length;
  context.keyLists.push([...names]);
  context.requiredLists.push(names.map((name) => required.has(name)));
  const n = context.functions.length;
  // The keys in JSON.stringify's order (own, enumerable) must be the declared ones in the
  // schema's order, each required one present; the plan writes fields in the schema's order.
  context.functions.push(`function f${n}(o) {
  if (typeof o !== 'object' || o === null || proto(o) !== P) return false;
  const k = K[${list}], r = R[${list}];
  let j = 0;
  for (const key in o) {
    while (j < ${names.length} && k[j] !== key) { if (r[j]) return false; j++; }
    if (j === ${names.length}) return false;
    j++;
  }
  for (; j < ${names.length}; j++) if (r[j]) return false;
  ${checks.join('\n  ')}
  return true;
}`);
  return `f${n}(${x})`;
}

function nested(schema: unknown, context: Context): string | undefined {
  if (context.depth >= maxDepth) return undefined;
  context.depth++;
  try {
    return testOf(schema, 'x', context);
  } finally {
    context.depth--;
  }
}
