import type { TSchema } from 'typebox';
import { compileSchemaPattern, patternEngine } from './pattern/schemaPattern.ts';
import { integerFormat, integerFormatCheck } from './integerFormats.ts';
import { isDateTime, isTime } from './lightFormats.ts';
import { ValidatorWalkKey } from '../util/symbols.ts';
import { typeBoxChecker } from './typeboxCompile.ts';
import { idContext } from './idContext.ts';

// The copy of a schema the validator compiles, with what TypeBox would get wrong or run unsafely
// put right; the schema itself is left as written (OpenAPI generation and codecs read it):
// - `pattern` strings become safe matchers (pattern/schemaPattern.ts); TypeBox takes a RegExp
//   as `pattern` and calls its `test`. `patternProperties` whose patterns are not proven safe on
//   V8 move, with `additionalProperties`, into a refinement that uses the safe matchers.
// - Integer formats (`int32`, `int64`, `uint32`, `uint64`) become range refinements.
// - `date-time` and `time` on strings are checked as the browser's engine checks them
//   (lightFormats.ts): an offset without its colon and a space for the `T` are accepted.
// - A long enum of plain values (Storecove's 2,100 UN/ECE unit codes) becomes one set lookup:
//   TypeBox compiles an enum into a chain of comparisons nested one parenthesis per value, deeper
//   than V8's parser takes past a few thousand (typeboxCompile.ts interprets what still is).
// - Properties named like `Object.prototype`'s members (`constructor`, `toString`, …): TypeBox
//   tests presence with `in`, which finds the inherited member on `{}`. They move into a
//   refinement that looks at own properties only.
// Each refinement carries a hint (WALK) so the error walker can report the exact property.

/** Where a refinement keeps what the error walker needs to descend into it. */
export const WALK = ValidatorWalkKey;

/** What the error walker reads from a refinement made here. */
export type WalkHint =
  | {
      readonly kind: 'ownProperties';
      readonly properties: readonly { name: string; schema: unknown; required: boolean }[];
    }
  | {
      readonly kind: 'patternProperties';
      readonly patterns: readonly { pattern: RegExp; schema: unknown }[];
      readonly declared: ReadonlySet<string>;
      readonly additional: unknown;
    };

/** A TypeBox refinement (`~refine` entry), with the walker's hint when it has one. */
export interface Refinement {
  check(value: unknown): boolean;
  error(value: unknown): string;
  readonly [WALK]?: WalkHint;
}

type Json = Record<string, unknown>;

/** Keywords holding a map of sub-schemas (each copied by {@link prepareSchema}). */
export const SCHEMA_MAPS = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
];
/** Keywords holding one sub-schema (and `items` when it is no list). */
export const SCHEMA_VALUES = [
  'additionalProperties',
  'additionalItems',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
];
/** Keywords holding a list of sub-schemas (and `items` when it is one). */
export const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));
const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Past this many values an enum is a set lookup (see above): a shorter one compiles flat enough.
const LONG_ENUM = 64;
// Values a set finds exactly as TypeBox's `===` does (no NaN in a JSON schema's enum).
const isPlainValue = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** The schema as the validator compiles it (see above); the same object when nothing needed changing is not promised. */
export function prepareSchema(schema: TSchema): TSchema {
  const root: Root = {};
  const prepared = prepare(schema, new Map(), root) as TSchema;
  root.node = prepared;
  return prepared;
}

/**
 * The prepared root, which a refinement's sub-check reads on its first use, not when it is made:
 * the compiler may still rewrite the root after preparing it (sharedRefs.ts gives it new `$defs`
 * and turns references into pointers to them), and a sub-check compiled against the `$defs` as
 * they were met pointers it could not resolve. TypeBox then searched the whole schema for each
 * one while it wrote out every target in place: a refusal under two small recursive defs took
 * a minute to explain.
 */
interface Root {
  node?: unknown;
}

/** A check of a sub-schema of the prepared root, compiled on first use with the root's `$defs` (and `$schema`) beside it. */
function subCheck(schema: unknown, root: Root): (value: unknown) => boolean {
  if (typeof schema === 'boolean') return () => schema;
  let check: ((value: unknown) => boolean) | undefined;
  return (value) => {
    if (check === undefined) {
      const node = isObject(root.node) ? root.node : {};
      const full =
        node.$defs !== undefined && isObject(schema) && schema.$defs === undefined
          ? { ...schema, $defs: node.$defs, ...(node.$schema !== undefined ? { $schema: node.$schema } : {}) }
          : schema;
      const compiled = typeBoxChecker(idContext(full) as Record<string, TSchema>, full as TSchema);
      check = (v) => compiled.Check(v);
    }
    return check(value);
  };
}

function prepare(schema: unknown, seen: Map<object, unknown>, root: Root): unknown {
  if (!isObject(schema)) return schema;
  const known = seen.get(schema);
  if (known !== undefined) return known;
  const descriptors = Object.getOwnPropertyDescriptors(schema);
  const copy = Object.create(Object.getPrototypeOf(schema) as object | null) as Json;
  seen.set(schema, copy);
  for (const [key, descriptor] of Object.entries(descriptors)) {
    descriptor.configurable = true;
    if (!('value' in descriptor)) continue;
    descriptor.writable = true;
    const value: unknown = descriptor.value;
    if (SCHEMA_MAPS.includes(key) && isObject(value)) {
      descriptor.value = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, Array.isArray(v) ? v : prepare(v, seen, root)]),
      );
    } else if (SCHEMA_VALUES.includes(key) || (key === 'items' && !Array.isArray(value))) {
      descriptor.value = prepare(value, seen, root);
    } else if ((SCHEMA_LISTS.includes(key) || key === 'items') && Array.isArray(value)) {
      descriptor.value = value.map((v) => prepare(v, seen, root));
    }
  }
  Object.defineProperties(copy, descriptors);
  if (typeof copy.pattern === 'string') copy.pattern = compileSchemaPattern(copy.pattern);
  const refinements: Refinement[] = [];
  const format = integerFormat(copy.format);
  if (format) refinements.push({ check: integerFormatCheck(format), error: () => format.message });
  const timeFormat = copy.format === 'date-time' || copy.format === 'time' ? copy.format : undefined;
  if (timeFormat !== undefined && copy.type === 'string') {
    const check = timeFormat === 'date-time' ? isDateTime : isTime;
    delete copy.format;
    refinements.push({
      check: (v) => typeof v !== 'string' || check(v),
      error: () => `must match format "${timeFormat}"`,
    });
  }
  if (Array.isArray(copy.enum) && copy.enum.length > LONG_ENUM && copy.enum.every(isPlainValue)) {
    const allowed = new Set<unknown>(copy.enum);
    delete copy.enum;
    refinements.push({ check: (v) => allowed.has(v), error: () => 'must be equal to one of the allowed values' });
  }
  if (isObject(copy.properties)) refinements.push(...ownProperties(copy, root));
  if (isObject(copy.patternProperties)) refinements.push(...patternProperties(copy, root));
  if (refinements.length > 0)
    copy['~refine'] = [...(Array.isArray(copy['~refine']) ? (copy['~refine'] as Refinement[]) : []), ...refinements];
  const refined = refinements.flatMap((r) => schemasOf(r[WALK]));
  if (refined.length > 0) copy[REFINED] = refined;
  return copy;
}

/**
 * The keyword under which a prepared node lists the sub-schemas its refinements check. TypeBox
 * compiles no such keyword, but its search for a reference's target walks it, and so do the
 * context of ids (idContext.ts) and the rewrite of references into one root (sharedRefs.ts): a
 * schema moved into a refinement is still part of the schema, its references rewritten with the
 * others. (Out of their reach, a property named `toString` kept a `$ref` to an `$id` the rewrite
 * had removed: its check searched the whole schema for each reference, for a minute, and then
 * refused what the schema allows.)
 */
export const REFINED = 'x-kitgen-refined';

/** The sub-schemas a refinement's hint names. */
function schemasOf(hint: WalkHint | undefined): unknown[] {
  if (hint === undefined) return [];
  if (hint.kind === 'ownProperties') return hint.properties.map((p) => p.schema).filter(isObject);
  return [...hint.patterns.map((p) => p.schema), hint.additional].filter(isObject);
}

/** Moves properties named like Object.prototype's members out of TypeBox's hands (see above). */
function ownProperties(copy: Json, root: Root): Refinement[] {
  const properties = copy.properties as Json;
  const names = Object.keys(properties).filter((name) => PROTOTYPE_NAMES.has(name));
  if (names.length === 0) return [];
  const required = new Set(Array.isArray(copy.required) ? (copy.required as string[]) : []);
  const moved = names.map((name) => ({
    name,
    schema: properties[name],
    required: required.has(name),
    check: subCheck(properties[name], root),
  }));
  // Still declared (so not "additional"), but accepting anything: the refinement decides.
  copy.properties = { ...properties, ...Object.fromEntries(names.map((name) => [name, {}])) };
  if (Array.isArray(copy.required)) copy.required = (copy.required as string[]).filter((name) => !names.includes(name));
  const isObjectValue = (value: unknown): value is object =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  return [
    {
      check: (value) =>
        !isObjectValue(value) ||
        moved.every((p) => (hasOwn(value, p.name) ? p.check((value as Json)[p.name]) : !p.required)),
      error: () => 'must have valid own properties',
      [WALK]: {
        kind: 'ownProperties',
        properties: moved.map(({ name, schema, required }) => ({ name, schema, required })),
      },
    },
  ];
}

/** Moves `patternProperties` (and `additionalProperties`) with a pattern not proven safe on V8 into a refinement using the safe matchers. */
function patternProperties(copy: Json, root: Root): Refinement[] {
  const entries = Object.entries(copy.patternProperties as Json);
  if (entries.every(([source]) => patternEngine(source) === 'native')) return [];
  const patterns = entries.map(([source, schema]) => ({
    pattern: compileSchemaPattern(source),
    schema,
    check: subCheck(schema, root),
  }));
  const declared = new Set(isObject(copy.properties) ? Object.keys(copy.properties) : []);
  const additional = copy.additionalProperties;
  const additionalCheck = additional === undefined ? undefined : subCheck(additional, root);
  delete copy.patternProperties;
  delete copy.additionalProperties;
  return [
    {
      check: (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return true;
        for (const key of Object.keys(value)) {
          const item = (value as Json)[key];
          let matched = declared.has(key);
          for (const p of patterns) {
            if (!p.pattern.test(key)) continue;
            matched = true;
            if (!p.check(item)) return false;
          }
          if (!matched && additionalCheck !== undefined && !additionalCheck(item)) return false;
        }
        return true;
      },
      error: () => 'must have properties matching the schema',
      [WALK]: {
        kind: 'patternProperties',
        patterns: patterns.map(({ pattern, schema }) => ({ pattern, schema })),
        declared,
        additional,
      },
    },
  ];
}
