import {
  adviceByStatus,
  adviceNames,
  codeNames,
  key,
  kindValue,
  linkNames,
  messageNames,
  placeNames,
  reasonNames,
  statusNames,
  timeNames,
  uniqueNames,
} from './errorFillNames.ts';
import type { SchemaNode } from './Schema.ts';

// How a text property of a declared error body is filled from the runtime's own failure: by its
// enum, its format, its name, or its default.

/** The fill of a text property (one arm of the error fill plan, errorFill.ts). */
export type TextFill =
  | {
      readonly kind: 'failure';
      readonly field: 'message' | 'error' | 'code' | 'statusText' | 'place';
      readonly optional?: boolean;
      /** The declared `maxLength`: the runtime's text is cut to it (a long value quoted in a message). */
      readonly maxLength?: number;
    }
  | { readonly kind: 'literal'; readonly value: unknown }
  | { readonly kind: 'now' }
  | { readonly kind: 'unique'; readonly form: 'uuid' | 'urn' | 'ulid' };

/**
 * The formats a JSON Schema validator checks: TypeBox's registry (the runtime's engines,
 * runtime/src/schema/lightFormats.ts, which a test holds within this list) and ajv-formats' (the
 * referees'). Any other format (GoDaddy's `constant`, `json-path`; frankiefinancial's `ulid`) is
 * an annotation: a string of it is any string.
 */
export const checkedFormats: ReadonlySet<string> = new Set([
  'date-time',
  'date',
  'time',
  'iso-time',
  'iso-date-time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'iri',
  'iri-reference',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'uuid',
  'regex',
  'json-pointer',
  'json-pointer-uri-fragment',
  'relative-json-pointer',
  'byte',
  'int32',
  'int64',
  'float',
  'double',
]);

type TextNode = Extract<SchemaNode, { kind: 'string' }>;

/** The format of `s` when a validator checks it; undefined for none, or an annotation. */
export const checkedFormat = (s: TextNode): string | undefined =>
  s.format !== undefined && checkedFormats.has(s.format) ? s.format : undefined;

// A failure's texts are never empty, so `minLength: 1` (metadapi's) holds them too.
/** True when `s` has no constraint a failure's text could break (a `maxLength` is not checked). */
export const unconstrained = (s: SchemaNode): boolean =>
  'constraints' in s &&
  Object.entries(s.constraints).filter(
    ([k, v]) => k !== 'maxLength' && !(k === 'minLength' && typeof v === 'number' && v <= 1),
  ).length === 0;

const uniqueSamples = {
  uuid: '0f8e2c4a-3b1d-4e5f-9a7b-6c8d0e1f2a3b',
  urn: 'urn:uuid:0f8e2c4a-3b1d-4e5f-9a7b-6c8d0e1f2a3b',
  ulid: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
} as const;

/** True when `value` meets the length bounds and pattern of `s` (a pattern JavaScript cannot compile meets nothing). */
function admitsText(s: TextNode, value: string): boolean {
  const c = s.constraints as Record<string, unknown>;
  const length = [...value].length;
  if (typeof c.minLength === 'number' && length < c.minLength) return false;
  if (typeof c.maxLength === 'number' && length > c.maxLength) return false;
  if (typeof c.pattern !== 'string') return true;
  try {
    return new RegExp(c.pattern, 'u').test(value);
  } catch {
    return false;
  }
}

/**
 * The fill of a text property by its enum, format and name, or undefined when nothing obvious
 * fills it: a required one's own `default` (unicourt's `object`, `"Exception"`) goes last.
 */
export function textFill(
  name: string,
  s: TextNode,
  status: number,
  required: boolean,
): { fill: TextFill; message: boolean } | undefined {
  const k = key(name);
  if (s.enum !== undefined) {
    const v = s.enum.length === 1 ? s.enum[0] : kindValue(s.enum, status);
    return v === undefined ? undefined : { fill: { kind: 'literal', value: v }, message: false };
  }
  const format = checkedFormat(s);
  const free = unconstrained(s);
  if (format === 'date-time' && free) return { fill: { kind: 'now' }, message: false };
  if (format === 'uri' && (k === 'type' || k === 'errortype') && free)
    return { fill: { kind: 'literal', value: 'about:blank' }, message: false };
  // A required link to more about the error (ably's `href`): the runtime has none, and
  // `about:blank` is the URI that says so, as a problem's `type` does.
  if (required && linkNames.has(k) && (format === undefined || format === 'uri' || format === 'url') && free)
    return { fill: { kind: 'literal', value: 'about:blank' }, message: false };
  // An identifier of this occurrence or request (here.com's error `id`, HubSpot's `correlationId`,
  // a problem's `instance`): a fresh one names it, as the server that wrote it would have.
  // A length or pattern (ShipEngine's 36 characters of hex and dashes) is tried on one of its form.
  const unique = uniqueNames.has(k) ? uniqueForm(s, format, codeNames.has(k)) : undefined;
  if (unique !== undefined && (free || admitsText(s, uniqueSamples[unique])))
    return { fill: { kind: 'unique', form: unique }, message: false };
  if (format === undefined && free) {
    const named = namedFill(name, k, required);
    const maxLength = (s.constraints as { maxLength?: unknown }).maxLength;
    if (named !== undefined && named.fill.kind === 'failure' && typeof maxLength === 'number')
      return { ...named, fill: { ...named.fill, maxLength } };
    if (named !== undefined) return named;
    const advice = adviceNames.has(k) ? adviceByStatus[status] : undefined;
    if (advice !== undefined) return { fill: { kind: 'literal', value: advice }, message: false };
  }
  if (required && typeof s.default === 'string' && format === undefined)
    return admitsText(s, s.default) ? { fill: { kind: 'literal', value: s.default }, message: false } : undefined;
  return undefined;
}

/** How a fresh identifier is written for a text of `format` (a plain `id` is the catalogue code's, not a fresh one). */
function uniqueForm(s: TextNode, format: string | undefined, coded: boolean): 'uuid' | 'urn' | 'ulid' | undefined {
  if (format === 'uuid') return 'uuid';
  if (format === 'uri') return 'urn';
  if (s.format === 'ulid') return 'ulid';
  return format === undefined || format === 'uri-reference' || format === 'iri-reference'
    ? coded
      ? undefined
      : 'uuid'
    : undefined;
}

/** The fill of a plain text by its name alone. */
function namedFill(name: string, k: string, required: boolean): { fill: TextFill; message: boolean } | undefined {
  // `developer_message`, `api-error-msg`: a message by the end of its name too.
  if (messageNames.has(k) || k.endsWith('message') || k.endsWith('msg'))
    return { fill: { kind: 'failure', field: 'message' }, message: true };
  if (reasonNames.has(k)) return { fill: { kind: 'failure', field: 'error' }, message: true };
  if (codeNames.has(k)) return { fill: { kind: 'failure', field: 'code' }, message: false };
  if (statusNames.has(k)) return { fill: { kind: 'failure', field: 'statusText' }, message: false };
  if (placeNames.has(k)) return { fill: { kind: 'failure', field: 'place', optional: !required }, message: false };
  // When it happened, as plain text (BBC's `replied_at`): now, in RFC 3339.
  if (required && (timeNames.has(k) || /[a-z0-9](_at|At)$/.test(name)))
    return { fill: { kind: 'now' }, message: false };
  return undefined;
}
