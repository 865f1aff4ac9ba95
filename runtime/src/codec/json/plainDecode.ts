import { isBytesSchema } from '../../schema/Bytes.ts';
import { isDateSchema } from '../../schema/DateTime.ts';
import { taggedUnionInfo } from '../../schema/TaggedUnion.ts';
import type { CodecConfig } from './CodecConfig.ts';
import { plainObjectFields } from './plainObjectFields.ts';
import {
  arrayChecks,
  codePointCount,
  foldable,
  scalarChecks,
  type CheckContext,
  type FormatLookup,
} from './plainChecks.ts';

type Schema = Record<string, unknown>;

/**
 * A test, generated from a schema, that a freshly parsed JSON value needs nothing of the decoding
 * road between parsing and validation: when it holds, the plan would give back a value equal to
 * it (same fields, same order, no null dropped, no default filled, nothing renamed or converted)
 * and it holds no key that reaches Object.prototype, so the value goes to the validator as it is.
 * It replaces, for the bodies it accepts, the text scan for prototype keys and the plan's pass —
 * one generated walk instead of two generic ones.
 *
 * It holds for objects whose keys are declared fields in the schema's order (required ones
 * present, no null, no absent field with a default) and whose values are of the declared scalar
 * type, or nested such objects, or arrays of such values. Any other value fails it and takes the
 * whole road as before, so every refusal and its message is the road's.
 *
 * With the engine's formats given, the test also makes every check the validator makes (types,
 * bounds, lengths, patterns, formats, enums — plainChecks.ts), so a value it accepts is one the
 * validator accepts and needs no other pass; `checked` says it does. A schema holding a keyword
 * the walk does not check gets the test without the checks, and the validator still runs.
 *
 * Undefined when the schema holds what the plan converts or the test does not follow (dates,
 * bytes, 64-bit integers, unions, `$ref`s, open objects, maps, renamed fields or fields named like
 * members of Object.prototype), or when the config fills absent fields on decoding.
 */
export function compilePlainDecodeTest(
  schema: Schema,
  config: CodecConfig,
  formats?: FormatLookup,
): PlainDecodeTest | undefined {
  if (config.explicitNulls.decoding || config.explicitEmptyCollections.decoding) return undefined;
  if (schema.type !== 'object' && schema.type !== 'array') return undefined;
  const checkedTest = formats === undefined ? undefined : generate(schema, config, { formats, externals: [] });
  if (checkedTest !== undefined) return { test: checkedTest, checked: true };
  const test = generate(schema, config, undefined);
  return test === undefined ? undefined : { test, checked: false };
}

/** A generated test of a parsed value, and whether its verdict includes the validator's. */
export interface PlainDecodeTest {
  readonly test: (value: unknown) => boolean;
  /** True when a value the test accepts is one the validator accepts (it need not run). */
  readonly checked: boolean;
}

function generate(schema: Schema, config: CodecConfig, checks: CheckContext | undefined) {
  const context: Context = {
    config,
    checks,
    functions: [],
    keyLists: [],
    requiredLists: [],
    defaultLists: [],
    depth: 0,
  };
  const top = testOf(schema, 'v', context);
  if (top === undefined) return undefined;
  const body = `${context.functions.join('\n')}\nreturn function plainDecoded(v) { return ${top}; };`;
  // Generated once per schema; field names reach the code only as JSON string literals, and every
  // other value of the schema (patterns, enums, constants) as an external.
  return new Function('K', 'R', 'D', 'E', 'C', body)(
    context.keyLists,
    context.requiredLists,
    context.defaultLists,
    checks?.externals ?? [],
    codePointCount,
  ) as (value: unknown) => boolean;
}

interface Context {
  readonly config: CodecConfig;
  /** Present when the walk makes the validator's checks too. */
  readonly checks: CheckContext | undefined;
  readonly functions: string[];
  readonly keyLists: string[][];
  readonly requiredLists: boolean[][];
  readonly defaultLists: boolean[][];
  depth: number;
}

/** Nesting of schemas past which no test is made (bounds the generated code). */
const maxDepth = 8;

/** The `typeof` of a value of each scalar type. */
const scalarTypes: Record<string, string> = {
  string: 'string',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
};

/** A boolean expression over `x` true when the value passes untouched, or undefined when the schema cannot be tested. */
function testOf(value: unknown, x: string, context: Context): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const schema = value as Schema;
  if (schema.$ref !== undefined || schema.$defs !== undefined) return undefined;
  if (isBytesSchema(schema) || isDateSchema(schema) || taggedUnionInfo(schema)) return undefined;
  if (schema.anyOf !== undefined || schema.oneOf !== undefined || schema.allOf !== undefined) return undefined;
  if (schema.not !== undefined) return undefined;
  if (typeof schema.type !== 'string') return undefined;
  if (context.checks !== undefined && !foldable(schema)) return undefined;
  const scalar = scalarTypes[schema.type];
  if (scalar !== undefined) {
    const checks = context.checks === undefined ? '' : scalarChecks(schema, x, context.checks);
    if (checks === undefined) return undefined;
    return checks === '' ? `typeof ${x} === '${scalar}'` : `(typeof ${x} === '${scalar}' && ${checks})`;
  }
  if (schema.type === 'array') return arrayTest(schema, x, context);
  if (schema.type === 'object') return objectTest(schema, x, context);
  return undefined;
}

function arrayTest(schema: Schema, x: string, context: Context): string | undefined {
  const items = schema.items;
  if (typeof items !== 'object' || items === null || Array.isArray(items) || schema.prefixItems !== undefined)
    return undefined;
  const lengths = context.checks === undefined ? '' : arrayChecks(schema, 'a');
  if (lengths === undefined) return undefined;
  const item = nested(items, context);
  if (item === undefined) return undefined;
  const n = context.functions.length;
  context.functions.push(`function f${n}(a) {
  if (!Array.isArray(a)${lengths === '' ? '' : ` || !(${lengths})`}) return false;
  for (let i = 0; i < a.length; i++) { const x = a[i]; if (!(${item})) return false; }
  return true;
}`);
  return `f${n}(${x})`;
}

function objectTest(schema: Schema, x: string, context: Context): string | undefined {
  const fields = plainObjectFields(schema, context.config);
  if (fields === undefined) return undefined;
  const { properties, required, names } = fields;
  // A required field the schema does not declare can never be among the keys the walk allows.
  if (context.checks !== undefined && [...required].some((name) => !names.includes(name))) return undefined;
  const checks: string[] = [];
  for (const name of names) {
    const test = nested(properties[name], context);
    if (test === undefined) return undefined;
    // Absent fields were settled by the key loop; a present one must be of its type, so a null
    // (which the plan drops from an optional field) takes the whole road.
    checks.push(`{ const x = o[${JSON.stringify(name)}]; if (x !== undefined && !(${test})) return false; }`);
  }
  const list = context.keyLists.length;
  context.keyLists.push([...names]);
  context.requiredLists.push(names.map((name) => required.has(name)));
  // An optional field with a default is filled by the plan when absent: its absence fails the test.
  context.defaultLists.push(names.map((name) => !required.has(name) && 'default' in properties[name]));
  const n = context.functions.length;
  // The keys, in the order JSON.parse made them, must be declared ones in the schema's order
  // (the plan's copy writes them so); a skipped field must be neither required nor defaulted.
  context.functions.push(`function f${n}(o) {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return false;
  const k = K[${list}], r = R[${list}], d = D[${list}];
  let j = 0;
  for (const key in o) {
    while (j < ${names.length} && k[j] !== key) { if (r[j] || d[j]) return false; j++; }
    if (j === ${names.length}) return false;
    j++;
  }
  for (; j < ${names.length}; j++) if (r[j] || d[j]) return false;
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
