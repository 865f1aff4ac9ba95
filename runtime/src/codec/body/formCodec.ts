import type { TSchema } from 'typebox';
import type { BinaryCodec } from '../BinaryCodec.ts';
import { Either } from '../../util/Either.ts';
import { MediaType } from '../../http/MediaType.ts';
import { isBytesSchema } from '../../schema/Bytes.ts';
import { validatorFor } from '../../schema/validator.ts';
import { withCommittedUnions } from '../json/committedUnions.ts';
import { bracketValue } from './formBrackets.ts';
import { coerceParam } from './paramCoercion.ts';
import { concatBytes, utf8Text } from '../../util/bytes.ts';
import { mergedAllOf } from '../json/allOfShapes.ts';
import { collectDefs, refTarget } from '../json/schemaDefs.ts';
import { CodecConfig } from '../json/CodecConfig.ts';
import { compileJsonPlans, type JsonPlan } from '../json/jsonPlan.ts';
import { restoreBigints } from '../json/bigintJson.ts';
import { stringifyJson } from '../json/deepStringify.ts';
import { DecodeError } from '../../errors/DecodeError.ts';

type Schema = Record<string, unknown>;

const encoder = new TextEncoder();

/**
 * The fields of a form's object schema: its own `properties`, through a `$ref` (a recursive
 * schema's `{ $defs, $ref }`) and an allOf of objects (OpenAPI's composition), as the JSON codec
 * reads them.
 */
function formFields(schema: Schema, defs = collectDefs(schema), depth = 0): Record<string, Schema> {
  let s: Schema | undefined = schema;
  for (let i = 0; i < 16 && s !== undefined && typeof s.$ref === 'string'; i++) s = refTarget(s, defs);
  if (s !== undefined && Array.isArray(s.allOf)) s = mergedAllOf(s, defs);
  const props = s?.properties;
  const own = typeof props === 'object' && props !== null ? (props as Record<string, Schema>) : {};
  // A union of forms (SoundCloud's token grants) has the fields of every member, the first
  // member that declares a field giving its schema.
  const members = Array.isArray(s?.anyOf) ? s.anyOf : Array.isArray(s?.oneOf) ? s.oneOf : undefined;
  if (members === undefined || depth > 8) return own;
  const fields: Record<string, Schema> = { ...own };
  for (const m of members as Schema[])
    for (const [name, field] of Object.entries(formFields(m, defs, depth + 1)))
      if (name !== '__proto__' && !Object.prototype.hasOwnProperty.call(fields, name)) fields[name] = field;
  return fields;
}

/** True when a field holds bytes (possibly null): its value is the field's bytes as sent. */
function holdsBytes(s: Schema): boolean {
  if (isBytesSchema(s)) return true;
  const members = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined;
  return (
    members !== undefined &&
    (members as Schema[]).some(isBytesSchema) &&
    (members as Schema[]).every((m) => isBytesSchema(m) || m.type === 'null')
  );
}

const hexValue = (c: number): number =>
  c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;

/** A name or value of the body with `+` and `%XX` decoded to the bytes they stand for (the URL standard's percent-decode). */
function percentDecode(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === 43 /* + */) out[n++] = 32;
    else if (c === 37 /* % */ && i + 2 < bytes.length && hexValue(bytes[i + 1]) >= 0 && hexValue(bytes[i + 2]) >= 0) {
      out[n++] = hexValue(bytes[i + 1]) * 16 + hexValue(bytes[i + 2]);
      i += 2;
    } else out[n++] = c;
  }
  return out.subarray(0, n);
}

/**
 * The body's name/value pairs, values as bytes: the URL standard's form parsing, without the
 * UTF-8 decoding of values, so that a binary field keeps bytes that are no UTF-8 text.
 */
function formPairs(body: Uint8Array): Map<string, Uint8Array[]> {
  const out = new Map<string, Uint8Array[]>();
  let start = 0;
  while (start <= body.length) {
    let end = body.indexOf(38 /* & */, start);
    if (end < 0) end = body.length;
    if (end > start) {
      const pair = body.subarray(start, end);
      const eq = pair.indexOf(61 /* = */);
      const name = utf8Text(percentDecode(eq < 0 ? pair : pair.subarray(0, eq)));
      const value = eq < 0 ? new Uint8Array(0) : percentDecode(pair.subarray(eq + 1));
      const values = out.get(name);
      if (values) values.push(value);
      else out.set(name, [value]);
    }
    start = end + 1;
  }
  return out;
}

// What encodeURIComponent leaves as it is, less what forms escape too (`!'()~`), plus `*`.
const UNRESERVED = /^[A-Za-z0-9*\-._]$/;

/** Bytes as form text: unreserved ASCII as it is, a space as `+`, every other byte as `%XX`. */
function percentEncode(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) {
    const ch = String.fromCharCode(b);
    out += b === 32 ? '+' : b < 128 && UNRESERVED.test(ch) ? ch : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

async function* collectThen<A>(
  bytes: AsyncIterable<Uint8Array>,
  decode: (b: Uint8Array) => Either<DecodeError, A>,
): AsyncIterable<A> {
  const chunks: Uint8Array[] = [];
  for await (const c of bytes) chunks.push(c);
  const r = decode(concatBytes(chunks));
  if (r._tag === 'left') throw r.left;
  yield r.right;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array) && !(v instanceof Date);

/** True when a field's value was read as JSON text: an object, or a list of objects. */
const fromJsonText = (v: unknown): boolean => isPlainObject(v) || (Array.isArray(v) && v.some(isPlainObject));

/**
 * An `application/x-www-form-urlencoded` codec for object schemas: fields coerced like query
 * parameters, bytes fields (`format: binary`) as the bytes sent, percent-decoded. A field that
 * holds an object is JSON text, read and written as a JSON body's value is (base64 bytes, dates,
 * 64-bit integers, the config's names), so a form field whose `encoding` is `application/json`
 * carries what the same value carries in a JSON body.
 */
export function formCodec(
  schema: TSchema,
  config: CodecConfig = CodecConfig.current(),
): BinaryCodec<Record<string, unknown>> {
  let plans: ((sub: Schema) => JsonPlan) | undefined;
  const planOf = (s: Schema) => (plans ??= compileJsonPlans(schema as unknown as Schema, config).planFor)(s);
  const fields = Object.entries(formFields(schema as unknown as Schema)).map(([name, s]) => ({
    name,
    schema: s,
    bytes: holdsBytes(s),
  }));
  const byName = new Map(fields.map((f) => [f.name, f.schema]));
  // Unions are checked as the JSON codec checks them (committedUnions.ts): the alternative the
  // value's fields fit, so a oneOf whose members several values fit (SoundCloud's token grants)
  // reads as anyOf, as it does in a JSON body.
  const validator = validatorFor(withCommittedUnions(schema as unknown as Schema));
  let defs: Readonly<Record<string, Schema>> | undefined;
  const decode = (body: Uint8Array): Either<DecodeError, Record<string, unknown>> => {
    const pairs = formPairs(body);
    // Pairs in bracket notation (`scope[type]=account`), read as the fields they name, when a
    // field has no pair of its own name.
    let bracketed: Map<string, string[]> | undefined;
    for (const [name, values] of pairs)
      if (name.includes('[')) (bracketed ??= new Map()).set(name, values.map(utf8Text));
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      if (f.name === '__proto__') continue;
      const raw = pairs.get(f.name);
      const value =
        raw === undefined
          ? bracketed === undefined || f.bytes
            ? undefined
            : bracketValue(f.name, bracketed, f.schema, (defs ??= collectDefs(schema)))
          : f.bytes
            ? concatBytes(raw)
            : coerceParam(f.schema as unknown as TSchema, raw.map(utf8Text), 'form', true, true);
      if (value === undefined) continue;
      try {
        out[f.name] = fromJsonText(value) ? planOf(f.schema).decode(value, `/${f.name}`) : value;
      } catch (error) {
        if (error instanceof DecodeError) return Either.left(error);
        throw error;
      }
    }
    const failure = validator.firstError(out, '', 'form body');
    return failure ? Either.left(failure) : Either.right(out);
  };
  const encode = (value: Record<string, unknown>): Uint8Array => {
    const parts: string[] = [];
    const add = (k: string, v: string | Uint8Array) =>
      parts.push(`${percentEncode(encoder.encode(k))}=${percentEncode(typeof v === 'string' ? encoder.encode(v) : v)}`);
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      if (v instanceof Uint8Array) add(k, v);
      else if (Array.isArray(v)) for (const item of v) add(k, String(item));
      else if (typeof v !== 'object' || v === null) add(k, String(v));
      else {
        const field = byName.get(k);
        add(
          k,
          field === undefined ? JSON.stringify(v) : restoreBigints(stringifyJson(planOf(field).encode(v)) ?? 'null'),
        );
      }
    }
    return encoder.encode(parts.join('&'));
  };
  return {
    mediaType: MediaType.application.xWwwFormUrlencoded,
    encode,
    decode,
    streamEncoder: async function* (values) {
      for await (const v of values) yield encode(v);
    },
    streamDecoder: (bytes) => collectThen(bytes, decode),
  };
}
