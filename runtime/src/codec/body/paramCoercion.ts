import type { TSchema } from 'typebox';
import { listDelimiter, type QueryStyle } from '../queryStyle.ts';
import { isDateSchema, parseDateTime } from '../../schema/DateTime.ts';
import { bytesFormat } from '../../schema/Bytes.ts';
import { fromBase64 } from '../../util/base64.ts';

type S = Record<string, any>;

const utf8 = new TextEncoder();
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Turns the text values of a query parameter, header or form field into the schema's type
 * (integers, numbers, booleans, bigints, dates, enums, arrays in the parameter's style). Text that does
 * not convert is left as text, so the schema validation that follows names what was expected.
 * `emptyItem`: one empty value of an exploded list of texts is one empty item, as in a form body,
 * where an empty list has no pair at all; elsewhere it is the empty list kitgen's client sends.
 */
export function coerceParam(
  schema: TSchema,
  raw: readonly string[],
  style: QueryStyle,
  explode: boolean,
  emptyItem = false,
): unknown {
  const s = schema as unknown as S;
  if (isArraySchema(s)) {
    const items = (arrayItems(s) ?? {}) as S;
    // Exploded, each value is one item, and an item of text may hold a comma (BBC's PIDs, AWS tag
    // keys). One value of items that are not text (`ids=1,2`) is still read as a delimited list.
    const whole = explode && (raw.length !== 1 || (items.type === 'string' && (raw[0] !== '' || emptyItem)));
    const values = whole ? raw : raw.flatMap((r) => (r === '' ? [] : r.split(listDelimiter(style))));
    return values.map((v) => coerceScalar(items, v));
  }
  // A union of a scalar and a list (`oneOf: [integer, array of integer]`): several values, or one
  // holding the style's delimiter, are the list; one plain value is read as the scalar members read
  // it, unless none of them takes it: then it is a list of one (Stripe's `images=a`, beside the
  // `""` that clears the list).
  const members = unionMembers(s);
  const list = members?.find((m) => m.type === 'array');
  if (
    list !== undefined &&
    (raw.length > 1 ||
      raw.some((r) => r.includes(listDelimiter(style))) ||
      (raw.length === 1 && !members!.some((m) => m !== list && takesText(m, raw[0]))))
  )
    return coerceParam(list as unknown as TSchema, raw, style, explode, emptyItem);
  if (raw.length > 1) return [...raw];
  return coerceScalar(s, raw[0]);
}

/**
 * Whether a scalar schema may hold a text as sent: its enum or const lists it, a number, boolean
 * or null type converts it, a text type takes any; a schema that says less (a `$ref`, no type)
 * is taken to, so the scalar reading stays the default.
 */
export function takesText(m: S, text: string): boolean {
  if (Array.isArray(m.enum)) return m.enum.some((e: unknown) => String(e) === text);
  if ('const' in m) return String(m.const) === text;
  switch (m.type) {
    case 'integer':
    case 'number':
    case 'boolean':
    case 'null':
    case 'bigint':
      return coerceScalar(m, text) !== text;
    case 'object':
    case 'array':
      return false;
    default:
      return true;
  }
}

function isArraySchema(s: S): boolean {
  if (s.type === 'array') return true;
  return (
    Array.isArray(s.anyOf) &&
    s.anyOf.some((m: S) => m.type === 'array') &&
    s.anyOf.every((m: S) => m.type === 'array' || m.type === 'null')
  );
}

/** The members of an `anyOf` or `oneOf`, or undefined for a schema that is neither. */
export function unionMembers(s: S): readonly S[] | undefined {
  return Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined;
}

function arrayItems(s: S): S | undefined {
  if (s.type === 'array') return s.items;
  return (s.anyOf as S[]).find((m) => m.type === 'array')?.items;
}

/** Converts one text value to the type a scalar schema wants. */
export function coerceScalar(s: S, text: string): unknown {
  if (isDateSchema(s)) return parseDateTime(text) ?? text;
  // `format: byte` in a parameter is RFC 4648 base64 (standard alphabet, padded), as the client
  // writes it; other text stays text, for validation to name. `format: binary` is the text itself.
  const bytes = bytesFormat(s);
  if (bytes === 'binary') return utf8.encode(text);
  if (bytes === 'byte') return BASE64.test(text) ? fromBase64(text) : text;
  if (Array.isArray(s.enum)) {
    const hit = s.enum.find((e: unknown) => String(e) === text);
    return hit === undefined ? text : hit;
  }
  if ('const' in s) return String(s.const) === text ? s.const : text;
  // allOf: a `$ref` beside its own description (`{ allOf: [Boolean_, { description }] }`) is read as the member that converts it.
  if (Array.isArray(s.allOf)) {
    for (const m of s.allOf as S[]) {
      const v = coerceScalar(m, text);
      if (v !== text) return v;
    }
    return text;
  }
  // A union's text goes to the first member that takes it: a text member only when it lists no
  // values or lists this one (Stripe's `trial_end`: `'now'` or a timestamp, so `0` is the integer).
  const members = unionMembers(s);
  if (members !== undefined) {
    for (const m of members) {
      const v = coerceScalar(m, text);
      if (v !== text || (m.type === 'string' && takesText(m, text)) || ('const' in m && m.const === text)) return v;
    }
    return text;
  }
  switch (s.type) {
    case 'integer':
      return /^-?\d+$/.test(text) ? Number(text) : text;
    case 'number':
      return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'bigint':
      return /^-?\d+$/.test(text) ? BigInt(text) : text;
    case 'null':
      return text === 'null' || text === '' ? null : text;
    case 'object':
    case 'array':
      // JSON text of the kind the schema names; any other JSON (`null`, `1`) stays text, so a
      // union's object member does not take its text member's value (HERE's deepObject `floor`:
      // an object, or the text `null`).
      try {
        const parsed: unknown = JSON.parse(text);
        const isList = Array.isArray(parsed);
        return typeof parsed === 'object' && parsed !== null && isList === (s.type === 'array') ? parsed : text;
      } catch {
        return text;
      }
    default:
      return text;
  }
}

/**
 * An object in OpenAPI's `simple` style (headers, path parameters): `k1,v1,k2,v2`, or exploded
 * `k1=v1,k2=v2` (Visual Studio's `headers` parameter of tenant ids), each value converted to its
 * property's type; an empty value is the empty object. JSON text (what kitgen's client writes)
 * is read as JSON; a text that is neither is left as text, for validation to name.
 */
export function coerceSimpleObject(s: S, text: string): unknown {
  if (/^\s*\{/.test(text)) return coerceScalar(s, text);
  // RFC 6570 expands an empty object to nothing: an empty value is `{}` (which validation then
  // holds to the required properties, naming the first missing one).
  if (text.trim() === '') return {};
  const items = text.split(',');
  const exploded = items.every((item) => item.includes('='));
  if (!exploded && items.length % 2 !== 0) return text;
  const properties = (s.properties ?? {}) as Record<string, S>;
  const out: Record<string, unknown> = {};
  for (let i = 0; i < items.length; i += exploded ? 1 : 2) {
    const [key, value] = exploded
      ? [items[i].slice(0, items[i].indexOf('=')), items[i].slice(items[i].indexOf('=') + 1)]
      : [items[i], items[i + 1]];
    const name = key.trim();
    if (name === '__proto__') return text;
    const schema = Object.prototype.hasOwnProperty.call(properties, name) ? properties[name] : {};
    out[name] = coerceScalar(schema, value.trim());
  }
  return out;
}
