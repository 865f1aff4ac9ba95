// Spoiled requests another operation of the document serves, or that no one operation owns. A body
// one operation's schema refuses may be a valid body of a sibling on the same method and path that
// the request also addresses (box's `PUT /files/{file_id}#add_shared_link`, whose body schema takes
// any other property and which requires no body, beside `PUT /files/{file_id}`); a path
// parameter's wrong text may make the path one of another template's (channel4's
// `/search/page-zz-invalid.atom` is `/search/{q}.atom` with q = `page-zz-invalid`). A server must
// serve those, so they are no invalid requests. And a wrong or missing value of the query flag
// that tells siblings apart (Azure Data Lake's `op`) makes a request of none of them: its refusal
// is the shape of any of them, not this one's alone.
import {
  mediaEssence,
  isJsonMediaType,
  RefereeUnable,
  type DocumentReferee,
  type OpenApiDocument,
} from './documentReferee.ts';
import type { DocumentOperation, DocumentParameter } from './documentOperations.ts';
import { requestPathKey } from './pathKey.ts';
import type { RequestParts } from './requests.ts';
import { siblingServing } from './siblingOperations.ts';
import { typesOf } from './spoilers.ts';

/** True when the referee accepts `value` at `pointer`; a schema it cannot read accepts nothing. */
function accepts(referee: DocumentReferee, pointer: string, value: unknown): boolean {
  try {
    return referee.check(pointer, 'request', value) === undefined;
  } catch (error) {
    if (error instanceof RefereeUnable) return false;
    throw error;
  }
}

/**
 * The siblings a request is also one of: it sends every query parameter and header each requires,
 * and its JSON body is one the sibling's schema (for the same media type) accepts, or it sends no
 * body where the sibling requires none. A server may serve such a request as any of them.
 */
export function siblingsAddressed(
  referee: DocumentReferee,
  siblings: readonly DocumentOperation[],
  request: RequestParts,
): DocumentOperation[] {
  const body = request.body;
  if (!body) return siblings.filter((s) => !s.body?.required && siblingServing([s], request) !== undefined);
  if (typeof body.payload !== 'string' || !isJsonMediaType(body.contentType ?? '')) return [];
  let value: unknown;
  try {
    value = JSON.parse(body.payload);
  } catch {
    return [];
  }
  const essence = mediaEssence(body.contentType!);
  return siblings.filter((s) => {
    if (siblingServing([s], request) === undefined) return false;
    const media = s.body?.media.find((m) => mediaEssence(m.mediaType) === essence);
    return media?.schemaPointer !== undefined && accepts(referee, media.schemaPointer, value);
  });
}

/** The values a server may read a path segment's text as, by the parameter's types. */
function segmentReadings(doc: OpenApiDocument, p: DocumentParameter, text: string): unknown[] {
  const types = p.schemaPointer === undefined ? [] : typesOf(doc, p.schemaPointer);
  const number = Number(text);
  const numeric = (types.includes('number') || types.includes('integer')) && text !== '' && Number.isFinite(number);
  return [...(types.length === 0 || types.includes('string') ? [text] : []), ...(numeric ? [number] : [])];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The path (no query) a request's parts are sent to, its parameters as sent. */
function sentPath(op: DocumentOperation, parts: RequestParts): string {
  const bare = requestPathKey(op.path).split('?')[0];
  return bare.replace(/\{([^}]+)\}/g, (_m, name: string) => parts.path[name] ?? `{${name}}`);
}

/** The texts of the template's parameters in `path` by name, where the path fits the template (each parameter any non-empty segment text). */
function templateTexts(other: DocumentOperation, path: string): Map<string, string> | undefined {
  const template = requestPathKey(other.path).split('?')[0];
  const names: string[] = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((piece) => {
      const name = /^\{([^}]+)\}$/.exec(piece)?.[1];
      if (name === undefined) return escapeRegExp(piece);
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  const match = new RegExp(`^${source}$`).exec(path);
  return match ? new Map(names.map((name, i) => [name, match[i + 1]])) : undefined;
}

/** Another operation on the same method whose path template the sent path fits, each segment taken by its parameter. */
function otherTemplateTaking(
  doc: OpenApiDocument,
  referee: DocumentReferee,
  op: DocumentOperation,
  others: readonly DocumentOperation[],
  spoiled: RequestParts,
): DocumentOperation | undefined {
  const path = sentPath(op, spoiled);
  return others.find((other) => {
    if (other.method !== op.method || other === op) return false;
    const texts = templateTexts(other, path);
    if (texts === undefined) return false;
    return [...texts].every(([name, sent]) => {
      const p = other.parameters.find((q) => q.in === 'path' && q.name === name);
      if (p?.schemaPointer === undefined) return true;
      let text: string;
      try {
        text = decodeURIComponent(sent);
      } catch {
        return false;
      }
      return segmentReadings(doc, p, text).some((v) => accepts(referee, p.schemaPointer!, v));
    });
  });
}

/**
 * The other operations whose refusal a request with a spoiled path parameter may get: those on
 * the same method whose path template the sent path fits as text (oxforddictionaries'
 * `/entries/zz-invalid/x/translations=es` is also `/entries/{source_lang}/{word_id}/{filters}`).
 * Their parameters refuse it as well, so it is a request of none of them, refused as any of them.
 */
export function templateSharers(
  op: DocumentOperation,
  others: readonly DocumentOperation[],
  valid: RequestParts,
  spoiled: RequestParts,
): DocumentOperation[] {
  if (!Object.keys(spoiled.path).some((name) => spoiled.path[name] !== valid.path[name])) return [];
  const path = sentPath(op, spoiled);
  return others.filter(
    (other) => other !== op && other.method === op.method && templateTexts(other, path) !== undefined,
  );
}

/**
 * The operation other than `op` that serves the spoiled request, if one does: a sibling the request
 * addresses whose body schema takes the spoiled body, or another path template the spoiled path
 * fits. `others` are the document's operations.
 */
export function servedElsewhere(
  doc: OpenApiDocument,
  referee: DocumentReferee,
  op: DocumentOperation,
  siblings: readonly DocumentOperation[],
  others: readonly DocumentOperation[],
  valid: RequestParts,
  spoiled: RequestParts,
): DocumentOperation | undefined {
  if (spoiled.body !== valid.body) {
    const sibling = siblingsAddressed(referee, siblings, spoiled)[0];
    if (sibling) return sibling;
  }
  const pathSpoiled = Object.keys(spoiled.path).some((name) => spoiled.path[name] !== valid.path[name]);
  return pathSpoiled ? otherTemplateTaking(doc, referee, op, others, spoiled) : undefined;
}

/** The words of the path keys' fragments (`#op=OPEN`: `op`, `OPEN`), lower-cased: where siblings name their flag. */
const fragmentWords = (ops: readonly DocumentOperation[]) =>
  new Set(
    ops.flatMap((o) =>
      o.path.includes('#')
        ? o.path
            .slice(o.path.indexOf('#') + 1)
            .toLowerCase()
            .split(/[^\w-]+/)
        : [],
    ),
  );

/**
 * The siblings whose refusal a spoiled request may get: where the spoiled query item or header
 * (its value changed, or left out) is the flag that tells the siblings apart (named in a path
 * key's fragment, `#op=OPEN`) and a sibling requires it too, the request is one of none of them,
 * and a server refuses it as any of them.
 */
export function flagSharers(
  op: DocumentOperation,
  siblings: readonly DocumentOperation[],
  valid: RequestParts,
  spoiled: RequestParts,
): DocumentOperation[] {
  const flags = fragmentWords([op, ...siblings]);
  const changed = (a: ReadonlyArray<readonly [string, string]>, b: ReadonlyArray<readonly [string, string]>) => {
    const names = new Set([...a, ...b].map(([k]) => k));
    return [...names].filter((k) => a.find(([n]) => n === k)?.[1] !== b.find(([n]) => n === k)?.[1]);
  };
  const query = changed(valid.query, spoiled.query);
  const headers = changed(valid.headers, spoiled.headers);
  if (query.length === 0 && headers.length === 0) return [];
  return siblings.filter((s) =>
    s.parameters.some(
      (p) =>
        p.required &&
        flags.has(p.name.toLowerCase()) &&
        ((p.in === 'query' && query.includes(encodeURIComponent(p.name))) ||
          (p.in === 'header' && headers.includes(p.name.toLowerCase()))),
    ),
  );
}
