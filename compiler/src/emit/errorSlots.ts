import type { Api, Operation } from '../model/Api.ts';
import { coveredStatuses } from '../model/statuses.ts';
import { bodyKind } from '../model/mediaTypes.ts';
import { isRequired, type ObjectNode, type SchemaNode } from '../model/Schema.ts';

/** The statuses the runtime answers by itself for a request an operation matched (bad input, credentials, size, media type). */
export const runtimeStatuses: readonly number[] = [400, 401, 413, 415];

// Property names (lower case, without `_`/`-`) the runtime's failure can fill, by what fills them.
// Anything else that is required is a value the compiler cannot invent.
const messageNames = new Set(['message', 'detail', 'details', 'description', 'msg', 'errormessage', 'errordescription', 'errordetail']);
const reasonNames = new Set(['error', 'title', 'reason', 'statustext']);
const codeNames = new Set(['code', 'errorcode']);
const statusNames = new Set(['status', 'statuscode']);
const placeNames = new Set(['field', 'parameter', 'param', 'pointer']);

const key = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

/** A plain string or number the failure's value can always satisfy (no enum, format, pattern or bound). */
const plain = (s: SchemaNode, kind: 'string' | 'integer'): boolean =>
  kind === 'string'
    ? s.kind === 'string' && s.enum === undefined && s.format === undefined && Object.keys(s.constraints).length === 0
    : (s.kind === 'integer' || s.kind === 'number') && s.enum === undefined && Object.keys(s.constraints).length === 0;

/** The expression filling one property from the failure `f`, or undefined when the name or type is not a slot. */
function slot(name: string, s: SchemaNode): { expr: string; always: boolean; message: boolean } | undefined {
  const k = key(name);
  if (plain(s, 'string')) {
    if (messageNames.has(k)) return { expr: 'f.message', always: true, message: true };
    if (reasonNames.has(k)) return { expr: 'f.error', always: true, message: true };
    if (codeNames.has(k)) return { expr: 'f.code', always: true, message: false };
    if (statusNames.has(k)) return { expr: 'String(f.status)', always: true, message: false };
    if (placeNames.has(k)) return { expr: 'f.parameter ?? f.pointer', always: false, message: false };
  }
  if (plain(s, 'integer') && (statusNames.has(k) || codeNames.has(k))) return { expr: 'f.status', always: true, message: false };
  return undefined;
}

function resolve(api: Api, s: SchemaNode): SchemaNode {
  for (let i = 0; i < 8 && s.kind === 'ref'; i++) {
    const target = api.schemas.find((n) => n.key === (s as { target: string }).target);
    if (!target) return s;
    s = target.schema;
  }
  return s;
}

/**
 * The JavaScript expression of a value of `schema` built from the failure `f`, when the schema has
 * an obvious place for the message: an object whose required properties are all slots (message,
 * detail, error, title, code, status …) or one nested object of that kind (`{error: {code, message}}`),
 * with at least one message-like field. Undefined otherwise: the user's `mapError` fills it.
 */
export function slotValue(api: Api, schema: SchemaNode, depth = 0): string | undefined {
  const s = resolve(api, schema);
  if (s.kind !== 'object') return undefined;
  const fields: string[] = [];
  let message = false;
  for (const p of (s as ObjectNode).properties) {
    const required = isRequired(s as ObjectNode, p);
    const filled = slot(p.name, resolve(api, p.schema));
    if (filled) {
      message ||= filled.message;
      if (filled.always) fields.push(`${JSON.stringify(p.name)}: ${filled.expr}`);
      else if (!required) fields.push(`...((${filled.expr}) === undefined ? {} : { ${JSON.stringify(p.name)}: ${filled.expr} })`);
      else return undefined;
      continue;
    }
    const nested = required && depth === 0 ? slotValue(api, p.schema, 1) : undefined;
    if (nested !== undefined) {
      fields.push(`${JSON.stringify(p.name)}: ${nested}`);
      message = true;
    } else if (required) return undefined;
  }
  return message ? `{ ${fields.join(', ')} }` : undefined;
}

// The model's own rule for which media types are JSON.
const isJson = (m: string) => bodyKind(m) === 'json';

/**
 * The declared error that covers `status` (its code, else a range such as `4XX`, else `default`)
 * with a JSON body and no required header, if any: its schema, and the media type tag when the
 * status has several shapes.
 */
function declaredAt(op: Operation, status: number): { schema: SchemaNode; mediaType?: string } | undefined {
  const keys = op.errors.map((e) => e.key);
  const r = op.errors.find((e) => coveredStatuses(e.key, keys, 'errors').includes(status));
  if (!r?.content || r.headers.some((h) => h.required)) return undefined;
  if (r.content.variants) {
    const v = r.content.variants.find((x) => x.mediaTypes.some(isJson));
    return v && { schema: v.schema, mediaType: v.mediaTypes[0] };
  }
  return r.content.mediaTypes.some(isJson) ? { schema: r.content.schema } : undefined;
}

/**
 * The generated `mapError` of an operation (issue 14): an arrow from the runtime's failure to the
 * declared error of each runtime status whose schema has an obvious slot; undefined when none has.
 */
export function errorMapperOf(api: Api, op: Operation): string | undefined {
  // Statuses answered the same way (one range or default covering several) share one case.
  const byAnswer = new Map<string, number[]>();
  for (const status of runtimeStatuses) {
    const r = declaredAt(op, status);
    const body = r && slotValue(api, r.schema);
    if (body === undefined) continue;
    const answer = `${r?.mediaType !== undefined ? `mediaType: ${JSON.stringify(r.mediaType)}, ` : ''}body: ${body}`;
    byAnswer.set(answer, [...(byAnswer.get(answer) ?? []), status]);
  }
  const cases = [...byAnswer].map(([answer, statuses]) =>
    statuses.length === 1
      ? `f.status === ${statuses[0]} ? { status: ${statuses[0]}, ${answer} } : `
      : `[${statuses.join(', ')}].includes(f.status) ? { status: f.status, ${answer} } : `,
  );
  return cases.length === 0 ? undefined : `(f) => (${cases.join('')}undefined)`;
}
