import * as Engine from 'typebox/schema';
import { System } from 'typebox/system';
import type { XSchema, XStack } from 'typebox/schema';
import { WALK, type Refinement, type WalkHint } from './prepareSchema.ts';
import { patternFailure } from './pattern/schemaPattern.ts';
import { walkStacks, type WalkStacks } from './walkStacks.ts';

// The first reason a value fails a (prepared) schema, found by walking the schema along the
// value and stopping there. TypeBox's `Errors` evaluates every keyword of every level and lists
// every failure: a string over `maxLength` still runs its `pattern`, and 200,000 wrong array
// items make 200,000 error objects. Here each keyword is evaluated in TypeBox's order, so the
// failure reported is the one TypeBox would list first, and nothing after it runs: length
// bounds are checked before a pattern, a wrong type before anything else. Leaf keywords are
// judged by TypeBox's own keyword functions.
//
// The walk is linear in the value: combinators (anyOf, oneOf, not, if) judge their members with
// the walk itself, never with TypeBox's interpreted check, which runs every member in full and
// looks every `$ref` up by walking the whole schema. A union rewritten as a committed choice
// (the JSON codec's, an if/else chain) is explained by the one member the check committed to;
// an anyOf tried member by member reports its first member's failure, as TypeBox does. The
// answer for each (sub-schema, object or array) pair is computed once per explanation, so a
// member tried and then reported is not walked twice; `$ref` targets are remembered
// (resolveRef.ts) and TypeBox's stacks shared (walkStacks.ts).

/** Where a value fails, and why. */
export interface Failure {
  /** JSON pointer of the failing part, relative to the value. */
  readonly instancePath: string;
  readonly message: string;
}

type Json = Record<string, unknown>;
type Keyword = (
  stack: XStack,
  context: Engine.ErrorContext,
  schemaPath: string,
  instancePath: string,
  schema: never,
  value: never,
) => boolean;

/** True when the walk cannot follow the schema and TypeBox's own error list must be used. */
export function needsFullErrors(schema: unknown, seen = new Set<unknown>()): boolean {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return false;
  seen.add(schema);
  const s = schema as Json;
  if ('unevaluatedProperties' in s || 'unevaluatedItems' in s || '$dynamicRef' in s || '$recursiveRef' in s)
    return true;
  return Object.values(s).some((v) => needsFullErrors(v, seen));
}

/**
 * The first failure of `value` against the prepared `schema`, or undefined when it is valid;
 * `context` maps `$id`s to their schemas (idContext.ts), so a `$ref` resolves without a walk.
 */
export function firstFailure(
  schema: XSchema,
  value: unknown,
  context: Record<string, unknown> = {},
): Failure | undefined {
  // value → sub-schema → its first failure (null: none); scalars cost no more to walk again.
  const memo = new Map<object, Map<unknown, Failure | null>>();
  const stacks = walkStacks();
  const walk: Walk = (stack, sub, v) => {
    if (typeof v !== 'object' || v === null) return node(walk, stacks, stack, sub, v);
    let bySchema = memo.get(v);
    if (bySchema === undefined) memo.set(v, (bySchema = new Map()));
    const known = bySchema.get(sub);
    if (known !== undefined) return known ?? undefined;
    const f = node(walk, stacks, stack, sub, v);
    bySchema.set(sub, f ?? null);
    return f;
  };
  return walk(Engine.Stack(context as Record<string, XSchema>, schema), schema, value);
}

/** Walks `schema` along `value`; failures' pointers are relative to `value`. */
type Walk = (stack: XStack, schema: unknown, value: unknown) => Failure | undefined;

const encode = (key: string) =>
  key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key;
const isPlainObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);
/** A failure of a part of the value, moved under the part's key or index. */
const under = (key: string | number, f: Failure | undefined): Failure | undefined =>
  f && { instancePath: `/${typeof key === 'number' ? key : encode(key)}${f.instancePath}`, message: f.message };
const localized = (keyword: string, params: Record<string, unknown>): string =>
  System.Locale.Get()({ keyword, schemaPath: '#', instancePath: '', params } as never);
const noAdditional = (f: Failure): Failure => ({
  instancePath: f.instancePath,
  message: 'must not be present (the schema allows no additional properties)',
});

// Patterns of `patternProperties`, compiled once per schema (only patterns proven linear on V8
// are left there by prepareSchema).
const compiledPatterns = new WeakMap<object, RegExp[]>();
function patternsOf(map: Json): RegExp[] {
  let res = compiledPatterns.get(map);
  if (res === undefined) compiledPatterns.set(map, (res = Object.keys(map).map((p) => new RegExp(p, 'u'))));
  return res;
}

/** Runs one leaf keyword's TypeBox error function; its first error, localized, when it fails. */
function leaf(keyword: Keyword, stack: XStack, schema: Json, value: unknown): Failure | undefined {
  const context = new Engine.ErrorContext();
  if (keyword(stack, context, '#', '', schema as never, value as never)) return undefined;
  const [error] = context.GetErrors();
  if (error === undefined) return { instancePath: '', message: 'does not match the schema' };
  return { instancePath: error.instancePath, message: System.Locale.Get()(error) };
}

// The keywords are judged without a closure per call: walks visit every node of a value.
function node(walk: Walk, stacks: WalkStacks, stack: XStack, schema: unknown, value: unknown): Failure | undefined {
  if (typeof schema === 'boolean') return schema ? undefined : { instancePath: '', message: 'must not be present' };
  if (!isPlainObject(schema)) return undefined;
  const s = schema;
  const current = stacks.next(stack, s as XSchema);
  let f: Failure | undefined;
  if (Engine.IsType(s) && (f = leaf(Engine.ErrorType, current, s, value))) return f;
  if (isPlainObject(value) && (f = objectKeywords(walk, current, s, value))) return f;
  if (Array.isArray(value) && (f = arrayKeywords(walk, current, s, value))) return f;
  if (typeof value === 'string') {
    if (Engine.IsMinLength(s) && (f = leaf(Engine.ErrorMinLength, current, s, value))) return f;
    if (Engine.IsMaxLength(s) && (f = leaf(Engine.ErrorMaxLength, current, s, value))) return f;
    if (Engine.IsFormat(s) && (f = leaf(Engine.ErrorFormat, current, s, value))) return f;
    if (s.pattern instanceof RegExp && !s.pattern.test(value))
      return { instancePath: '', message: patternFailure(s.pattern, value) };
    if (typeof s.pattern === 'string' && (f = leaf(Engine.ErrorPattern, current, s, value))) return f;
  }
  if (typeof value === 'number' || typeof value === 'bigint') {
    for (const [is, error] of NUMBER_KEYWORDS) if (is(s) && (f = leaf(error, current, s, value))) return f;
  }
  if (Engine.IsRef(s)) {
    const resolved = stacks.ref(current, s);
    if ((f = walk(resolved.stack, resolved.schema ?? false, value))) return f;
  }
  if (Engine.IsConst(s) && (f = leaf(Engine.ErrorConst, current, s, value))) return f;
  if (Engine.IsEnum(s) && (f = leaf(Engine.ErrorEnum, current, s, value))) return f;
  if (Engine.IsIf(s) && (f = ifThenElse(walk, current, s, value))) return f;
  if (Engine.IsNot(s) && !walk(current, s.not, value)) return { instancePath: '', message: localized('not', {}) };
  if (Engine.IsAllOf(s)) for (const member of s.allOf as unknown[]) if ((f = walk(current, member, value))) return f;
  if (Engine.IsAnyOf(s) && (f = anyOf(walk, current, s.anyOf as unknown[], value))) return f;
  if (Engine.IsOneOf(s) && (f = oneOf(walk, current, s.oneOf as unknown[], value))) return f;
  if (Array.isArray(s['~refine']))
    for (const r of s['~refine'] as Refinement[]) if ((f = refinement(walk, current, r, value))) return f;
  return undefined;
}

const NUMBER_KEYWORDS = [
  [Engine.IsExclusiveMinimum, Engine.ErrorExclusiveMinimum],
  [Engine.IsExclusiveMaximum, Engine.ErrorExclusiveMaximum],
  [Engine.IsMinimum, Engine.ErrorMinimum],
  [Engine.IsMaximum, Engine.ErrorMaximum],
  [Engine.IsMultipleOf, Engine.ErrorMultipleOf],
] as unknown as readonly (readonly [(s: Json) => boolean, Keyword])[];

function objectKeywords(walk: Walk, stack: XStack, s: Json, value: Json): Failure | undefined {
  let f: Failure | undefined;
  if (Engine.IsRequired(s) && (f = leaf(Engine.ErrorRequired, stack, s, value))) return f;
  if (Engine.IsAdditionalProperties(s) && (f = additionalProperties(walk, stack, s, value))) return f;
  if (Engine.IsDependencies(s)) {
    for (const [key, dependency] of Object.entries(s.dependencies as Json)) {
      if (!hasOwn(value, key)) continue;
      if (Array.isArray(dependency)) {
        if ((f = leaf(Engine.ErrorDependencies, stack, s, value))) return f;
      } else if ((f = walk(stack, dependency, value))) return f;
    }
  }
  if (Engine.IsDependentRequired(s) && (f = leaf(Engine.ErrorDependentRequired, stack, s, value))) return f;
  if (Engine.IsDependentSchemas(s)) {
    for (const [key, dependent] of Object.entries(s.dependentSchemas as Json)) {
      if (hasOwn(value, key) && (f = walk(stack, dependent, value))) return f;
    }
  }
  if (Engine.IsPatternProperties(s)) {
    const map = s.patternProperties as Json;
    const schemas = Object.values(map);
    const patterns = patternsOf(map);
    for (let i = 0; i < patterns.length; i++) {
      for (const key of Object.keys(value))
        if (patterns[i].test(key) && (f = under(key, walk(stack, schemas[i], value[key])))) return f;
    }
  }
  if (Engine.IsProperties(s)) {
    const required = Array.isArray(s.required) ? (s.required as string[]) : [];
    for (const [key, sub] of Object.entries(s.properties as Json)) {
      // An optional property holding `undefined` counts as absent, as in TypeBox's check.
      if (!hasOwn(value, key) || (value[key] === undefined && !required.includes(key))) continue;
      if ((f = under(key, walk(stack, sub, value[key])))) return f;
    }
  }
  if (Engine.IsPropertyNames(s))
    for (const key of Object.keys(value)) if ((f = under(key, walk(stack, s.propertyNames, key)))) return f;
  if (Engine.IsMinProperties(s) && (f = leaf(Engine.ErrorMinProperties, stack, s, value))) return f;
  if (Engine.IsMaxProperties(s) && (f = leaf(Engine.ErrorMaxProperties, stack, s, value))) return f;
  return undefined;
}

function additionalProperties(walk: Walk, stack: XStack, s: Json, value: Json): Failure | undefined {
  const declared = isPlainObject(s.properties) ? s.properties : {};
  const patterns = isPlainObject(s.patternProperties) ? patternsOf(s.patternProperties) : [];
  for (const key of Object.keys(value)) {
    if (hasOwn(declared, key) || patterns.some((re) => re.test(key))) continue;
    const f = under(key, walk(stack, s.additionalProperties, value[key]));
    if (f) return s.additionalProperties === false ? noAdditional(f) : f;
  }
  return undefined;
}

function arrayKeywords(walk: Walk, stack: XStack, s: Json, value: unknown[]): Failure | undefined {
  let f: Failure | undefined;
  const prefix = Array.isArray(s.items)
    ? (s.items as unknown[])
    : Array.isArray(s.prefixItems)
      ? (s.prefixItems as unknown[])
      : [];
  if (Engine.IsAdditionalItems(s) && Array.isArray(s.items)) {
    for (let i = prefix.length; i < value.length; i++)
      if ((f = under(i, walk(stack, s.additionalItems, value[i])))) return f;
  }
  if (Engine.IsContains(s) && !value.some((item) => !walk(stack, s.contains, item)))
    return { instancePath: '', message: localized('contains', {}) };
  if (Engine.IsItems(s)) {
    if (Array.isArray(s.items)) {
      for (let i = 0; i < prefix.length && i < value.length; i++)
        if ((f = under(i, walk(stack, prefix[i], value[i])))) return f;
    } else {
      const from = Array.isArray(s.prefixItems) ? s.prefixItems.length : 0;
      for (let i = from; i < value.length; i++) if ((f = under(i, walk(stack, s.items, value[i])))) return f;
    }
  }
  if (Engine.IsMinContains(s) && (f = leaf(Engine.ErrorMinContains, stack, s, value))) return f;
  if (Engine.IsMaxContains(s) && (f = leaf(Engine.ErrorMaxContains, stack, s, value))) return f;
  if (Engine.IsMinItems(s) && (f = leaf(Engine.ErrorMinItems, stack, s, value))) return f;
  if (Engine.IsMaxItems(s) && (f = leaf(Engine.ErrorMaxItems, stack, s, value))) return f;
  if (Engine.IsPrefixItems(s)) {
    for (let i = 0; i < prefix.length && i < value.length; i++)
      if ((f = under(i, walk(stack, prefix[i], value[i])))) return f;
  }
  if (Engine.IsUniqueItems(s) && (f = leaf(Engine.ErrorUniqueItems, stack, s, value))) return f;
  return undefined;
}

function ifThenElse(walk: Walk, stack: XStack, s: Json, value: unknown): Failure | undefined {
  if (!walk(stack, s.if, value)) {
    const then = 'then' in s ? s.then : true;
    return walk(stack, then, value) ? { instancePath: '', message: 'must match "then" schema' } : undefined;
  }
  return walk(stack, 'else' in s ? s.else : true, value);
}

// A union the compiled check tries member by member: the first member that passes ends it, as
// there; when none does, the first member's failure (already walked) is the report.
function anyOf(walk: Walk, stack: XStack, members: readonly unknown[], value: unknown): Failure | undefined {
  let first: Failure | undefined;
  for (let i = 0; i < members.length; i++) {
    const f = walk(stack, members[i], value);
    if (!f) return undefined;
    if (i === 0) first = f;
  }
  return first;
}

function oneOf(walk: Walk, stack: XStack, members: readonly unknown[], value: unknown): Failure | undefined {
  let passing = 0;
  let first: Failure | undefined;
  for (let i = 0; i < members.length && passing < 2; i++) {
    const f = walk(stack, members[i], value);
    if (!f) passing++;
    else if (i === 0) first = f;
  }
  if (passing === 1) return undefined;
  return passing === 0 ? first : { instancePath: '', message: 'must match exactly one schema in oneOf' };
}

function refinement(walk: Walk, stack: XStack, r: Refinement, value: unknown): Failure | undefined {
  if (r.check(value)) return undefined;
  const hint: WalkHint | undefined = r[WALK];
  if (hint !== undefined && isPlainObject(value)) {
    const f = hintedWalk(walk, stack, hint, value);
    if (f) return f;
  }
  return { instancePath: '', message: r.error(value) };
}

function hintedWalk(walk: Walk, stack: XStack, hint: WalkHint, value: Json): Failure | undefined {
  let f: Failure | undefined;
  if (hint.kind === 'ownProperties') {
    for (const p of hint.properties) {
      if (!hasOwn(value, p.name)) {
        if (p.required) return { instancePath: '', message: `must have required properties ${p.name}` };
      } else if ((f = under(p.name, walk(stack, p.schema, value[p.name])))) return f;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    let matched = hint.declared.has(key);
    for (const p of hint.patterns) {
      if (!p.pattern.test(key)) continue;
      matched = true;
      if ((f = under(key, walk(stack, p.schema, value[key])))) return f;
    }
    if (!matched && hint.additional !== undefined && (f = under(key, walk(stack, hint.additional, value[key])))) {
      return hint.additional === false ? noAdditional(f) : f;
    }
  }
  return undefined;
}
