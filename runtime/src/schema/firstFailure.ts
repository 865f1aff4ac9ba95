import * as Engine from 'typebox/schema';
import { System } from 'typebox/system';
import type { XSchema, XStack } from 'typebox/schema';
import { WALK, type Refinement, type WalkHint } from './prepareSchema.ts';
import { patternFailure } from './pattern/schemaPattern.ts';

// The first reason a value fails a (prepared) schema, found by walking the schema along the
// value and stopping there. TypeBox's `Errors` evaluates every keyword of every level and lists
// every failure: a string over `maxLength` still runs its `pattern`, and 200,000 wrong array
// items make 200,000 error objects. Here each keyword is evaluated in TypeBox's order, so the
// failure reported is the one TypeBox would list first, and nothing after it runs: length
// bounds are checked before a pattern, a wrong type before anything else. Leaf keywords are
// judged by TypeBox's own keyword functions; combinators (anyOf, oneOf, not, if, contains) use
// its interpreted check on their members, then the walk goes on into the member that explains.

/** Where a value fails, and why. */
export interface Failure {
  /** JSON pointer of the failing part, relative to the value. */
  readonly instancePath: string;
  readonly message: string;
}

type Json = Record<string, unknown>;
type Keyword = (stack: XStack, context: Engine.ErrorContext, schemaPath: string, instancePath: string, schema: never, value: never) => boolean;

/** True when the walk cannot follow the schema and TypeBox's own error list must be used. */
export function needsFullErrors(schema: unknown, seen = new Set<unknown>()): boolean {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return false;
  seen.add(schema);
  const s = schema as Json;
  if ('unevaluatedProperties' in s || 'unevaluatedItems' in s || '$dynamicRef' in s || '$recursiveRef' in s) return true;
  return Object.values(s).some((v) => needsFullErrors(v, seen));
}

/** The first failure of `value` against the prepared `schema`, or undefined when it is valid. */
export function firstFailure(schema: XSchema, value: unknown): Failure | undefined {
  return walk(Engine.Stack({}, schema), schema, '', value);
}

const encode = (key: string) => (key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key);
const isPlainObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const check = (stack: XStack, schema: unknown, value: unknown) => Engine.CheckSchema(stack, new Engine.CheckContext(), schema as XSchema, value);

/** Runs one leaf keyword's TypeBox error function; its first error, localized, when it fails. */
function leaf(keyword: Keyword, stack: XStack, schema: Json, path: string, value: unknown): Failure | undefined {
  const context = new Engine.ErrorContext();
  if (keyword(stack, context, '#', path, schema as never, value as never)) return undefined;
  const [error] = context.GetErrors();
  if (error === undefined) return { instancePath: path, message: 'does not match the schema' };
  return { instancePath: error.instancePath, message: System.Locale.Get()(error) };
}

function walk(stack: XStack, schema: unknown, path: string, value: unknown): Failure | undefined {
  if (typeof schema === 'boolean') return schema ? undefined : { instancePath: path, message: 'must not be present' };
  if (!isPlainObject(schema)) return undefined;
  const s = schema;
  const current = Engine.NextStack(stack, s as XSchema);
  const at = (keyword: Keyword) => leaf(keyword, current, s, path, value);
  let f: Failure | undefined;
  if (Engine.IsType(s) && (f = at(Engine.ErrorType))) return f;
  if (isPlainObject(value) && (f = objectKeywords(current, s, path, value))) return f;
  if (Array.isArray(value) && (f = arrayKeywords(current, s, path, value))) return f;
  if (typeof value === 'string') {
    if (Engine.IsMinLength(s) && (f = at(Engine.ErrorMinLength))) return f;
    if (Engine.IsMaxLength(s) && (f = at(Engine.ErrorMaxLength))) return f;
    if (Engine.IsFormat(s) && (f = at(Engine.ErrorFormat))) return f;
    if (s.pattern instanceof RegExp && !s.pattern.test(value)) return { instancePath: path, message: patternFailure(s.pattern, value) };
    if (typeof s.pattern === 'string' && (f = at(Engine.ErrorPattern))) return f;
  }
  if (typeof value === 'number' || typeof value === 'bigint') {
    for (const [is, error] of [
      [Engine.IsExclusiveMinimum, Engine.ErrorExclusiveMinimum],
      [Engine.IsExclusiveMaximum, Engine.ErrorExclusiveMaximum],
      [Engine.IsMinimum, Engine.ErrorMinimum],
      [Engine.IsMaximum, Engine.ErrorMaximum],
      [Engine.IsMultipleOf, Engine.ErrorMultipleOf],
    ] as const) {
      if (is(s) && (f = at(error as Keyword))) return f;
    }
  }
  if (Engine.IsRef(s)) {
    const resolved = Engine.Resolve.Ref(current, s as never);
    if ((f = walk(resolved.stack, resolved.schema ?? false, path, value))) return f;
  }
  if (Engine.IsConst(s) && (f = at(Engine.ErrorConst))) return f;
  if (Engine.IsEnum(s) && (f = at(Engine.ErrorEnum))) return f;
  if (Engine.IsIf(s) && (f = ifThenElse(current, s, path, value))) return f;
  if (Engine.IsNot(s) && (f = at(Engine.ErrorNot))) return f;
  if (Engine.IsAllOf(s)) for (const member of s.allOf as unknown[]) if ((f = walk(current, member, path, value))) return f;
  if (Engine.IsAnyOf(s) && !(s.anyOf as unknown[]).some((m) => check(current, m, value))) return walk(current, (s.anyOf as unknown[])[0], path, value);
  if (Engine.IsOneOf(s) && (f = oneOf(current, s, path, value))) return f;
  if (Array.isArray(s['~refine'])) for (const r of s['~refine'] as Refinement[]) if ((f = refinement(current, r, path, value))) return f;
  return undefined;
}

function objectKeywords(stack: XStack, s: Json, path: string, value: Json): Failure | undefined {
  const at = (keyword: Keyword) => leaf(keyword, stack, s, path, value);
  let f: Failure | undefined;
  if (Engine.IsRequired(s) && (f = at(Engine.ErrorRequired))) return f;
  if (Engine.IsAdditionalProperties(s) && (f = additionalProperties(stack, s, path, value))) return f;
  if (Engine.IsDependencies(s)) {
    for (const [key, dependency] of Object.entries(s.dependencies as Json)) {
      if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
      if (Array.isArray(dependency)) {
        if ((f = at(Engine.ErrorDependencies))) return f;
      } else if ((f = walk(stack, dependency, path, value))) return f;
    }
  }
  if (Engine.IsDependentRequired(s) && (f = at(Engine.ErrorDependentRequired))) return f;
  if (Engine.IsDependentSchemas(s)) {
    for (const [key, dependent] of Object.entries(s.dependentSchemas as Json)) {
      if (Object.prototype.hasOwnProperty.call(value, key) && (f = walk(stack, dependent, path, value))) return f;
    }
  }
  if (Engine.IsPatternProperties(s)) {
    for (const [source, sub] of Object.entries(s.patternProperties as Json)) {
      const re = new RegExp(source, 'u'); // only patterns proven linear on V8 are left here
      for (const key of Object.keys(value)) if (re.test(key) && (f = walk(stack, sub, `${path}/${encode(key)}`, value[key]))) return f;
    }
  }
  if (Engine.IsProperties(s)) {
    const required = Array.isArray(s.required) ? (s.required as string[]) : [];
    for (const [key, sub] of Object.entries(s.properties as Json)) {
      // An optional property holding `undefined` counts as absent, as in TypeBox's check.
      if (!Object.prototype.hasOwnProperty.call(value, key) || (value[key] === undefined && !required.includes(key))) continue;
      if ((f = walk(stack, sub, `${path}/${encode(key)}`, value[key]))) return f;
    }
  }
  if (Engine.IsPropertyNames(s)) for (const key of Object.keys(value)) if ((f = walk(stack, s.propertyNames, `${path}/${encode(key)}`, key))) return f;
  if (Engine.IsMinProperties(s) && (f = at(Engine.ErrorMinProperties))) return f;
  if (Engine.IsMaxProperties(s) && (f = at(Engine.ErrorMaxProperties))) return f;
  return undefined;
}

function additionalProperties(stack: XStack, s: Json, path: string, value: Json): Failure | undefined {
  const declared = isPlainObject(s.properties) ? s.properties : {};
  const patterns = isPlainObject(s.patternProperties) ? Object.keys(s.patternProperties).map((p) => new RegExp(p, 'u')) : [];
  for (const key of Object.keys(value)) {
    if (Object.prototype.hasOwnProperty.call(declared, key) || patterns.some((re) => re.test(key))) continue;
    const f = walk(stack, s.additionalProperties, `${path}/${encode(key)}`, value[key]);
    if (f)
      return s.additionalProperties === false
        ? { instancePath: f.instancePath, message: 'must not be present (the schema allows no additional properties)' }
        : f;
  }
  return undefined;
}

function arrayKeywords(stack: XStack, s: Json, path: string, value: unknown[]): Failure | undefined {
  const at = (keyword: Keyword) => leaf(keyword, stack, s, path, value);
  let f: Failure | undefined;
  const prefix = Array.isArray(s.items) ? (s.items as unknown[]) : Array.isArray(s.prefixItems) ? (s.prefixItems as unknown[]) : [];
  if (Engine.IsAdditionalItems(s) && Array.isArray(s.items)) {
    for (let i = prefix.length; i < value.length; i++) if ((f = walk(stack, s.additionalItems, `${path}/${i}`, value[i]))) return f;
  }
  if (Engine.IsContains(s) && (f = at(Engine.ErrorContains))) return f;
  if (Engine.IsItems(s)) {
    if (Array.isArray(s.items)) {
      for (let i = 0; i < prefix.length && i < value.length; i++) if ((f = walk(stack, prefix[i], `${path}/${i}`, value[i]))) return f;
    } else {
      const from = Array.isArray(s.prefixItems) ? s.prefixItems.length : 0;
      for (let i = from; i < value.length; i++) if ((f = walk(stack, s.items, `${path}/${i}`, value[i]))) return f;
    }
  }
  if (Engine.IsMinContains(s) && (f = at(Engine.ErrorMinContains))) return f;
  if (Engine.IsMaxContains(s) && (f = at(Engine.ErrorMaxContains))) return f;
  if (Engine.IsMinItems(s) && (f = at(Engine.ErrorMinItems))) return f;
  if (Engine.IsMaxItems(s) && (f = at(Engine.ErrorMaxItems))) return f;
  if (Engine.IsPrefixItems(s)) {
    for (let i = 0; i < prefix.length && i < value.length; i++) if ((f = walk(stack, prefix[i], `${path}/${i}`, value[i]))) return f;
  }
  if (Engine.IsUniqueItems(s) && (f = at(Engine.ErrorUniqueItems))) return f;
  return undefined;
}

function ifThenElse(stack: XStack, s: Json, path: string, value: unknown): Failure | undefined {
  if (check(stack, s.if, value)) {
    const then = 'then' in s ? s.then : true;
    return check(stack, then, value) ? undefined : { instancePath: path, message: 'must match "then" schema' };
  }
  return walk(stack, 'else' in s ? s.else : true, path, value);
}

function oneOf(stack: XStack, s: Json, path: string, value: unknown): Failure | undefined {
  const members = s.oneOf as unknown[];
  const passing = members.filter((m) => check(stack, m, value)).length;
  if (passing === 1) return undefined;
  if (passing === 0) return walk(stack, members[0], path, value);
  return { instancePath: path, message: 'must match exactly one schema in oneOf' };
}

function refinement(stack: XStack, r: Refinement, path: string, value: unknown): Failure | undefined {
  if (r.check(value)) return undefined;
  const hint: WalkHint | undefined = r[WALK];
  if (hint !== undefined && isPlainObject(value)) {
    const f = hintedWalk(stack, hint, path, value);
    if (f) return f;
  }
  return { instancePath: path, message: r.error(value) };
}

function hintedWalk(stack: XStack, hint: WalkHint, path: string, value: Json): Failure | undefined {
  let f: Failure | undefined;
  if (hint.kind === 'ownProperties') {
    for (const p of hint.properties) {
      if (!Object.prototype.hasOwnProperty.call(value, p.name)) {
        if (p.required) return { instancePath: path, message: `must have required properties ${p.name}` };
      } else if ((f = walk(stack, p.schema, `${path}/${encode(p.name)}`, value[p.name]))) return f;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    let matched = hint.declared.has(key);
    for (const p of hint.patterns) {
      if (!p.pattern.test(key)) continue;
      matched = true;
      if ((f = walk(stack, p.schema, `${path}/${encode(key)}`, value[key]))) return f;
    }
    if (!matched && hint.additional !== undefined && (f = walk(stack, hint.additional, `${path}/${encode(key)}`, value[key]))) {
      return hint.additional === false ? { instancePath: f.instancePath, message: 'must not be present (the schema allows no additional properties)' } : f;
    }
  }
  return undefined;
}
