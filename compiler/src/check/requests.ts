// Requests for one operation of a published document, written on the wire as the document says
// (OpenAPI's parameter styles, the request body's media type, the security scheme's credentials),
// from values sampled from the document's own schemas and checked by the referee: a valid request
// a server following the document must serve, and invalid ones it must refuse with a 4xx.
import { exactJson } from './exactJson.ts';
import { refPointer } from '../diagnostics/index.ts';
import { at, escapePointer, follow, isJsonMediaType, mediaEssence, type OpenApiDocument } from './documentReferee.ts';
import type { DocumentMedia, DocumentOperation, DocumentParameter } from './documentOperations.ts';
import { requestPathKey, writtenQueryNames } from './pathKey.ts';
import { messagePackEncoder, messagePackTypes } from './messagePackBodies.ts';
import { credentials } from './credentials.ts';

/** A value of a schema for a request, or why there is none and whose fault that is. */
export type Sampled =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly owner: 'sampler' | 'document'; readonly message: string };

/** Where a request's values come from: a sampler of the document's schemas, or values a property-based run generated. */
export interface ValueSource {
  /** A value of the schema at `pointer` that the document accepts in `view`. */
  valid(pointer: string, view: 'request' | 'response'): Sampled;
  /** An XML text of the schema at `pointer`, if the source can write one. */
  xml(pointer: string, view: 'request' | 'response'): string | undefined;
}

/** A value shortened for a message. */
export function preview(value: unknown, length = 160): string {
  let text: string;
  try {
    text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/** A request as parts, so an invalid one is the valid one with one part spoiled. */
export interface RequestParts {
  /** Path parameter → its text, already percent-encoded. */
  readonly path: Readonly<Record<string, string>>;
  /** Query pairs, already percent-encoded. */
  readonly query: ReadonlyArray<readonly [string, string]>;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly cookies: ReadonlyArray<readonly [string, string]>;
  readonly body?: { readonly contentType?: string; readonly payload: string | Uint8Array | FormData };
  /** The media type the response is asked for (`Accept`). */
  readonly accept?: string;
}

/** Why no valid request could be made, and whose fault that is. */
export interface Unbuildable {
  readonly owner: 'sampler' | 'document';
  readonly message: string;
}

const q = encodeURIComponent;
const isPrimitive = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const text = (v: unknown) => (v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
/** Header names OpenAPI says are ignored as parameters, or that fetch and HTTP own. */
const unsendableHeaders = new Set([
  'accept',
  'content-type',
  'authorization',
  'content-length',
  'host',
  'connection',
  'transfer-encoding',
  'expect',
  'te',
  'upgrade',
  'keep-alive',
  'cookie',
]);
/** A header value that crosses the wire unchanged: visible ASCII, inner spaces only. */
const headerSafe = (s: string) => /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(s) || s === '';

/** A parameter's value as OpenAPI's style writes it: one text (`simple`, or form unexploded) or pairs (exploded form, deepObject). */
function serialise(
  p: DocumentParameter,
  value: unknown,
): { pairs: Array<[string, string]> } | { text: string } | undefined {
  if (p.mediaType !== undefined) return { text: isJsonMediaType(p.mediaType) ? JSON.stringify(value) : text(value) };
  const encode = p.in === 'query' ? q : (s: string) => s;
  const key = encode(p.name);
  if (isPrimitive(value))
    return p.in === 'query' ? { pairs: [[key, encode(text(value))]] } : { text: encode(text(value)) };
  if (Array.isArray(value)) {
    if (!value.every(isPrimitive)) return undefined;
    const items = value.map((v) => encode(text(v)));
    if (p.in === 'query' && p.style === 'form' && p.explode) return { pairs: items.map((i) => [key, i]) };
    const joiner = p.style === 'spaceDelimited' ? '%20' : p.style === 'pipeDelimited' ? '|' : ',';
    return p.in === 'query' ? { pairs: [[key, items.join(joiner)]] } : { text: items.join(',') };
  }
  // A member without a value is left out of every style's expansion (RFC 6570): `name,` would be the empty text.
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined);
  if (!entries.every(([, v]) => isPrimitive(v))) return undefined;
  if (p.in === 'query' && p.style === 'deepObject')
    return { pairs: entries.map(([k, v]) => [`${key}[${q(k)}]`, q(text(v))]) };
  if (p.in === 'query' && p.explode) return { pairs: entries.map(([k, v]) => [q(k), q(text(v))]) };
  const flat = entries.flatMap(([k, v]) => [encode(k), encode(text(v))]);
  if (p.explode) return { text: entries.map(([k, v]) => `${encode(k)}=${encode(text(v))}`).join(',') };
  return p.in === 'query' ? { pairs: [[key, flat.join(',')]] } : { text: flat.join(',') };
}

/** The media type of the body a client following the document sends: JSON where offered, else the first. */
export function chosenMedia(media: readonly DocumentMedia[]): DocumentMedia {
  return media.find((m) => isJsonMediaType(m.mediaType)) ?? media[0];
}

/** The schema of a property of the object schema at `pointer`, through `$ref`s and allOf members. */
function propertySchema(
  doc: OpenApiDocument,
  pointer: string,
  name: string,
  depth = 0,
): Record<string, unknown> | undefined {
  const { value, pointer: own } = follow(doc, pointer);
  if (!value || depth > 8) return undefined;
  const properties = value.properties as Record<string, unknown> | undefined;
  if (properties?.[name] !== undefined) return follow(doc, `${own}/properties/${escapePointer(name)}`).value;
  const members = Array.isArray(value.allOf) ? value.allOf : [];
  for (let i = 0; i < members.length; i++) {
    const found = propertySchema(doc, `${own}/allOf/${i}`, name, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** An inline schema, or the one its local `$ref` names. */
function resolved(doc: OpenApiDocument, schema: unknown): Record<string, unknown> | undefined {
  const s = schema as Record<string, unknown> | undefined;
  const target = typeof s?.$ref === 'string' ? refPointer(s.$ref) : undefined;
  return target !== undefined ? follow(doc, target).value : s;
}

const isBinary = (s: Record<string, unknown> | undefined) =>
  s?.type === 'string' && (s.format === 'binary' || s.format === 'byte');

/** A body payload of `media` carrying `value`, as OpenAPI's encoding rules write it. */
function payload(doc: OpenApiDocument, media: DocumentMedia, value: unknown): RequestParts['body'] | Unbuildable {
  const essence = mediaEssence(media.mediaType);
  const concrete = !media.mediaType.includes('*');
  // Under a range, a string travels as text or bytes only where the schema is one: a string that
  // one member of a JSON value's union sampled (apideck's proxy, `anyOf: [object, string]`) is
  // sent as JSON, as clients (kitgen's among them) send such a body.
  const stringSchema = () =>
    media.schemaPointer !== undefined && resolved(doc, follow(doc, media.schemaPointer).value)?.type === 'string';
  if (
    isJsonMediaType(media.mediaType) ||
    ((essence === '*/*' || essence === 'application/*') && !(typeof value === 'string' && stringSchema()))
  ) {
    return { contentType: concrete ? media.mediaType : 'application/json', payload: exactJson(value) };
  }
  if (essence === 'application/x-www-form-urlencoded' || essence === 'multipart/form-data') {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return { owner: 'sampler', message: `a ${essence} body needs an object, sampled ${preview(value)}` };
    const form = essence === 'multipart/form-data' ? new FormData() : undefined;
    const pairs: string[] = [];
    for (const [k, v] of Object.entries(value)) {
      const encoding = media.encoding[k] ?? {};
      const schema = media.schemaPointer ? propertySchema(doc, media.schemaPointer, k) : undefined;
      if (form) {
        const items = Array.isArray(v) && !(encoding.contentType && isJsonMediaType(encoding.contentType)) ? v : [v];
        const itemSchema = Array.isArray(v) ? resolved(doc, schema?.items) : schema;
        for (const item of items) {
          if (
            isBinary(itemSchema) ||
            (encoding.contentType !== undefined &&
              !isJsonMediaType(encoding.contentType) &&
              !encoding.contentType.startsWith('text/'))
          ) {
            form.append(
              k,
              new Blob([text(item)], {
                type: encoding.contentType?.split(',')[0].trim() ?? 'application/octet-stream',
              }),
              `${k}.bin`,
            );
          } else if (
            !isPrimitive(item) ||
            (encoding.contentType !== undefined && isJsonMediaType(encoding.contentType))
          ) {
            form.append(k, new Blob([JSON.stringify(item)], { type: 'application/json' }));
          } else form.append(k, text(item));
        }
        continue;
      }
      if (isPrimitive(v)) pairs.push(`${q(k)}=${q(text(v))}`);
      else if (Array.isArray(v) && v.every(isPrimitive)) {
        if (encoding.explode === false) pairs.push(`${q(k)}=${v.map((i) => q(text(i))).join(',')}`);
        else for (const i of v) pairs.push(`${q(k)}=${q(text(i))}`);
      } else if (
        encoding.style === 'deepObject' &&
        !Array.isArray(v) &&
        Object.values(v as object).every(isPrimitive)
      ) {
        for (const [kk, vv] of Object.entries(v as object)) pairs.push(`${q(k)}[${q(kk)}]=${q(text(vv))}`);
      } else if (encoding.contentType !== undefined && isJsonMediaType(encoding.contentType))
        pairs.push(`${q(k)}=${q(JSON.stringify(v))}`);
      else
        return {
          owner: 'document',
          message: `form field ${k} holds ${preview(v, 60)}, and the document does not say how such a value travels in a form`,
        };
    }
    return form ? { payload: form } : { contentType: media.mediaType, payload: pairs.join('&') };
  }
  if (essence.startsWith('text/'))
    return { contentType: concrete ? media.mediaType : 'text/plain', payload: text(value) };
  if (messagePackTypes.has(essence)) {
    const encode = messagePackEncoder();
    if (encode === undefined)
      return { owner: 'sampler', message: `a ${essence} body needs @msgpack/msgpack, which is not installed` };
    return { contentType: media.mediaType, payload: encode(value) };
  }
  return {
    contentType: concrete ? media.mediaType : 'application/octet-stream',
    payload: new TextEncoder().encode(text(value)),
  };
}

/** The document-valid request of an operation: every required parameter, the optional ones that serialise plainly, a body (in `bodyMedia`, else the one a client would choose), credentials. */
export function validParts(
  doc: OpenApiDocument,
  op: DocumentOperation,
  samples: ValueSource,
  accept: string | undefined,
  bodyMedia?: DocumentMedia,
): RequestParts | Unbuildable {
  const path: Record<string, string> = {};
  const query: Array<[string, string]> = [];
  const headers: Array<[string, string]> = [];
  const cookies: Array<[string, string]> = [];
  const pinned = writtenQueryNames(op);
  for (const p of op.parameters) {
    // The path key sends it as written (render keeps it): a generated value would address another operation.
    if (p.in === 'query' && pinned.has(encodeURIComponent(p.name))) continue;
    if (p.in === 'header' && unsendableHeaders.has(p.name.toLowerCase())) {
      if (p.required && !['accept', 'content-type', 'authorization'].includes(p.name.toLowerCase()))
        return { owner: 'document', message: `required header parameter ${p.name} is one HTTP itself sets` };
      continue;
    }
    if (p.schemaPointer === undefined) {
      if (p.required) return { owner: 'document', message: `parameter ${p.in} ${p.name} has no schema` };
      continue;
    }
    const sampled = samples.valid(p.schemaPointer, 'request');
    if (!sampled.ok) {
      if (p.required) return sampled;
      continue;
    }
    const written = serialise(p, sampled.value);
    const unusable = (why: string): Unbuildable | undefined =>
      p.required ? { owner: 'sampler', message: `${p.in} parameter ${p.name}: ${why}` } : undefined;
    if (!written) {
      const u = unusable(`OpenAPI's style ${p.style} has no text for ${preview(sampled.value, 60)}`);
      if (u) return u;
      continue;
    }
    if ('pairs' in written) {
      if (p.in === 'query') query.push(...written.pairs);
      continue;
    }
    if (p.in === 'path') {
      // Empty text or `/`, `\`, `.`, `..` in a segment: kitgen's canonical paths refuse those by design.
      if (written.text === '' || /%2F|%5C/i.test(q(written.text)) || ['.', '..'].includes(written.text))
        return unusable(`the sampled ${preview(written.text, 40)} cannot be one path segment`)!;
      path[p.name] = written.text.split(',').map(q).join(',');
    } else if (p.in === 'header') {
      if (!headerSafe(written.text)) {
        const u = unusable(`the sampled ${preview(written.text, 40)} is no header text`);
        if (u) return u;
        continue;
      }
      headers.push([p.name.toLowerCase(), written.text]);
    } else if (p.in === 'cookie') cookies.push([p.name, q(written.text)]);
    else query.push([q(p.name), q(written.text)]);
  }
  const creds = credentials(doc, op).parts;
  // A header named with spaces (rapidapi's apiKey "ADVICEment API Key") cannot be sent at all.
  const unnamed = [...headers, ...creds.headers].find(([h]) => !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(h));
  if (unnamed) return { owner: 'document', message: `"${unnamed[0]}" is no HTTP header name` };
  let body: RequestParts['body'];
  if (op.body && (op.method === 'get' || op.method === 'head')) {
    if (op.body.required)
      return {
        owner: 'document',
        message: `a required body on ${op.method.toUpperCase()}, which HTTP gives no meaning (fetch cannot send it)`,
      };
  } else if (op.body) {
    const media = bodyMedia ?? chosenMedia(op.body.media);
    let value: unknown = {};
    if (media.schemaPointer !== undefined && /xml/.test(mediaEssence(media.mediaType))) {
      const xml = samples.xml(media.schemaPointer, 'request');
      if (xml === undefined) return { owner: 'sampler', message: `no XML sample of ${media.schemaPointer}` };
      body = { contentType: media.mediaType.includes('*') ? 'application/xml' : media.mediaType, payload: xml };
    } else {
      if (media.schemaPointer !== undefined) {
        const sampled = samples.valid(media.schemaPointer, 'request');
        if (!sampled.ok) return sampled;
        value = sampled.value;
      }
      const written = payload(doc, media, value);
      if (written && 'owner' in written) return written;
      body = written;
    }
  }
  // A credential the document also declares as a parameter (currencytick's query `apikey`) is sent
  // once, with the credential's value: sent twice, a server reads the first, the sampled one.
  const besides = (list: ReadonlyArray<readonly [string, string]>, mine: ReadonlyArray<readonly [string, string]>) =>
    list.filter(([k]) => !mine.some(([m]) => m.toLowerCase() === k.toLowerCase()));
  return {
    path,
    query: [...besides(query, creds.query), ...creds.query],
    headers: [...besides(headers, creds.headers), ...creds.headers],
    cookies: [...besides(cookies, creds.cookies), ...creds.cookies],
    ...(body ? { body } : {}),
    ...(accept !== undefined ? { accept } : {}),
  };
}

/** The URL and fetch options of a request's parts. */
export function render(
  baseUrl: string,
  op: DocumentOperation,
  parts: RequestParts,
): { url: string; init: RequestInit } {
  // A fragment (AWS's `#X-Amz-Target=…`) is never sent: the query goes after the path itself.
  const bare = requestPathKey(op.path);
  const mark = bare.indexOf('?');
  const fill = (text: string) => text.replace(/\{([^}]+)\}/g, (_m, name: string) => parts.path[name] ?? `{${name}}`);
  // A query string written into the path key (`/alerts?lat={lat}`, `/rest?method=…`) is sent as
  // written, less the items a query parameter of the request sends itself and the templates it
  // has no value for (a spoiler left the parameter out).
  const written = (mark < 0 ? [] : bare.slice(mark + 1).split('&')).filter((item) => {
    const key = item.split('=')[0];
    if (/[{}]/.test(key)) return true;
    if (parts.query.some(([k]) => k === key)) return false;
    const template = /^[^=]*=\{([^}]+)\}$/.exec(item);
    return template === null || parts.path[template[1]] !== undefined;
  });
  const path = fill(mark < 0 ? bare : bare.slice(0, mark));
  const search = [...written.map(fill), ...parts.query.map(([k, v]) => `${k}=${v}`)].join('&');
  const headers = new Headers();
  for (const [k, v] of parts.headers) headers.append(k, v);
  if (parts.cookies.length > 0) headers.set('cookie', parts.cookies.map(([k, v]) => `${k}=${v}`).join('; '));
  if (parts.accept !== undefined) headers.set('accept', parts.accept);
  if (parts.body?.contentType !== undefined) headers.set('content-type', parts.body.contentType);
  const bodyless = op.method === 'get' || op.method === 'head';
  return {
    url: `${baseUrl}${path}${search === '' ? '' : `?${search}`}`,
    init: {
      method: op.method.toUpperCase(),
      headers,
      ...(parts.body && !bodyless ? { body: parts.body.payload as RequestInit['body'] } : {}),
    },
  };
}

/** The schema at a pointer, through `$ref`s. */
export const schemaAt = (doc: OpenApiDocument, pointer: string) =>
  follow(doc, pointer).value ?? (at(doc, pointer) as Record<string, unknown> | undefined);
