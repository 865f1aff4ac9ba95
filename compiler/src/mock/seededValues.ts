// What `--seed` varies beyond enums: every value the mock makes from a schema. In the sampling
// copy of the document (never the document the referee judges by), each schema without an example
// of its own gets one made for the seed — a string of its format or pattern, a number in its
// range, a boolean — each array a length, and some optional properties are left out. Every choice
// depends on the seed and the schema's own JSON pointer only: the same seed gives the same values
// on any machine, and editing one schema leaves the others' values as they were. A value made here
// that breaks a bound it cannot see is caught by the referee, as any sample is.
import { hash, generator } from './seeded.ts';
import { formattedPatternSample } from './formattedPatternSample.ts';
import { timeOfLength } from './timeOfLength.ts';

/** Keys whose children are names, not schema keywords (a property called `type` is no type). */
const nameMaps = new Set(['properties', 'patternProperties', 'schemas', '$defs', 'definitions']);
/** Keys holding something other than schemas, never walked (an example's `type` field is data). */
const dataKeys = new Set(['example', 'examples', 'default', 'enum', 'const', 'x-examples']);

type Schema = Record<string, unknown>;
type Random = () => number;

const words = [
  'alpha',
  'bravo',
  'delta',
  'echo',
  'kilo',
  'lima',
  'nova',
  'orbit',
  'pixel',
  'quartz',
  'sierra',
  'tango',
];
const between = (random: Random, lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const hex = (random: Random, n: number) =>
  Array.from({ length: n }, () => between(random, 0, 15).toString(16)).join('');

/** murmur3's finaliser: seeds 1, 2, 3 of one pointer start far apart, not in neighbouring states. */
function mixed(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The schema's one type, `null` aside (`type: [string, "null"]` is a string). */
function typeOf(schema: Schema): string | undefined {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x) => x !== 'null') as string | undefined;
  return undefined;
}

/** A text of a format, for the formats whose shape is known. */
function formatted(format: string, random: Random): string | undefined {
  const day = new Date(Date.UTC(2000, 0, 1) + between(random, 0, 30 * 365) * 86_400_000);
  const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
  const time = `${pad(between(random, 0, 23))}:${pad(between(random, 0, 59))}:${pad(between(random, 0, 59))}`;
  const word = words[between(random, 0, words.length - 1)];
  switch (format) {
    case 'date-time':
      return `${date}T${time}Z`;
    case 'date':
      return date;
    case 'time':
      return `${time}Z`;
    case 'email':
    case 'idn-email':
      return `${word}${between(random, 1, 999)}@example.com`;
    case 'uuid':
      return `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-${'89ab'[between(random, 0, 3)]}${hex(random, 3)}-${hex(random, 12)}`;
    case 'uri':
    case 'url':
    case 'iri':
      return `https://example.com/${word}/${between(random, 1, 9999)}`;
    case 'hostname':
    case 'idn-hostname':
      return `${word}${between(random, 1, 99)}.example.com`;
    case 'ipv4':
      return Array.from({ length: 4 }, () => between(random, 1, 254)).join('.');
    case 'ipv6':
      return `2001:db8::${hex(random, 4)}`;
    case 'byte':
      return Buffer.from(`${word}${between(random, 1, 999)}`).toString('base64');
    case 'int32':
    case 'int64':
      return String(between(random, 0, 100_000));
    case 'duration':
      return `P${between(random, 1, 30)}DT${between(random, 0, 23)}H`;
    case 'password':
      return `${word}-${hex(random, 6)}`;
    default:
      return undefined;
  }
}

/** A string of the schema's format, pattern or length, or undefined where none is known to fit. */
function stringValue(schema: Schema, random: Random, shift: number): string | undefined {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  let text: string | undefined;
  if (typeof schema.pattern === 'string') text = formattedPatternSample(schema.pattern, schema.format, min, max, shift);
  else if (typeof schema.format === 'string') {
    text = formatted(schema.format, random);
    if (text !== undefined && (schema.format === 'date-time' || schema.format === 'time'))
      text = timeOfLength(text, min, max) ?? text;
  } else {
    const length = between(random, Math.max(min, 3), Math.max(Math.min(max, Math.max(min, 3) + 9), min));
    text = Array.from({ length }, () => String.fromCharCode(between(random, 97, 122))).join('');
  }
  return text !== undefined && text.length >= min && text.length <= max ? text : undefined;
}

/** Formats that make a `number` a whole one (`type: number, format: int32`, Ideal Postcodes' rate-limit headers). */
const integerFormats = new Set(['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64']);

/** A number in the schema's range (and a multiple of its `multipleOf`), or undefined where none fits. */
function numberValue(schema: Schema, integer: boolean, random: Random): number | undefined {
  const exclusiveMin = schema.exclusiveMinimum;
  const exclusiveMax = schema.exclusiveMaximum;
  let lo = typeof schema.minimum === 'number' ? schema.minimum : typeof exclusiveMin === 'number' ? exclusiveMin : 0;
  let hi =
    typeof schema.maximum === 'number' ? schema.maximum : typeof exclusiveMax === 'number' ? exclusiveMax : lo + 1000;
  if (typeof exclusiveMin === 'number' || exclusiveMin === true) lo += integer ? 1 : 0.01;
  if (typeof exclusiveMax === 'number' || exclusiveMax === true) hi -= integer ? 1 : 0.01;
  if (!(hi >= lo) || !Number.isFinite(hi - lo)) return undefined;
  const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : integer ? 1 : 0.01;
  const first = Math.ceil(lo / step);
  const last = Math.floor(hi / step);
  if (last < first) return undefined;
  const value = between(random, first, Math.min(last, first + 100_000)) * step;
  // Two decimals, as a person writes an amount; multiples of a whole step stay whole.
  const rounded = Number.isInteger(step) ? value : Math.round(value * 100) / 100;
  return rounded >= lo && rounded <= hi && (!integer || Number.isInteger(rounded)) ? rounded : undefined;
}

/** Names the document requires anywhere, or discriminates on: never left out, whatever schema lists them. */
function keptNames(doc: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== 'object') return;
    const node = value as Schema;
    if (Array.isArray(node.required)) for (const n of node.required) if (typeof n === 'string') out.add(n);
    const discriminator = node.discriminator as { propertyName?: unknown } | undefined;
    if (typeof discriminator?.propertyName === 'string') out.add(discriminator.propertyName);
    Object.values(node).forEach(walk);
  };
  walk(doc);
  return out;
}

/** `doc` (a sampling copy the caller owns) with a value of each example-less schema made for `seed`, in place. */
export function seededValues(doc: unknown, seed: number): unknown {
  const kept = keptNames(doc);
  const walk = (value: unknown, pointer: string, names: boolean): void => {
    if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${pointer}/${i}`, false));
    if (value === null || typeof value !== 'object') return;
    const node = value as Schema;
    if (!names) vary(node, pointer);
    for (const [k, v] of Object.entries(node)) {
      if (!names && dataKeys.has(k)) continue;
      walk(v, `${pointer}/${k}`, !names && nameMaps.has(k));
    }
  };
  const vary = (node: Schema, pointer: string) => {
    const random = generator(mixed(hash(seed, pointer)));
    const own = ['example', 'examples', 'default', 'enum', 'const', '$ref'].some((k) => node[k] !== undefined);
    const type = typeOf(node);
    if (!own && (type === 'string' || type === 'integer' || type === 'number' || type === 'boolean')) {
      const made =
        type === 'string'
          ? stringValue(node, random, mixed(hash(seed, pointer)) % 997)
          : type === 'boolean'
            ? random() < 0.5
            : numberValue(node, type === 'integer' || integerFormats.has(node.format as string), random);
      if (made !== undefined) node.example = made;
      return;
    }
    if (type === 'array' && !own && node.uniqueItems !== true && node.items !== undefined) {
      // One item at least where one is allowed: an empty list shows a frontend nothing of the items.
      const min = Math.max(typeof node.minItems === 'number' ? node.minItems : 0, 1);
      const max = typeof node.maxItems === 'number' ? node.maxItems : min + 3;
      if (max >= min) node.minItems = between(random, min, Math.min(max, min + 3));
      return;
    }
    const properties = node.properties as Record<string, unknown> | undefined;
    if (properties !== null && typeof properties === 'object' && !Array.isArray(properties)) {
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      for (const name of Object.keys(properties))
        if (!required.has(name) && !kept.has(name) && random() < 0.3) delete properties[name];
    }
  };
  walk(doc, '', false);
  return doc;
}
