// The generated requests of one operation, as one fast-check arbitrary: a value for every
// parameter (optional ones sometimes left out) and for the body in each declared media type, the
// media type the body travels in, and the `Accept` asked for. validParts writes them on the wire
// in the document's styles; the referee checks each value first, so a value the generator got
// wrong is skipped (never sent as if it were valid).
import fc from 'fast-check';
import { follow, mediaEssence, RefereeUnable, type DocumentReferee, type OpenApiDocument } from './documentReferee.ts';
import type { DocumentOperation } from './documentOperations.ts';
import { validParts, type RequestParts, type Sampled, type Unbuildable, type ValueSource } from './requests.ts';
import { schemaArbitrary } from './schemaArbitrary.ts';

/** One generated case: values by schema pointer, the body's media type (index), the Accept header. */
export interface CaseInput {
  readonly values: Readonly<Record<string, unknown>>;
  readonly media: number;
  readonly accept: string | undefined;
}

/** A `type/subtype` media type or range (RFC 9110 §8.3.1); `JSON` or `x-example-2` as a content key is none. */
const mediaTypeSyntax = /^[!#$%&'*+.^_`|~\w-]+\/[!#$%&'*+.^_`|~\w-]+\s*(;.*)?$/;

/** True when a response offering `offered` (essences) can answer in `mediaType`: the type itself or a range over it. */
const serves = (offered: readonly string[], mediaType: string) =>
  offered.some((o) => o === mediaType || o === '*/*' || (o.endsWith('/*') && mediaType.startsWith(o.slice(0, -1))));

/**
 * The media types the operation's declared successes answer in (the Accept values worth asking
 * for). `default` counts only where no 2xx or 3xx is declared: beside them it is the errors'
 * (Visma's `default` JSON beside a `200` of `text/plain` only), and asking for its type asks for
 * a representation no success has, which a server may answer with 406. The server picks the
 * status, so a type is asked for only when every success with a body serves it (superset's
 * thumbnail: a `200` of `image/*` beside a `202` of JSON, where JSON asks the 200 for what it
 * has not). A content key that is no media type (akeneo's `x-example-1`, Azure's `JSON`) names
 * no representation to ask for, and a multipart type frames parts the document gives no schema
 * of (bitbucket's snippet, its one JSON schema under `multipart/related` too): a server serves
 * it by framing of its own or not at all, so a 406 for it breaks nothing the document states.
 */
function successMediaTypes(doc: OpenApiDocument, op: DocumentOperation): string[] {
  const successes = Object.keys(op.responses).some((key) => /^[23]/.test(key));
  const offers: string[][] = [];
  for (const [key, pointer] of Object.entries(op.responses)) {
    if (!/^[23]/.test(key) && (key !== 'default' || successes)) continue;
    const content = follow(doc, pointer).value?.content as Record<string, unknown> | undefined;
    const offered = Object.keys(content ?? {}).filter((m) => mediaTypeSyntax.test(m));
    if (offered.length > 0) offers.push(offered);
  }
  const out = new Set<string>();
  for (const offered of offers)
    for (const m of offered) {
      const essence = mediaEssence(m);
      if (essence.includes('*') || essence.startsWith('multipart/')) continue;
      if (offers.every((o) => serves(o.map(mediaEssence), essence))) out.add(m);
    }
  return [...out];
}

const isEmpty = (v: unknown) =>
  Array.isArray(v) ? v.length === 0 : v !== null && typeof v === 'object' && Object.keys(v).length === 0;

/** A list whose text is empty in every style: one item, empty or null. */
const emptyTextList = (v: unknown) => Array.isArray(v) && v.length === 1 && (v[0] === '' || v[0] === null);

/** The arbitrary of an operation's generated requests. */
export function caseArbitrary(doc: OpenApiDocument, op: DocumentOperation): fc.Arbitrary<CaseInput> {
  const values: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const p of op.parameters) {
    if (p.schemaPointer === undefined || p.schemaPointer in values) continue;
    const arbitrary = schemaArbitrary(doc, p.schemaPointer, { view: 'request' });
    // An empty list or object of a required parameter writes nothing in most styles (no `ids=`
    // at all): the request would lack the parameter. Such a case makes no request; the others do.
    // A null has no text in any style (OpenAPI gives none): the parameter is left out instead.
    // A list of one empty text writes `ids=`, which OpenAPI's style table gives the empty list
    // too, so a server may read either: it is left out as well (amadeus' `hotelIds`, minItems 1).
    const unsent = (v: unknown) => v === null || (p.required && isEmpty(v)) || emptyTextList(v);
    values[p.schemaPointer] = arbitrary.map((v) => (unsent(v) ? undefined : v));
    if (p.required) requiredKeys.push(p.schemaPointer);
  }
  for (const m of op.body?.media ?? []) {
    if (m.schemaPointer === undefined || m.schemaPointer in values) continue;
    values[m.schemaPointer] = schemaArbitrary(doc, m.schemaPointer, { view: 'request' });
    requiredKeys.push(m.schemaPointer);
  }
  const accepts = successMediaTypes(doc, op);
  return fc.record({
    values: fc.record(values, { requiredKeys }),
    media: fc.nat({ max: Math.max(0, (op.body?.media.length ?? 1) - 1) }),
    // No Accept first (what most clients send), then each declared media type.
    accept:
      accepts.length === 0 ? fc.constant(undefined) : fc.oneof(fc.constant(undefined), fc.constantFrom(...accepts)),
  });
}

/** A value as XML: an element per property, the root named by the schema's `xml.name` or `root`. */
function toXml(value: unknown, name: string): string {
  const safe = name.replace(/[^A-Za-z0-9_.-]/g, '_') || 'item';
  if (Array.isArray(value)) return value.map((v) => toXml(v, safe)).join('');
  if (value !== null && typeof value === 'object')
    return `<${safe}>${Object.entries(value)
      .map(([k, v]) => toXml(v, k))
      .join('')}</${safe}>`;
  const text = String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;');
  return `<${safe}>${text}</${safe}>`;
}

/** The values of a case as a ValueSource: each checked by the referee, none invented. */
function caseSource(doc: OpenApiDocument, referee: DocumentReferee, input: CaseInput): ValueSource {
  const valid = (pointer: string): Sampled => {
    if (!(pointer in input.values) || input.values[pointer] === undefined)
      return { ok: false, owner: 'sampler', message: `no value for ${pointer}` };
    const value = input.values[pointer];
    try {
      const problem = referee.check(pointer, 'request', value);
      return problem === undefined
        ? { ok: true, value }
        : { ok: false, owner: 'sampler', message: `the generated value of ${pointer} breaks its schema: ${problem}` };
    } catch (error) {
      if (error instanceof RefereeUnable) return { ok: false, owner: 'document', message: error.message };
      throw error;
    }
  };
  return {
    valid,
    xml: (pointer) => {
      const v = valid(pointer);
      if (!v.ok) return undefined;
      const xmlName = (follow(doc, pointer).value?.xml as { name?: string } | undefined)?.name;
      return toXml(
        v.value,
        xmlName ??
          pointer
            .split('/')
            .at(-1)
            ?.replace(/^schema$/, 'root') ??
          'root',
      );
    },
  };
}

/** The request parts of a case, or why it makes no valid request. */
export function caseParts(
  doc: OpenApiDocument,
  referee: DocumentReferee,
  op: DocumentOperation,
  input: CaseInput,
): RequestParts | Unbuildable {
  const media = op.body?.media[Math.min(input.media, op.body.media.length - 1)];
  // A multipart body has at least one part (RFC 2046): an object without properties writes none.
  const value = media?.schemaPointer !== undefined ? input.values[media.schemaPointer] : undefined;
  if (media && mediaEssence(media.mediaType) === 'multipart/form-data' && isEmpty(value))
    return { owner: 'sampler', message: `a ${media.mediaType} body without fields has no part to send` };
  const form = media?.schemaPointer !== undefined ? writableForm(doc, media.mediaType, media.schemaPointer, value) : {};
  if (form.unwritable !== undefined) return { owner: 'sampler', message: form.unwritable };
  const values = form.value === undefined ? input.values : { ...input.values, [media!.schemaPointer!]: form.value };
  return validParts(doc, op, caseSource(doc, referee, { ...input, values }), input.accept, media);
}

const formMedia = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/**
 * A form body's value as a form can write it: a form has no text for null and writes no field for
 * an empty list, so such an optional field is left out, and a required one (nordigen's nullable
 * `redirect`, salesloft's `data` list) makes no request (`unwritable` says why). `value` is the
 * value to send where it differs from the generated one.
 */
function writableForm(
  doc: OpenApiDocument,
  mediaType: string,
  pointer: string,
  value: unknown,
): { value?: Record<string, unknown>; unwritable?: string } {
  if (!formMedia.has(mediaEssence(mediaType)) || value === null || typeof value !== 'object' || Array.isArray(value))
    return {};
  const required = follow(doc, pointer).value?.required;
  const unwritable = Object.keys(value).filter((k) => {
    const field = (value as Record<string, unknown>)[k];
    return field === null || (Array.isArray(field) && field.length === 0);
  });
  if (unwritable.length === 0) return {};
  const needed = unwritable.find((k) => Array.isArray(required) && required.includes(k));
  if (needed !== undefined)
    return { unwritable: `form field ${needed} is required, and a form writes no field for null or an empty list` };
  return { value: Object.fromEntries(Object.entries(value).filter(([k]) => !unwritable.includes(k))) };
}
