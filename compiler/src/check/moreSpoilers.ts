// Invalid requests beyond the wire test's: a parameter out of its declared range, a JSON body
// with a required property left out or with a property of the wrong type. Each one is confirmed
// invalid by the referee before it is sent, so a server that accepts it broke the document, not
// a guess of the tester's.
import {
  escapePointer,
  follow,
  isJsonMediaType,
  RefereeUnable,
  type DocumentReferee,
  type OpenApiDocument,
} from './documentReferee.ts';
import type { DocumentOperation, DocumentParameter } from './documentOperations.ts';
import { refusedBeyondOverlap } from './oneOfOverlap.ts';
import type { RequestParts } from './requests.ts';
import { typesOf, type Spoiled } from './spoilers.ts';

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * True when the referee refuses `value` for the schema at `pointer` for more than fitting several
 * members of a oneOf (oneOfOverlap.ts); a schema it cannot read refuses nothing.
 */
function refused(doc: OpenApiDocument, referee: DocumentReferee, pointer: string, value: unknown): boolean {
  try {
    return refusedBeyondOverlap(doc, referee, pointer, value);
  } catch (error) {
    if (error instanceof RefereeUnable) return false;
    throw error;
  }
}

/**
 * The values a server may read a parameter's text as: a number where the schema's types allow
 * one, the text where they allow a string (both where it names none). id4i's `labelPrefix`
 * (`type: string, minimum: 1`) reads `0` as the string "0", which `minimum` does not bound.
 */
function readings(doc: OpenApiDocument, p: DocumentParameter, value: string | number): unknown[] {
  if (typeof value === 'string') return [value];
  const types = typesOf(doc, p.schemaPointer!);
  const numeric = types.length === 0 || types.includes('number') || types.includes('integer');
  const textual = types.length === 0 || types.includes('string');
  return [...(numeric ? [value] : []), ...(textual ? [String(value)] : [])];
}

/** Values just outside the parameter's declared range or length, refused by its schema however the server reads their text. */
function outOfRange(doc: OpenApiDocument, referee: DocumentReferee, p: DocumentParameter): Array<string | number> {
  if (p.schemaPointer === undefined || p.mediaType !== undefined) return [];
  const s = follow(doc, p.schemaPointer).value ?? {};
  const candidates: Array<string | number> = [];
  const min = num(s.minimum) ?? num(s.exclusiveMinimum);
  const max = num(s.maximum) ?? num(s.exclusiveMaximum);
  if (min !== undefined) candidates.push(Math.floor(min) - 1);
  if (max !== undefined) candidates.push(Math.ceil(max) + 1);
  const maxLength = num(s.maxLength);
  const minLength = num(s.minLength);
  if (maxLength !== undefined && maxLength < 2048) candidates.push('x'.repeat(maxLength + 1));
  if (minLength !== undefined && minLength > 0) candidates.push('x'.repeat(minLength - 1));
  return candidates.filter((c) => {
    const read = readings(doc, p, c);
    return (
      read.length > 0 &&
      read.every((r) => refused(doc, referee, p.schemaPointer!, r)) &&
      !(typeof c === 'string' && c === '' && p.in === 'path')
    );
  });
}

/** The JSON body of a valid request, if it is an object. */
function jsonObject(parts: RequestParts): Record<string, unknown> | undefined {
  const body = parts.body;
  if (!body || typeof body.payload !== 'string' || !isJsonMediaType(body.contentType ?? '')) return undefined;
  try {
    const value: unknown = JSON.parse(body.payload);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A value of another JSON type than `value`. */
const otherType = (value: unknown): unknown => (typeof value === 'string' ? 12345 : 'zz-invalid');

/** More ways to spoil the operation's valid request; `kind` names the way, `how` the instance. */
export function moreInvalidRequests(
  doc: OpenApiDocument,
  referee: DocumentReferee,
  op: DocumentOperation,
  valid: RequestParts,
): Array<Spoiled & { kind: string }> {
  const out: Array<Spoiled & { kind: string }> = [];
  for (const p of op.parameters) {
    if (p.in !== 'query' && p.in !== 'path') continue;
    const key = encodeURIComponent(p.name);
    if (p.in === 'query' && !valid.query.some(([k]) => k === key)) continue;
    const value = outOfRange(doc, referee, p)[0];
    if (value === undefined) continue;
    const text = encodeURIComponent(String(value));
    const parts: RequestParts =
      p.in === 'path'
        ? { ...valid, path: { ...valid.path, [p.name]: text } }
        : { ...valid, query: [...valid.query.filter(([k]) => k !== key), [key, text]] };
    out.push({
      parts,
      how: `${p.in} parameter ${p.name} out of range: ${String(value).slice(0, 40)}`,
      kind: `${p.in} parameter ${p.name} out of range`,
    });
  }
  const body = jsonObject(valid);
  const media =
    op.body?.media.find((m) => m.mediaType === valid.body?.contentType) ??
    op.body?.media.find((m) => isJsonMediaType(m.mediaType));
  if (body && media?.schemaPointer !== undefined) {
    const pointer = media.schemaPointer;
    const write = (value: unknown): RequestParts => ({
      ...valid,
      body: { contentType: valid.body!.contentType, payload: JSON.stringify(value) },
    });
    const missing = Object.keys(body).find((name) => {
      const { [name]: _left, ...rest } = body;
      return refused(doc, referee, pointer, rest);
    });
    if (missing !== undefined) {
      const { [missing]: _left, ...rest } = body;
      out.push({
        parts: write(rest),
        how: `required body property /${escapePointer(missing)} left out`,
        kind: 'required body property left out',
      });
    }
    const wrong = Object.keys(body).find((name) =>
      refused(doc, referee, pointer, { ...body, [name]: otherType(body[name]) }),
    );
    if (wrong !== undefined) {
      const value = { ...body, [wrong]: otherType(body[wrong]) };
      out.push({
        parts: write(value),
        how: `body property /${escapePointer(wrong)} = ${JSON.stringify(value[wrong])}`,
        kind: 'body property of the wrong type',
      });
    }
  }
  return out;
}
