import { formatCheck } from '#validator-engine';
import { bytesFormat, isBytesSchema } from '../../schema/Bytes.ts';
import { isDateSchema, parseDateTime } from '../../schema/DateTime.ts';
import { taggedUnionInfo } from '../../schema/TaggedUnion.ts';
import { admitsNull } from '../../schema/admitsNull.ts';
import type { CodecConfig } from './CodecConfig.ts';
import { NameFormat } from './NameFormat.ts';
import { isObjectSchema, mergedAllOf } from './allOfShapes.ts';
import { refTarget } from './schemaDefs.ts';

export { isObjectSchema } from './allOfShapes.ts';
export { refTarget } from './schemaDefs.ts';

// How a union's value picks its member without decoding or validating the member: by the value's
// own top level only (its JSON type, which keys it has, the type of each key's value, literal
// values), never by looking further down. Looking deeper would make nested unions cost the size
// of the subtree at every level, which is how recursive unions become exponential. Two members
// the top level cannot tell apart go to the first one, and validation of that member decides.

type Schema = Record<string, unknown>;
type Defs = Readonly<Record<string, Schema>>;
/** A test of one value; undefined stands for "any value fits". */
type Test = ((value: unknown) => boolean) | undefined;

/** One alternative of a union, reached through `$ref`s and nested untagged unions. */
export interface UnionLeaf {
  /** The alternative's schema, `$ref`s resolved: never an untagged union or a `$ref`. */
  readonly schema: Schema;
  /** How a validator or a plan names it: the `$ref` that led to it, or the schema itself. */
  readonly form: Schema;
}

/** How a member is recognised: `fits` always; `exact` too when the member declares every key it may hold. */
export interface LeafTest<T> {
  readonly fits: T;
  readonly exact?: T;
  /**
   * The keys an object of this member must hold and may hold; `none` when no plain object fits
   * it, undefined when any object may (the choice order needs exact tests only where they decide).
   */
  readonly keys?: { readonly required: readonly string[]; readonly declared: ReadonlySet<string> } | 'none';
  /** A looser test tried after every other one (a list alternative recognised by its items: any list). */
  readonly loose?: T;
}

/** False when no plain object can fit the alternative (scalars, arrays, dates, bytes, 64-bit integers). */
function acceptsObjects(s: Schema): boolean {
  if (taggedUnionInfo(s) || isObjectSchema(s) || Array.isArray(s.allOf)) return true;
  if (isDateSchema(s) || isBytesSchema(s) || s.type === 'bigint' || s.type === 'array' || s.items !== undefined)
    return false;
  if (literals(s) !== undefined) return false;
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : undefined;
  return types === undefined || types.includes('object');
}

/** The members of an untagged union (anyOf, or oneOf), or undefined for other schemas. */
export function unionMembers(schema: Schema): Schema[] | undefined {
  if (taggedUnionInfo(schema)) return undefined;
  if (Array.isArray(schema.anyOf)) return schema.anyOf as Schema[];
  return Array.isArray(schema.oneOf) ? (schema.oneOf as Schema[]) : undefined;
}

/**
 * The alternatives of `schema` in order, nested unions and `$ref`s flattened (a schema that is
 * not a union is its own single alternative). A union that reaches itself again without a value
 * level in between adds nothing (`T = T | X` is `X`), so choosing never loops.
 */
export function unionLeaves(schema: Schema, defs: Defs): UnionLeaf[] {
  const out: UnionLeaf[] = [];
  collect(schema, schema, defs, new Set(), out, { looped: false });
  return out;
}

/** True when a union holds itself as an alternative (through `$ref`s or nested unions): a validator trying members in turn never ends. */
export function unionHoldsItself(schema: Schema, defs: Defs): boolean {
  const found = { looped: false };
  collect(schema, schema, defs, new Set(), [], found);
  return found.looped;
}

// `form` is how the alternative is named: the `$ref` that led straight to it, or the schema
// itself when it sits in the union (a def that is only a `$ref` is named by a `$ref` of its own,
// as its `$id` belongs to one place).
function collect(
  schema: Schema,
  form: Schema,
  defs: Defs,
  seen: Set<Schema>,
  out: UnionLeaf[],
  found: { looped: boolean },
): void {
  if (seen.has(schema)) {
    found.looped = true;
    return;
  }
  if (typeof schema.$ref === 'string') {
    const ref = schema.$id === undefined ? schema : { $ref: schema.$ref };
    const target = refTarget(schema, defs);
    if (target === undefined) return void out.push({ schema: {}, form: ref });
    seen.add(schema);
    collect(target, ref, defs, seen, out, found);
    seen.delete(schema);
    return;
  }
  const members = unionMembers(schema);
  if (members === undefined) {
    if (!out.some((leaf) => leaf.schema === schema)) out.push({ schema, form });
    return;
  }
  seen.add(schema);
  for (const member of members) collect(member, member, defs, seen, out, found);
  seen.delete(schema);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const hasOwn = (v: object, key: string) => Object.prototype.hasOwnProperty.call(v, key);
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
const INTEGER_TEXT = /^-?\d+$/;

/** True when the alternative's values may hold further values (so checking it may descend). */
export function isStructural(s: Schema): boolean {
  return (
    taggedUnionInfo(s) !== undefined ||
    Array.isArray(s.allOf) ||
    isObjectSchema(s) ||
    s.type === 'array' ||
    s.items !== undefined
  );
}

const typeTests: Readonly<Record<string, (v: unknown) => boolean>> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number',
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
  object: isPlainObject,
  array: Array.isArray,
};

const isPrimitive = (v: unknown) => v === null || (typeof v !== 'object' && typeof v !== 'function');

/** The literal values a schema allows (`const`, `enum`), when all are primitives. */
function literals(s: Schema): readonly unknown[] | undefined {
  const values = 'const' in s ? [s.const] : Array.isArray(s.enum) ? (s.enum as unknown[]) : undefined;
  return values !== undefined && values.every(isPrimitive) ? values : undefined;
}

const both = (a: Test, b: Test): Test => (a === undefined ? b : b === undefined ? a : (v) => a(v) && b(v));
const anyOfTests = (tests: readonly Test[]): Test =>
  tests.some((t) => t === undefined) ? undefined : (v) => tests.some((t) => t!(v));

/** The wire test of one alternative's JSON type and literal values, without looking inside it. */
function wireKind(s: Schema, defs: Defs): Test {
  if (isDateSchema(s)) return (v) => typeof v === 'string' && parseDateTime(v) !== undefined;
  if (isBytesSchema(s))
    return bytesFormat(s) === 'binary' ? (v) => typeof v === 'string' : (v) => typeof v === 'string' && BASE64.test(v);
  if (s.type === 'bigint') return (v) => Number.isInteger(v) || (typeof v === 'string' && INTEGER_TEXT.test(v));
  if (takesOnlyEmpty(s)) return (v) => isPlainObject(v) && Object.keys(v).length === 0;
  if (taggedUnionInfo(s) || isObjectSchema(s)) return isPlainObject;
  if (Array.isArray(s.allOf))
    return (s.allOf as Schema[]).reduce<Test>((t, part) => both(t, valueWireTest(part, defs)), undefined);
  if (s.type === 'array' || s.items !== undefined) return Array.isArray;
  const types = (Array.isArray(s.type) ? s.type : typeof s.type === 'string' ? [s.type] : []) as string[];
  const typeTest =
    types.length > 0 && types.every((t) => t in typeTests) ? anyOfTests(types.map((t) => typeTests[t])) : undefined;
  const values = literals(s);
  return both(both(typeTest, values === undefined ? undefined : (v) => values.includes(v)), textFormatTest(s));
}

/**
 * The test of a text's `format` (LinQR's QR data: an e-mail's `to` is an address, an SMS's a
 * phone number; `{"to": "0"}` is the SMS), as the validator makes it: a look at one text, never
 * further down. Undefined where the engine leaves the format to another (the browser's).
 */
function textFormatTest(s: Schema): Test {
  if (typeof s.format !== 'string') return undefined;
  const check = formatCheck(s.format);
  return check === undefined ? undefined : (v) => typeof v !== 'string' || check(v);
}

/** The wire test of a value of `schema` (a union: any of its alternatives), looking at its top level only. */
export function valueWireTest(schema: Schema, defs: Defs): Test {
  return anyOfTests(unionLeaves(schema, defs).map((leaf) => wireKind(leaf.schema, defs)));
}

/** The in-memory counterpart of {@link wireKind} as a JSON Schema of the top level only, or undefined for any value. */
function memoryKind(s: Schema, defs: Defs): Schema | undefined {
  if (isDateSchema(s) || isBytesSchema(s)) return s;
  if (s.type === 'bigint') return { type: 'bigint' };
  if (takesOnlyEmpty(s)) return { type: 'object', maxProperties: 0 };
  if (taggedUnionInfo(s) || isObjectSchema(s)) return { type: 'object' };
  if (Array.isArray(s.allOf)) {
    const parts = (s.allOf as Schema[]).map((part) => valueMemorySchema(part, defs)).filter((p) => p !== undefined);
    return parts.length === 0 ? undefined : { allOf: parts };
  }
  if (s.type === 'array' || s.items !== undefined) return { type: 'array' };
  const out: Schema = {};
  if (s.type !== undefined) out.type = s.type;
  if (typeof s.format === 'string') out.format = s.format;
  if (literals(s) !== undefined) {
    if ('const' in s) out.const = s.const;
    else out.enum = s.enum;
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

/** The in-memory test of a value of `schema` as a JSON Schema of its top level only, or undefined for any value. */
export function valueMemorySchema(schema: Schema, defs: Defs): Schema | undefined {
  const kinds = unionLeaves(schema, defs).map((leaf) => memoryKind(leaf.schema, defs));
  if (kinds.length === 0 || kinds.some((k) => k === undefined)) return undefined;
  // Alternatives of one kind (several objects) need the kind once.
  const seen = new Set<string>();
  const distinct = (kinds as Schema[]).filter((k) => {
    const key = '~refine' in k ? undefined : JSON.stringify(k);
    if (key === undefined) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return distinct.length === 1 ? distinct[0] : { anyOf: distinct };
}

const isCollection = (s: Schema) =>
  s.type === 'array' || (s.type === 'object' && !s.properties && (s.patternProperties || s.additionalProperties));
const isOpen = (s: Schema) =>
  (s.additionalProperties !== undefined && s.additionalProperties !== false) || s.patternProperties !== undefined;

/**
 * How a decoder recognises a JSON value of this alternative. Field names are the wire names of
 * `config`; a required field the decoder fills in when absent (default, explicit null, explicit
 * empty collection) need not be there, and an optional field may be null (read as absent).
 */
export function wireLeafTest(given: Schema, config: CodecConfig, defs: Defs): LeafTest<(value: unknown) => boolean> {
  const s = emptyObjectAsDeclared(given);
  // An allOf of objects is recognised as the one object it stands for, as the decoder reads it.
  const merged = Array.isArray(s.allOf) ? mergedAllOf(s, defs) : undefined;
  if (merged !== undefined && merged !== s) return wireLeafTest(merged, config, defs);
  const info = taggedUnionInfo(s);
  if (info) return { fits: taggedWireTest(s, info.tag, info.cases, config, defs) };
  if (!isObjectSchema(s) || typeof s.properties !== 'object' || s.properties === null) {
    const kind = wireKind(s, defs);
    return { fits: kind ?? (() => true), ...(acceptsObjects(s) ? {} : { keys: 'none' as const }) };
  }
  return objectWireTest(s, config, defs);
}

/** The wire test of an object schema's own level (a tagged union case is one without its tag). */
export function objectWireTest(
  s: Schema,
  config: CodecConfig,
  defs: Defs,
  leaveOut?: string,
): LeafTest<(value: unknown) => boolean> {
  const required = new Set<string>((s.required as string[] | undefined) ?? []);
  const { explicitNulls, explicitEmptyCollections } = config;
  const mustHave: string[] = [];
  const tested: { wire: string; test: (v: unknown) => boolean }[] = [];
  const declared = new Set<string>();
  for (const [name, p] of Object.entries(s.properties as Record<string, Schema>)) {
    if (name === leaveOut || name === '__proto__') continue;
    const wire = NameFormat.apply(config.fieldNameFormat, name);
    declared.add(wire);
    const nullable = admitsNull(p, defs);
    const filled =
      'default' in p || (explicitNulls.decoding && nullable) || (explicitEmptyCollections.decoding && isCollection(p));
    if (required.has(name) && !filled) mustHave.push(wire);
    const test = valueWireTest(p, defs);
    if (test === undefined) continue;
    tested.push({ wire, test: required.has(name) ? test : (v) => v === null || test(v) });
  }
  const fits = (v: unknown): boolean => {
    if (!isPlainObject(v)) return false;
    for (const k of mustHave) if (!hasOwn(v, k)) return false;
    for (const { wire, test } of tested) if (hasOwn(v, wire) && !test(v[wire])) return false;
    return true;
  };
  const onlyDeclared = (v: unknown) => Object.keys(v as object).every((k) => declared.has(k) || k === leaveOut);
  const keys = { required: mustHave, declared };
  if (s.additionalProperties === false) return { fits: (v) => fits(v) && onlyDeclared(v), keys };
  return isOpen(s) ? { fits, keys } : { fits, exact: (v) => fits(v) && onlyDeclared(v), keys };
}

function taggedWireTest(
  s: Schema,
  tag: string,
  cases: readonly string[],
  config: CodecConfig,
  defs: Defs,
): (value: unknown) => boolean {
  const setting = config.discriminatorSettings;
  if (setting.kind === 'NoDiscriminator') {
    const tests = (s.anyOf as Schema[]).map((member) => objectWireTest(member, config, defs, tag).fits);
    return (v) => tests.some((t) => t(v));
  }
  const wireNames = new Set(cases.map((name) => NameFormat.apply(setting.format, name)));
  if (setting.kind === 'Name')
    return (v) => isPlainObject(v) && hasOwn(v, setting.name) && wireNames.has(v[setting.name] as string);
  return (v) => {
    if (!isPlainObject(v)) return false;
    const keys = Object.keys(v);
    return keys.length === 1 && wireNames.has(keys[0]);
  };
}

/**
 * True for an object schema that takes only `{}`: `maxProperties: 0` (GitHub's "delete this gist
 * file"), or `additionalProperties: false` with no field declared — LinQR's contact data is
 * `allOf: [{ type: object, additionalProperties: false }, { anyOf: [vCard, MeCard] }]`, which no
 * object with a key fits, so a union's later member (a location) must get such a value.
 */
function takesOnlyEmpty(s: Schema): boolean {
  return (
    isObjectSchema(s) &&
    s.properties === undefined &&
    s.patternProperties === undefined &&
    s.allOf === undefined &&
    s.anyOf === undefined &&
    s.oneOf === undefined &&
    taggedUnionInfo(s) === undefined &&
    ((s.type === 'object' && s.maxProperties === 0) || s.additionalProperties === false)
  );
}

/**
 * An object schema that takes only `{}` as the object that declares no field and takes no other:
 * otherwise it reads as one that keeps every key, which a value is cut to before the members that
 * name its fields are tried.
 */
function emptyObjectAsDeclared(s: Schema): Schema {
  return takesOnlyEmpty(s) ? { ...s, properties: {}, additionalProperties: false } : s;
}

/** The in-memory test of this alternative's top level as a JSON Schema (what validation and encoding choose by). */
export function memoryLeafSchema(given: Schema, defs: Defs): LeafTest<Schema> {
  const s = emptyObjectAsDeclared(given);
  const merged = Array.isArray(s.allOf) ? mergedAllOf(s, defs) : undefined;
  if (merged !== undefined && merged !== s) return memoryLeafSchema(merged, defs);
  const info = taggedUnionInfo(s);
  if (info)
    return { fits: { type: 'object', required: [info.tag], properties: { [info.tag]: { enum: [...info.cases] } } } };
  if (!isObjectSchema(s) || typeof s.properties !== 'object' || s.properties === null) {
    return { fits: memoryKind(s, defs) ?? {}, ...(acceptsObjects(s) ? {} : { keys: 'none' as const }) };
  }
  const kinds: Record<string, Schema> = {};
  const all: Record<string, Schema> = {};
  for (const [name, p] of Object.entries(s.properties as Record<string, Schema>)) {
    const kind = valueMemorySchema(p, defs);
    all[name] = kind ?? {};
    if (kind !== undefined) kinds[name] = kind;
  }
  const required = Array.isArray(s.required) ? (s.required as string[]) : [];
  const keys = { required, declared: new Set(Object.keys(all)) };
  const base = { type: 'object', ...(required.length > 0 ? { required: [...required] } : {}) };
  if (s.additionalProperties === false)
    return { fits: { ...base, properties: all, additionalProperties: false }, keys };
  const fits = { ...base, properties: kinds };
  return isOpen(s) ? { fits, keys } : { fits, exact: { ...base, properties: all, additionalProperties: false }, keys };
}

/**
 * The order in which a union's alternatives are tried: first each one that declares every key
 * the value holds, then each one that fits at all. A value holding a field only the second
 * member declares goes to the second member, not to the first one that would drop the field.
 * The exact tests come only where they can decide: when some member's required keys are all
 * declared by a later member that has an exact test (else a value exact for the later one
 * never fits the earlier one, and trying members in order gives the same choice).
 */
export function choiceOrder<T>(tests: readonly LeafTest<T>[]): { readonly leaf: number; readonly test: T }[] {
  const last = tests.flatMap((t, leaf) => (t.loose === undefined ? [] : [{ leaf, test: t.loose }]));
  const loose = [...tests.map((t, leaf) => ({ leaf, test: t.fits })), ...last];
  // A member that takes objects and declares no keys of its own (`{}`, a map) keeps every key.
  const keepsAll = (t: LeafTest<T>) => t.keys === undefined && t.exact === undefined;
  const decides = tests.some((later, j) => {
    const keys = later.keys;
    if (
      keys === 'none' ||
      (keys === undefined && !keepsAll(later)) ||
      (keys !== undefined && later.exact === undefined)
    )
      return false;
    return tests.slice(0, j).some((earlier) => {
      if (earlier.keys === 'none') return false;
      return (
        keys === undefined || earlier.keys === undefined || earlier.keys.required.every((k) => keys.declared.has(k))
      );
    });
  });
  if (!decides) return loose;
  const exact = tests.flatMap((t, leaf) => (t.exact === undefined ? [] : [{ leaf, test: t.exact }]));
  // After the members that declare every key the value holds, those that keep every key (DigitalOcean's
  // `pages`: two objects of links, or `{}`): a value with other keys is kept whole, not cut to a member.
  const whole = tests.flatMap((t, leaf) => (keepsAll(t) ? [{ leaf, test: t.fits }] : []));
  return [...exact, ...whole, ...loose];
}
