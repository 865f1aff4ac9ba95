import { compileSchemaPattern } from '../../schema/pattern/schemaPattern.ts';
import { integerFormat, integerFormatCheck } from '../../schema/integerFormats.ts';
import { isTime } from '../../schema/lightFormats.ts';
import { isDateTimeQuickly } from './dateTimeCheck.ts';

type Schema = Record<string, unknown>;

/** The validator engine's test of a string `format`, or undefined when the engine cannot say here. */
export type FormatLookup = (name: string) => ((value: string) => boolean) | undefined;

/** What generating a node's checks needs: the engine's formats and the list the code's externals go to. */
export interface CheckContext {
  readonly formats: FormatLookup;
  /** Values the generated code reads as `E[i]` (matchers, format tests, enum sets, constants). */
  readonly externals: unknown[];
}

// Every keyword TypeBox's checker evaluates. A node holding one that is not folded below keeps
// the walk from checking (the validator then checks the body, as before); any other key is an
// annotation TypeBox ignores too.
const EVALUATED = new Set([
  ...['type', 'properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames'],
  ...['minProperties', 'maxProperties', 'dependencies', 'dependentRequired', 'dependentSchemas', 'items'],
  ...['prefixItems', 'additionalItems', 'contains', 'minContains', 'maxContains', 'minItems', 'maxItems'],
  ...['uniqueItems', 'minLength', 'maxLength', 'format', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum'],
  ...['exclusiveMaximum', 'multipleOf', '$ref', '$recursiveRef', '$dynamicRef', '$anchor', '$dynamicAnchor'],
  ...['$recursiveAnchor', '$id', '$schema', '$defs', 'definitions', 'const', 'enum', 'if', 'then', 'else'],
  ...['not', 'allOf', 'anyOf', 'oneOf', 'unevaluatedItems', 'unevaluatedProperties'],
]);
// TypeBox's own markers that do not change a verdict; any other `~` key (`~refine`, `~guard`…) may.
const INERT_MARKERS = new Set(['~kind', '~readonly', '~optional']);

/** The keywords each type's node may hold for the walk to check it (structure is the caller's). */
const FOLDED: Readonly<Record<string, ReadonlySet<string>>> = {
  string: new Set(['type', 'minLength', 'maxLength', 'pattern', 'format', 'enum', 'const']),
  number: new Set(['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'format', 'enum', 'const']),
  integer: new Set(['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'format', 'enum', 'const']),
  boolean: new Set(['type', 'enum', 'const']),
  array: new Set(['type', 'items', 'minItems', 'maxItems', 'uniqueItems']),
  object: new Set(['type', 'properties', 'required', 'additionalProperties']),
};

/** True when every keyword of the node that TypeBox evaluates is one the walk checks for its type. */
export function foldable(schema: Schema): boolean {
  const folded = FOLDED[schema.type as string];
  if (folded === undefined) return false;
  for (const key of Object.keys(schema)) {
    if (key.startsWith('~') ? !INERT_MARKERS.has(key) : EVALUATED.has(key) && !folded.has(key)) return false;
  }
  return true;
}

/**
 * The checks TypeBox's compiled checker makes of a scalar of the node's type beyond its type,
 * as a boolean expression over `x` ('' when none), or undefined when one cannot be made the
 * same. Each is TypeBox's own expression or the prepared copy's function: string lengths in code
 * points (the same shortcut on `length`), patterns through the runtime's safe matchers (the
 * prepared copy's, cached by source), `date-time` and `time` by the prepared copy's functions,
 * other formats by the engine's, integer formats as its range refinements.
 */
export function scalarChecks(schema: Schema, x: string, context: CheckContext): string | undefined {
  const checks: string[] = [];
  const external = (value: unknown) => `E[${context.externals.push(value) - 1}]`;
  if (schema.type === 'integer') checks.push(`Number.isInteger(${x})`);
  if (schema.type === 'number') checks.push(`Number.isFinite(${x})`);
  for (const [key, op] of [
    ['minimum', '>='],
    ['maximum', '<='],
    ['exclusiveMinimum', '>'],
    ['exclusiveMaximum', '<'],
  ] as const) {
    if (schema[key] === undefined) continue;
    if (typeof schema[key] !== 'number' || !Number.isFinite(schema[key])) return undefined;
    checks.push(`${x} ${op} ${String(schema[key])}`);
  }
  for (const [key, shortcut] of [
    ['minLength', (n: number) => `(${x}.length >= ${n << 1} || (${x}.length >= ${n} && C(${x}) >= ${n}))`],
    ['maxLength', (n: number) => `(${x}.length <= ${n} || (${x}.length <= ${n << 1} && C(${x}) <= ${n}))`],
  ] as const) {
    const n = schema[key];
    if (n === undefined) continue;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) return undefined;
    checks.push(shortcut(n));
  }
  if (schema.pattern !== undefined) {
    if (typeof schema.pattern !== 'string') return undefined;
    let matcher: RegExp;
    try {
      matcher = compileSchemaPattern(schema.pattern);
    } catch {
      return undefined;
    }
    checks.push(`${external(matcher)}.test(${x})`);
  }
  if (schema.format !== undefined) {
    const test = formatTest(schema, context.formats);
    if (test === undefined) return undefined;
    if (test !== true) checks.push(`${external(test)}(${x})`);
  }
  if (schema.enum !== undefined) {
    if (!Array.isArray(schema.enum) || !schema.enum.every(isScalar)) return undefined;
    checks.push(`${external(new Set(schema.enum))}.has(${x})`);
  }
  if ('const' in schema) {
    if (!isScalar(schema.const)) return undefined;
    checks.push(`${x} === ${external(schema.const)}`);
  }
  return checks.join(' && ');
}

/** The checks of an array's length (`a`), '' when none, or undefined when one cannot be made the same. */
export function arrayChecks(schema: Schema, a: string): string | undefined {
  // TypeBox compares items by a hash of each; the walk leaves uniqueness to it.
  if (schema.uniqueItems !== undefined && schema.uniqueItems !== false) return undefined;
  const checks: string[] = [];
  for (const [key, op] of [
    ['minItems', '>='],
    ['maxItems', '<='],
  ] as const) {
    const n = schema[key];
    if (n === undefined) continue;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) return undefined;
    checks.push(`${a}.length ${op} ${n}`);
  }
  return checks.join(' && ');
}

/** A format's test on the node's type: true when it checks nothing there, undefined when unknown here. */
function formatTest(schema: Schema, formats: FormatLookup): ((value: never) => boolean) | true | undefined {
  const format = schema.format;
  if (typeof format !== 'string') return undefined;
  const range = integerFormat(format);
  // On numbers only the prepared copy's integer ranges apply: `format` is a string keyword.
  if (schema.type !== 'string') return range === undefined ? true : integerFormatCheck(range);
  if (range !== undefined) return undefined;
  if (format === 'date-time') return isDateTimeQuickly;
  if (format === 'time') return isTime;
  return formats(format);
}

const isScalar = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value) || value === null;

/**
 * Code points in a string, counted as TypeBox counts them (a unit that is not the low half of a
 * pair just after its high half), so a length bound reads the same in both.
 */
export function codePointCount(value: string): number {
  let result = 0;
  let index = 0;
  let prev = 0;
  while (index < value.length) {
    const next = value.charCodeAt(index++) >> 10;
    result += +(((prev << 8) | next) !== 0x3637);
    prev = next;
  }
  return result;
}
