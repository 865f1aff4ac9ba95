// Invalid requests for one operation of a published document: its valid request with one part
// spoiled so that the document itself refuses it — a path or query parameter of the wrong type,
// a body its schema refuses (the referee confirms each), a required parameter or body left out,
// credentials left out. A server following the document must answer each with a 4xx.
import { RefereeUnable, isJsonMediaType, type DocumentReferee, type OpenApiDocument } from './documentReferee.ts';
import type { DocumentOperation, DocumentParameter } from './documentOperations.ts';
import { refusedBeyondOverlap } from './oneOfOverlap.ts';
import { writtenQueryNames } from './pathKey.ts';
import { credentials } from './credentials.ts';
import { chosenMedia, schemaAt, type RequestParts } from './requests.ts';
import { siblingServing } from './siblingOperations.ts';

/** A spoiled request and what was spoiled. */
export interface Spoiled {
  readonly parts: RequestParts;
  readonly how: string;
}

/** How a request without its credentials is described. */
export const credentialsLeftOut = 'credentials left out';

/**
 * Request headers curl sends of its own when a request has none (User-Agent, Accept): a request
 * that leaves a required one out (bunq's document requires User-Agent on every operation) is one
 * the printed curl cannot send again, so it is not made. The check itself sends no header it did
 * not choose (sendRequest.ts).
 */
const curlSetHeaders = new Set(['user-agent', 'accept']);

/** The text a wrong-typed parameter is sent as. */
export const wrongText = 'zz-invalid';

const primitiveTypes = new Set(['integer', 'number', 'boolean', 'string']);

/** The schema's types (3.1 lists, 3.0 single), through `$ref`s, `null` aside; empty when it names none. */
export function typesOf(doc: OpenApiDocument, pointer: string): string[] {
  const schema = schemaAt(doc, pointer);
  const type = schema?.type;
  return Array.isArray(type)
    ? type.filter((t): t is string => typeof t === 'string' && t !== 'null')
    : typeof type === 'string'
      ? [type]
      : [];
}

/** True when the document refuses `wrongText` as this parameter's value: a number or boolean, or a string its schema rules out. */
function refusesWrongText(doc: OpenApiDocument, referee: DocumentReferee, p: DocumentParameter): boolean {
  if (p.schemaPointer === undefined || p.mediaType !== undefined) return false;
  const types = typesOf(doc, p.schemaPointer);
  if (types.length === 0 || !types.every((t) => primitiveTypes.has(t))) return false;
  if (!types.includes('string')) return true;
  try {
    return referee.check(p.schemaPointer, 'request', wrongText) !== undefined;
  } catch (error) {
    if (error instanceof RefereeUnable) return false;
    throw error;
  }
}

/** A JSON value the schema at `pointer` refuses (confirmed by the referee, more than by a oneOf overlap), if one of a few tries is. */
function refusedJson(doc: OpenApiDocument, referee: DocumentReferee, pointer: string): unknown {
  for (const candidate of [{}, wrongText, [], 12345, true]) {
    try {
      if (refusedBeyondOverlap(doc, referee, pointer, candidate)) return candidate;
    } catch (error) {
      if (error instanceof RefereeUnable) return undefined;
      throw error;
    }
  }
  return undefined;
}

/**
 * True when the body at `pointer` is bytes (`type: string, format: binary`): noosh's profile image
 * under `application/json`, as under any media type, is the whole body as sent, so no bytes
 * (`{}`, broken JSON) break it.
 */
function bytesBody(doc: OpenApiDocument, pointer: string): boolean {
  const schema = schemaAt(doc, pointer);
  return schema?.type === 'string' && schema.format === 'binary';
}

const withoutQuery = (parts: RequestParts, name: string) => parts.query.filter(([k]) => k !== encodeURIComponent(name));

/**
 * Every way this operation's valid request can be spoiled, most telling first. `siblings` are the
 * operations called on the same method and path (siblingOperations.ts): a required query parameter
 * or header is not left out where that makes the request one of a sibling's.
 */
export function invalidRequests(
  doc: OpenApiDocument,
  referee: DocumentReferee,
  op: DocumentOperation,
  valid: RequestParts,
  siblings: readonly DocumentOperation[] = [],
): Spoiled[] {
  const out: Spoiled[] = [];
  for (const p of op.parameters) {
    if (p.in === 'path' && refusesWrongText(doc, referee, p))
      out.push({
        parts: { ...valid, path: { ...valid.path, [p.name]: wrongText } },
        how: `path parameter ${p.name} = ${wrongText}`,
      });
  }
  for (const p of op.parameters) {
    if (p.in === 'query' && refusesWrongText(doc, referee, p))
      out.push({
        parts: { ...valid, query: [...withoutQuery(valid, p.name), [encodeURIComponent(p.name), wrongText]] },
        how: `query parameter ${p.name} = ${wrongText}`,
      });
  }
  const media = op.body && op.method !== 'get' && op.method !== 'head' ? chosenMedia(op.body.media) : undefined;
  const json =
    media !== undefined &&
    isJsonMediaType(media.mediaType) &&
    (media.schemaPointer === undefined || !bytesBody(doc, media.schemaPointer));
  if (media && json && media.schemaPointer !== undefined) {
    const refused = refusedJson(doc, referee, media.schemaPointer);
    if (refused !== undefined)
      out.push({
        parts: { ...valid, body: { contentType: media.mediaType, payload: JSON.stringify(refused) } },
        how: `body ${JSON.stringify(refused)}`,
      });
  }
  const written = writtenQueryNames(op);
  for (const p of op.parameters) {
    if (
      p.in === 'query' &&
      p.required &&
      !written.has(encodeURIComponent(p.name)) &&
      valid.query.some(([k]) => k === encodeURIComponent(p.name)) &&
      siblingServing(siblings, { query: withoutQuery(valid, p.name), headers: valid.headers }) === undefined
    )
      out.push({
        parts: { ...valid, query: withoutQuery(valid, p.name) },
        how: `required query parameter ${p.name} left out`,
      });
    const headers = valid.headers.filter(([k]) => k !== p.name.toLowerCase());
    if (
      p.in === 'header' &&
      p.required &&
      !curlSetHeaders.has(p.name.toLowerCase()) &&
      headers.length < valid.headers.length &&
      siblingServing(siblings, { query: valid.query, headers }) === undefined
    )
      out.push({ parts: { ...valid, headers }, how: `required header ${p.name} left out` });
  }
  if (media && json)
    out.push({
      parts: { ...valid, body: { contentType: media.mediaType, payload: '{"unterminated' } },
      how: 'body not JSON',
    });
  if (media && op.body?.required) {
    const { body: _body, ...rest } = valid;
    out.push({ parts: rest, how: 'required body left out' });
  }
  const creds = credentials(doc, op);
  if (creds.required) {
    // By name: a credential's header the document also declares as a parameter (VTEX's
    // X-VTEX-API-AppKey) holds the parameter's value, and is still the credential.
    const sent = (list: ReadonlyArray<readonly [string, string]>, mine: ReadonlyArray<readonly [string, string]>) =>
      list.filter(([k]) => !mine.some(([mk]) => mk.toLowerCase() === k.toLowerCase()));
    out.push({
      parts: {
        ...valid,
        headers: sent(valid.headers, creds.parts.headers),
        query: sent(valid.query, creds.parts.query),
        cookies: sent(valid.cookies, creds.parts.cookies),
      },
      how: credentialsLeftOut,
    });
  }
  return out;
}
