// Values of a document's schema as fast-check arbitraries, so a failing request shrinks to a
// small one (fewer optional properties, shorter strings, numbers nearer zero). Built from the
// document's own schema (OpenAPI 3.0 or 3.1), never from kitgen's model: a tester must not share
// the code it tests. The generator aims at valid values; the referee (ajv) has the last word, and
// the caller skips a value it refuses (an overlapping oneOf, a pattern beyond fast-check's).
import fc from 'fast-check';
import { at, escapePointer, follow, type OpenApiDocument, type View } from './documentReferee.ts';

type Schema = Record<string, unknown>;

/** Deeper than this, a recursive schema gets its smallest value (required properties only, no items). */
const maxDepth = 5;
/** Arrays get at most this many items beyond their minimum: enough to vary, few enough to read. */
const extraItems = 3;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The bounds of a number schema, in either dialect (3.0's boolean flags, 3.1's own bounds). */
function bounds(s: Schema): { min?: number; max?: number; minExcluded: boolean; maxExcluded: boolean } {
  let min = num(s.minimum);
  let max = num(s.maximum);
  let minExcluded = s.exclusiveMinimum === true;
  let maxExcluded = s.exclusiveMaximum === true;
  if (num(s.exclusiveMinimum) !== undefined && (min === undefined || num(s.exclusiveMinimum)! >= min))
    [min, minExcluded] = [num(s.exclusiveMinimum), true];
  if (num(s.exclusiveMaximum) !== undefined && (max === undefined || num(s.exclusiveMaximum)! <= max))
    [max, maxExcluded] = [num(s.exclusiveMaximum), true];
  return { min, max, minExcluded, maxExcluded };
}

function integerArbitrary(s: Schema): fc.Arbitrary<number> {
  const b = bounds(s);
  const int32 = s.format === 'int32';
  const unsigned = s.format === 'uint32' || s.format === 'uint64';
  let min =
    b.min === undefined
      ? unsigned
        ? 0
        : int32
          ? -(2 ** 31)
          : -(2 ** 40)
      : Math.ceil(b.minExcluded ? Math.floor(b.min) + 1 : b.min);
  let max =
    b.max === undefined
      ? int32
        ? 2 ** 31 - 1
        : s.format === 'uint32'
          ? 2 ** 32 - 1
          : 2 ** 40
      : Math.floor(b.maxExcluded ? Math.ceil(b.max) - 1 : b.max);
  min = Math.max(min, Number.MIN_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  const step = num(s.multipleOf);
  if (step !== undefined && Number.isInteger(step) && step > 0) {
    const lo = Math.ceil(min / step);
    const hi = Math.floor(max / step);
    return fc.integer({ min: lo, max: Math.max(lo, hi) }).map((k) => k * step);
  }
  return fc.integer({ min, max: Math.max(min, max) });
}

function numberArbitrary(s: Schema): fc.Arbitrary<number> {
  if (num(s.multipleOf) !== undefined) {
    const step = num(s.multipleOf)!;
    const b = bounds(s);
    const lo =
      b.min === undefined ? -1000 : Math.ceil(b.min / step) + (b.minExcluded && Number.isInteger(b.min / step) ? 1 : 0);
    const hi =
      b.max === undefined ? 1000 : Math.floor(b.max / step) - (b.maxExcluded && Number.isInteger(b.max / step) ? 1 : 0);
    return fc.integer({ min: lo, max: Math.max(lo, hi) }).map((k) => Number((k * step).toPrecision(12)));
  }
  const b = bounds(s);
  const doubles = fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(b.min !== undefined ? { min: b.min, minExcluded: b.minExcluded } : { min: -1e9 }),
    ...(b.max !== undefined ? { max: b.max, maxExcluded: b.maxExcluded } : { max: 1e9 }),
  });
  // Whole numbers first: most servers' numbers are, and they shrink to something readable.
  return fc.oneof(
    { arbitrary: integerArbitrary({ ...s, format: undefined }), weight: 2 },
    { arbitrary: doubles, weight: 1 },
  );
}

const isoDate = fc.date({
  min: new Date('1970-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});

/** Strings of a format ajv-formats checks; others get plain text. */
const formats: Record<string, () => fc.Arbitrary<string>> = {
  'date-time': () => isoDate.map((d) => d.toISOString()),
  date: () => isoDate.map((d) => d.toISOString().slice(0, 10)),
  time: () => isoDate.map((d) => `${d.toISOString().slice(11, 19)}Z`),
  email: () =>
    fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/), fc.domain()).map(([user, host]) => `${user}@${host}`),
  uuid: () => fc.uuid(),
  uri: () => fc.webUrl(),
  url: () => fc.webUrl(),
  'uri-reference': () => fc.webUrl(),
  iri: () => fc.webUrl(),
  'iri-reference': () => fc.webUrl(),
  hostname: () => fc.domain(),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
  byte: () => fc.base64String({ maxLength: 24 }),
  int64: () => fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n }).map(String),
  int32: () => fc.integer().map(String),
  // Patterns every reading of `format: regex` takes: ajv-formats compiles without the `u` flag,
  // TypeBox (the runtime) with it, where a lone `{` (vercel's avatar hash) is refused.
  regex: () => fc.stringMatching(/^\^?[a-z0-9]{1,8}(\|[a-z0-9]{1,8})?\$?$/),
};

/** The pattern matching whole texts only, where fast-check reads it so; else the pattern itself. */
function anchored(pattern: string): RegExp {
  try {
    const whole = new RegExp(`^(?:${pattern})$`);
    fc.stringMatching(whole);
    return whole;
  } catch {
    return new RegExp(pattern);
  }
}

/** True when the pattern matches every one of the first texts of `texts` and each `fits`. */
function patternTakes(pattern: string, texts: fc.Arbitrary<string>, fits: (t: string) => boolean): boolean {
  let rx: RegExp;
  try {
    rx = new RegExp(pattern, 'u');
  } catch {
    try {
      rx = new RegExp(pattern);
    } catch {
      return false;
    }
  }
  return fc.sample(texts, { numRuns: 20, seed: 0 }).every((t) => rx.test(t) && fits(t));
}

function stringArbitrary(s: Schema): fc.Arbitrary<string> {
  const minLength = num(s.minLength) ?? 0;
  const maxLength = Math.max(minLength, Math.min(num(s.maxLength) ?? minLength + 12, minLength + 64));
  const fits = (t: string) => [...t].length >= minLength && [...t].length <= (num(s.maxLength) ?? Infinity);
  // JSON Schema's `contentEncoding: base64` (OpenAPI 3.1's bytes, Adyen's 3-D Secure ids) is
  // only an annotation to ajv, but a server reads such a string as the bytes it encodes.
  const formatted =
    typeof s.format === 'string' ? formats[s.format] : s.contentEncoding === 'base64' ? formats.byte : undefined;
  // A pattern beside a format it is looser than (Microsoft Graph's date-times: its offset
  // `[+-][0-9][0-9]:[0-9][0-9]` takes -24:00, which no date-time has): the format's texts, where
  // they match the pattern. A text of the pattern alone broke the format in one of a few cases,
  // and an operation whose every case did was skipped as one no valid request could be made for.
  if (typeof s.pattern === 'string' && formatted && patternTakes(s.pattern, formatted(), fits)) return formatted();
  if (typeof s.pattern === 'string') {
    try {
      // fast-check writes text around the match of an unanchored pattern; under length limits it
      // is the match alone, or cutting the text to size cuts the match (nexmo's `\d{7,15}`, at
      // most 15 long, came out as text then 6 digits, which a oneOf member beside it accepted).
      const limited = s.minLength !== undefined || s.maxLength !== undefined;
      const base = fc.stringMatching(limited ? anchored(s.pattern) : new RegExp(s.pattern));
      // A pattern's length limits apply too; the referee refuses the rare text outside them.
      return base.map((t) => (fits(t) ? t : t.slice(0, num(s.maxLength) ?? t.length)));
    } catch {
      // A pattern fast-check cannot read (a lookbehind, an inline flag): plain text, which the referee will mostly refuse.
    }
  }
  if (formatted) return formatted();
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

/** Options of {@link schemaArbitrary}. */
export interface ArbitraryOptions {
  readonly view: View;
}

/** An arbitrary of values of the schema at `pointer` of `doc`, as `view` sees them (readOnly properties left out of requests, writeOnly out of responses). */
export function schemaArbitrary(
  doc: OpenApiDocument,
  pointer: string,
  options: ArbitraryOptions,
): fc.Arbitrary<unknown> {
  return build(doc, pointer, options.view, 0);
}

// `readOnly` beside a `$ref` (`error: { $ref: Status, readOnly: true }`, Google's documents) is
// read as its authors mean it, as kitgen's generated server reads it: a server may drop such a
// property from a request unread, so a wrong value there is no invalid request.
const hidden = (doc: OpenApiDocument, pointer: string, view: View) => {
  const key = view === 'request' ? 'readOnly' : 'writeOnly';
  const own = at(doc, pointer) as Record<string, unknown> | undefined;
  return own?.[key] === true || follow(doc, pointer).value?.[key] === true;
};

const typeList = (s: Schema): string[] =>
  Array.isArray(s.type)
    ? s.type.filter((t): t is string => typeof t === 'string')
    : typeof s.type === 'string'
      ? [s.type]
      : [];

/** How deep a value may nest at all: past it, a type that requires itself (no finite value has) stops as `{}`. */
const hardDepth = maxDepth * 4;

function build(doc: OpenApiDocument, pointer: string, view: View, depth: number): fc.Arbitrary<unknown> {
  const { value: s, pointer: own } = follow(doc, pointer);
  if (s === undefined || typeof s !== 'object' || depth > hardDepth) return fc.constant({});
  const nullable = s.nullable === true || typeList(s).includes('null');
  const inner = nonNull(doc, s, own, view, depth);
  return nullable ? fc.option(inner, { nil: null, freq: 6 }) : inner;
}

function nonNull(doc: OpenApiDocument, s: Schema, own: string, view: View, depth: number): fc.Arbitrary<unknown> {
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    const values = s.enum.filter((v) => v !== null);
    return values.length > 0 ? fc.constantFrom(...values) : fc.constant(null);
  }
  if (Array.isArray(s.allOf) && s.allOf.length > 0) return allOf(doc, s, own, view, depth);
  const members = Array.isArray(s.oneOf) ? 'oneOf' : Array.isArray(s.anyOf) ? 'anyOf' : undefined;
  if (members !== undefined && (s[members] as unknown[]).length > 0) return choice(doc, s, own, members, view, depth);
  const types = typeList(s).filter((t) => t !== 'null');
  if (types.length > 1) return fc.oneof(...types.map((t) => nonNull(doc, { ...s, type: t }, own, view, depth)));
  const type =
    types[0] ??
    (s.properties !== undefined || s.additionalProperties !== undefined
      ? 'object'
      : s.items !== undefined
        ? 'array'
        : undefined);
  switch (type) {
    case 'integer':
      return integerArbitrary(s);
    case 'number':
      // An integer format makes a number whole (Apple's SiriKit headers: `type: number, format: uint32`).
      return s.format === 'uint32' || s.format === 'uint64' || s.format === 'int32' || s.format === 'int64'
        ? integerArbitrary(s)
        : numberArbitrary(s);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringArbitrary(s);
    case 'array':
      return arrayArbitrary(doc, s, own, view, depth);
    case 'object':
      return objectArbitrary(doc, s, own, view, depth);
    case 'null':
      return fc.constant(null);
    default:
      // No type: any JSON value fits; a small text or number reads best in a curl command.
      return s.not !== undefined
        ? fc.constant({})
        : fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 100 }), fc.boolean());
  }
}

function arrayArbitrary(
  doc: OpenApiDocument,
  s: Schema,
  own: string,
  view: View,
  depth: number,
): fc.Arbitrary<unknown[]> {
  const minLength = num(s.minItems) ?? 0;
  const maxLength =
    depth >= maxDepth
      ? minLength
      : Math.max(minLength, Math.min(num(s.maxItems) ?? minLength + extraItems, minLength + extraItems));
  // No item when none may be made: building it anyway recursed without end on a type that holds
  // itself through a required list (Webflow's collections), a stack overflow.
  if (maxLength === 0) return fc.constant([]);
  const item =
    s.items !== undefined && typeof s.items === 'object'
      ? build(doc, `${own}/items`, view, depth + 1)
      : fc.string({ maxLength: 8 });
  return s.uniqueItems === true
    ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
    : fc.array(item, { minLength, maxLength });
}

function objectArbitrary(
  doc: OpenApiDocument,
  s: Schema,
  own: string,
  view: View,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const name of Object.keys(properties)) {
    const pointer = `${own}/properties/${escapePointer(name)}`;
    if (hidden(doc, pointer, view)) continue;
    if (!required.has(name) && depth >= maxDepth) continue;
    record[name] = build(doc, pointer, view, depth + 1);
    if (required.has(name)) requiredKeys.push(name);
  }
  // A map (no properties, additionalProperties a schema or true): a few entries of its values.
  const extra = s.additionalProperties;
  if (
    Object.keys(properties).length === 0 &&
    (extra === true || (typeof extra === 'object' && extra !== null)) &&
    depth < maxDepth
  ) {
    const value =
      typeof extra === 'object'
        ? build(doc, `${own}/additionalProperties`, view, depth + 1)
        : fc.string({ maxLength: 8 });
    const minKeys = num(s.minProperties) ?? 0;
    return fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/), value, {
      minKeys,
      maxKeys: Math.max(minKeys, Math.min(num(s.maxProperties) ?? 3, 3)),
    });
  }
  // Required properties the schema does not describe: any value fits them.
  const undescribed = [...required].filter((name) => !(name in properties));
  const described = fc.record(record, { requiredKeys });
  if (undescribed.length === 0) return described;
  return described.map((v) => ({ ...Object.fromEntries(undescribed.map((name) => [name, 'text'])), ...v }));
}

/** allOf: each member's value merged (objects); for other types, the first member that names a type, with the others' keywords. */
function allOf(doc: OpenApiDocument, s: Schema, own: string, view: View, depth: number): fc.Arbitrary<unknown> {
  const { allOf: list, ...rest } = s;
  const members = (list as unknown[]).map((_, i) => `${own}/allOf/${i}`);
  const objects = members.filter((m) => {
    const v = follow(doc, m).value;
    return v !== undefined && (v.type === 'object' || v.properties !== undefined || v.allOf !== undefined);
  });
  const parts = [...members.map((m) => build(doc, m, view, depth))];
  if (Object.keys(rest).some((k) => ['properties', 'required', 'type'].includes(k)))
    parts.push(nonNull(doc, rest, own, view, depth));
  if (objects.length === 0) return parts[0];
  // A name the outer part requires and a member declares (Azure's `required: [sku]` beside `allOf:
  // [Resource]`): the member's schema gives its value, which the outer part alone would fill with any text.
  const outerProperties = (rest.properties ?? {}) as Record<string, unknown>;
  const fromMembers: Array<[string, fc.Arbitrary<unknown>]> = [];
  for (const name of Array.isArray(rest.required) ? (rest.required as string[]) : []) {
    if (name in outerProperties) continue;
    // The member's own pointer, its `$ref` followed: a pointer does not pass through a `$ref`.
    const member = objects
      .map((m) => follow(doc, m))
      .find(({ value }) => {
        const props = value?.properties;
        return props !== null && typeof props === 'object' && name in props;
      });
    const pointer = member === undefined ? undefined : `${member.pointer}/properties/${escapePointer(name)}`;
    if (pointer !== undefined && !hidden(doc, pointer, view))
      fromMembers.push([name, build(doc, pointer, view, depth + 1)]);
  }
  return fc.tuple(fc.tuple(...parts), fc.tuple(...fromMembers.map(([, a]) => a))).map(([values, declared]) => {
    const merged: Record<string, unknown> = {};
    for (const v of values) if (v !== null && typeof v === 'object' && !Array.isArray(v)) Object.assign(merged, v);
    fromMembers.forEach(([name], i) => (merged[name] = declared[i]));
    return merged;
  });
}

/** oneOf/anyOf: one member's value; under a discriminator, tagged with a name that picks that member. */
function choice(
  doc: OpenApiDocument,
  s: Schema,
  own: string,
  key: 'oneOf' | 'anyOf',
  view: View,
  depth: number,
): fc.Arbitrary<unknown> {
  const list = s[key] as Array<{ $ref?: string }>;
  const discriminator = s.discriminator as { propertyName?: string; mapping?: Record<string, string> } | undefined;
  const options = list.map((member, i) => {
    const arb = build(doc, `${own}/${key}/${i}`, view, depth + 1);
    const tag = discriminator?.propertyName;
    if (tag === undefined || typeof member?.$ref !== 'string') return arb;
    const component = (ref: string) => ref.replace(/^.*\//, '');
    const names = Object.entries(discriminator?.mapping ?? {})
      .filter(([, target]) => component(target) === component(member.$ref!))
      .map(([name]) => name);
    const name = names[0] ?? component(member.$ref);
    return arb.map((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? { ...v, [tag]: name } : v));
  });
  return fc.oneof(...options);
}
