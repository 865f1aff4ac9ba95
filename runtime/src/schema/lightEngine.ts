// The validator's engine in a browser build (the package's `#validator-engine` import under the
// `browser` and `worker` conditions): an interpreter of the keywords most API schemas use, so a
// page does not ship TypeBox's compiler (~18 kB gzip of a generated client's ~56). It gives
// TypeBox's verdicts, keyword for keyword (typeboxEngine.ts: the same order, the same messages);
// a schema using anything else is checked by TypeBox's engine, which the client loads (an
// `import()`) before the first call of an endpoint that needs it (loadValidatorEngine).
import type { TSchema } from 'typebox';
import type { Failure } from './firstFailure.ts';
import { integerFormat, integerFormatCheck } from './integerFormats.ts';
import { lightFormats, registeredFormats } from './lightFormats.ts';
import type { CompiledSchema } from './typeboxEngine.ts';

type Json = Record<string, unknown>;
type Refinement = { check(value: unknown): boolean; error(value: unknown): string };

// Every keyword TypeBox's checker evaluates; a schema holding one that is not in `handled` goes to TypeBox.
const VALIDATION = new Set([
  ...[
    'type',
    'properties',
    'required',
    'additionalProperties',
    'patternProperties',
    'propertyNames',
    'minProperties',
    'maxProperties',
  ],
  ...[
    'dependencies',
    'dependentRequired',
    'dependentSchemas',
    'items',
    'prefixItems',
    'additionalItems',
    'contains',
    'minContains',
  ],
  ...[
    'maxContains',
    'minItems',
    'maxItems',
    'uniqueItems',
    'minLength',
    'maxLength',
    'format',
    'pattern',
    'minimum',
    'maximum',
  ],
  ...[
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    '$ref',
    '$recursiveRef',
    '$dynamicRef',
    '$anchor',
    '$dynamicAnchor',
  ],
  ...['$recursiveAnchor', 'const', 'enum', 'if', 'then', 'else', 'not', 'allOf', 'anyOf', 'oneOf', 'unevaluatedItems'],
  ...['unevaluatedProperties', '~refine'],
]);
const TYPES = new Set(['object', 'array', 'boolean', 'integer', 'number', 'null', 'string', 'bigint']);
// TypeBox tests the presence of these with hasOwnProperty; kitgen's prepared copy moves every
// property named like Object.prototype's members into a refinement: TypeBox's engine takes those.
const PROTOTYPE_NAMES = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isSchema = (value: unknown): boolean => typeof value === 'boolean' || isObject(value);
const isCount = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isPrimitive = (value: unknown) => value === null || (typeof value !== 'object' && typeof value !== 'function');

/** The check of one keyword's value, when it is one this engine evaluates. */
const handled: Readonly<Record<string, (value: unknown, schema: Json, seen: Set<object>) => boolean>> = {
  type: (t) => (Array.isArray(t) ? t.length > 0 && t.every((n) => TYPES.has(n as string)) : TYPES.has(t as string)),
  properties: (p, _s, seen) =>
    isObject(p) && Object.entries(p).every(([k, v]) => !PROTOTYPE_NAMES.has(k) && supports(v, seen)),
  required: (r) => Array.isArray(r) && r.every((k) => typeof k === 'string' && !PROTOTYPE_NAMES.has(k)),
  additionalProperties: (a, _s, seen) => supports(a, seen),
  minProperties: isCount,
  maxProperties: isCount,
  items: (i, _s, seen) => isSchema(i) && supports(i, seen),
  minItems: isCount,
  maxItems: isCount,
  minLength: isCount,
  maxLength: isCount,
  format: (f) => typeof f === 'string' && (!registeredFormats.has(f) || f in lightFormats),
  minimum: (n) => typeof n === 'number',
  maximum: (n) => typeof n === 'number',
  exclusiveMinimum: (n) => typeof n === 'number',
  exclusiveMaximum: (n) => typeof n === 'number',
  const: isPrimitive,
  enum: (e) => Array.isArray(e) && e.every(isPrimitive),
  not: (n, _s, seen) => supports(n, seen),
  allOf: (l, _s, seen) => Array.isArray(l) && l.length > 0 && l.every((s) => supports(s, seen)),
  anyOf: (l, _s, seen) => Array.isArray(l) && l.length > 0 && l.every((s) => supports(s, seen)),
  oneOf: (l, _s, seen) => Array.isArray(l) && l.length > 0 && l.every((s) => supports(s, seen)),
  '~refine': (r) =>
    Array.isArray(r) && r.every((x) => isObject(x) && typeof x.check === 'function' && typeof x.error === 'function'),
};

/** True when every keyword of the schema and of its sub-schemas is one this engine evaluates. */
function supports(schema: unknown, ancestors = new Set<object>()): boolean {
  if (typeof schema === 'boolean') return true;
  if (!isObject(schema)) return false;
  if (ancestors.has(schema)) return false; // a cycle: TypeBox's engine
  ancestors.add(schema);
  const ok = Object.entries(schema).every(([key, value]) => {
    // Annotations (title, $id, x-…) and TypeBox's own markers change no verdict; others might.
    if (!VALIDATION.has(key))
      return !key.startsWith('~') || key === '~kind' || key === '~optional' || key === '~readonly';
    const handles = handled[key];
    return handles !== undefined && handles(value, schema, ancestors);
  });
  ancestors.delete(schema);
  return ok;
}

const fail = (instancePath: string, message: string): Failure => ({ instancePath, message });
const escapeKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function typeFits(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return Number.isFinite(value);
    case 'null':
      return value === null;
    case 'string':
      return typeof value === 'string';
    default:
      return typeof value === 'bigint';
  }
}

/** Code points, as TypeBox counts a string's length (a lone surrogate counts one). */
function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The first failure of `value` under a supported schema, in TypeBox's keyword order; undefined when it fits. */
function firstFailure(schema: unknown, value: unknown, path: string): Failure | undefined {
  if (typeof schema === 'boolean') return schema ? undefined : fail(path, 'must not be present');
  const s = schema as Json;
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((t) => typeFits(t, value)))
      return fail(path, types.length === 1 ? `must be ${types[0]}` : `must be either ${types.join(' or ')}`);
  }
  if (isObject(value)) {
    if (Array.isArray(s.required)) {
      const missing = (s.required as string[]).filter((k) => !(k in value));
      if (missing.length > 0) return fail(path, `must have required properties ${missing.join(', ')}`);
    }
    const properties = isObject(s.properties) ? s.properties : undefined;
    if (s.additionalProperties !== undefined) {
      for (const key of Object.getOwnPropertyNames(value)) {
        if (properties !== undefined && hasOwn(properties, key)) continue;
        if (s.additionalProperties === false)
          return fail(`${path}/${escapeKey(key)}`, 'must not be present (the schema allows no additional properties)');
        const f = firstFailure(s.additionalProperties, value[key], `${path}/${escapeKey(key)}`);
        if (f) return f;
      }
    }
    if (properties !== undefined) {
      const required = Array.isArray(s.required) ? (s.required as string[]) : [];
      for (const [key, sub] of Object.entries(properties)) {
        if (!(key in value)) continue;
        // An optional property set to undefined passes, as TypeScript's optional properties do.
        if (value[key] === undefined && !required.includes(key)) continue;
        const f = firstFailure(sub, value[key], `${path}/${escapeKey(key)}`);
        if (f) return f;
      }
    }
    const count = Object.getOwnPropertyNames(value).length;
    if (typeof s.minProperties === 'number' && count < s.minProperties)
      return fail(path, `must not have fewer than ${s.minProperties} properties`);
    if (typeof s.maxProperties === 'number' && count > s.maxProperties)
      return fail(path, `must not have more than ${s.maxProperties} properties`);
  }
  if (Array.isArray(value)) {
    if (s.items !== undefined) {
      for (let i = 0; i < value.length; i++) {
        const f = firstFailure(s.items, value[i], `${path}/${i}`);
        if (f) return f;
      }
    }
    if (typeof s.minItems === 'number' && value.length < s.minItems)
      return fail(path, `must not have fewer than ${s.minItems} items`);
    if (typeof s.maxItems === 'number' && value.length > s.maxItems)
      return fail(path, `must not have more than ${s.maxItems} items`);
  }
  if (typeof value === 'string') {
    if (typeof s.minLength === 'number' && (value.length < s.minLength || codePoints(value) < s.minLength))
      return fail(path, `must not have fewer than ${s.minLength} characters`);
    if (typeof s.maxLength === 'number' && value.length > s.maxLength && codePoints(value) > s.maxLength)
      return fail(path, `must not have more than ${s.maxLength} characters`);
    const check = typeof s.format === 'string' ? lightFormats[s.format] : undefined;
    if (check !== undefined && !check(value)) return fail(path, `must match format "${s.format as string}"`);
  }
  if (Number.isFinite(value) || typeof value === 'bigint') {
    const n = value as number;
    if (typeof s.exclusiveMinimum === 'number' && !(n > s.exclusiveMinimum))
      return fail(path, `must be > ${s.exclusiveMinimum}`);
    if (typeof s.exclusiveMaximum === 'number' && !(n < s.exclusiveMaximum))
      return fail(path, `must be < ${s.exclusiveMaximum}`);
    if (typeof s.minimum === 'number' && !(n >= s.minimum)) return fail(path, `must be >= ${s.minimum}`);
    if (typeof s.maximum === 'number' && !(n <= s.maximum)) return fail(path, `must be <= ${s.maximum}`);
  }
  if ('const' in s && value !== s.const) return fail(path, 'must be equal to constant');
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return fail(path, 'must be equal to one of the allowed values');
  if (s.not !== undefined && firstFailure(s.not, value, path) === undefined) return fail(path, 'must not be valid');
  if (Array.isArray(s.allOf)) {
    for (const sub of s.allOf) {
      const f = firstFailure(sub, value, path);
      if (f) return f;
    }
  }
  // A union reports its first member's failure when no member fits (the error walker's choice).
  if (Array.isArray(s.anyOf)) {
    const failures = s.anyOf.map((sub) => firstFailure(sub, value, path));
    if (!failures.includes(undefined)) return failures[0];
  }
  if (Array.isArray(s.oneOf)) {
    const failures = s.oneOf.map((sub) => firstFailure(sub, value, path));
    const passing = failures.filter((f) => f === undefined).length;
    if (passing === 0) return failures[0];
    if (passing > 1) return fail(path, 'must match exactly one schema in oneOf');
  }
  // Integer formats are range refinements, as kitgen's prepared copy makes them for TypeBox.
  const refinements = [...(Array.isArray(s['~refine']) ? (s['~refine'] as Refinement[]) : [])];
  const format = integerFormat(s.format);
  if (format) refinements.push({ check: integerFormatCheck(format), error: () => format.message });
  for (const r of refinements) if (!r.check(value)) return fail(path, r.error(value));
  return undefined;
}

// TypeBox's engine, once loaded (see loadValidatorEngine).
let full: { compileSchema(schema: TSchema): CompiledSchema } | undefined;
let loading: Promise<void> | undefined;

/** Compiles a schema: interpreted here when every keyword it uses is handled here, else by TypeBox's engine. */
export function compileSchema(schema: TSchema): CompiledSchema {
  if (supports(schema))
    return {
      check: (value) => firstFailure(schema, value, '') === undefined,
      explain: (value) => firstFailure(schema, value, ''),
    };
  // Compiled on first use: an endpoint module defines schemas long before anything is checked.
  let compiled: CompiledSchema | undefined;
  const engine = (): CompiledSchema => {
    if (compiled) return compiled;
    if (!full)
      throw new Error(
        "kitgen: this schema uses keywords the browser's validator leaves to TypeBox's engine, which is not loaded yet: " +
          'await loadValidatorEngine([schema]) first (the client does before each call)',
      );
    return (compiled = full.compileSchema(schema));
  };
  return { check: (value) => engine().check(value), explain: (value) => engine().explain(value) };
}

/**
 * Loads TypeBox's engine (a separate chunk of the page) when one of the schemas needs it and it is
 * not loaded; undefined when there is nothing to wait for.
 */
export function loadValidatorEngine(schemas: Iterable<unknown>): Promise<void> | undefined {
  if (full) return undefined;
  for (const schema of schemas) {
    if (supports(schema)) continue;
    // A failed load (a chunk the network did not deliver) is tried again on the next call.
    return (loading ??= import('./typeboxEngine.ts').then(
      (engine) => {
        full = engine;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  }
  return undefined;
}

/**
 * The test this engine makes of a string's `format`, for code that checks what it checks (the
 * JSON codec's generated walk); undefined for a format it leaves to TypeBox's engine.
 */
export function formatCheck(name: string): ((value: string) => boolean) | undefined {
  if (Object.prototype.hasOwnProperty.call(lightFormats, name)) return lightFormats[name];
  return registeredFormats.has(name) ? undefined : () => true;
}
