// Stateful runs through OpenAPI `links`: where a response declares a link to another operation,
// the check sends a valid request to the first, and when the answer has the link's status, feeds
// the linked operation's parameters from it (`$response.body#/id`, `$response.header.Location`,
// `$request.path.id`, constants) and sends that request too. Both answers are judged as any
// valid request's: a server whose `GET /items/{id}` fails for the id its `POST /items` just gave
// is caught, where a generated id would never have met one the server holds.
import { follow, RefereeUnable, responseKey, type DocumentReferee, type OpenApiDocument } from './documentReferee.ts';
import type { DocumentOperation, DocumentParameter } from './documentOperations.ts';
import { at } from './documentPointers.ts';
import type { RequestParts } from './requests.ts';
import { typesOf } from './spoilers.ts';

/** One declared link: from an operation's response to another operation. */
export interface DocumentLink {
  readonly name: string;
  readonly from: DocumentOperation;
  /** The response key (`201`, `2XX`, `default`) the link belongs to. */
  readonly status: string;
  readonly to: DocumentOperation;
  /** Parameter name (maybe qualified, `path.id`) → a runtime expression or a constant. */
  readonly parameters: Readonly<Record<string, unknown>>;
}

/** An answer as the link's expressions read it. */
export interface LinkAnswer {
  readonly status: number;
  readonly text: string;
  readonly headers?: Headers;
}

/** Every link of the document whose target operation is among `operations` (by operationId or operationRef). */
export function documentLinks(doc: OpenApiDocument, operations: readonly DocumentOperation[]): DocumentLink[] {
  const out: DocumentLink[] = [];
  for (const from of operations) {
    for (const [status, pointer] of Object.entries(from.responses)) {
      const links = follow(doc, pointer).value?.links as Record<string, unknown> | undefined;
      if (links === null || typeof links !== 'object') continue;
      for (const [name, raw] of Object.entries(links)) {
        const link = follow(doc, `${pointer}/links/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`).value;
        if (!link) continue;
        const ref = typeof link.operationRef === 'string' ? link.operationRef.replace(/^#/, '') : undefined;
        const to = operations.find((op) =>
          typeof link.operationId === 'string' ? op.operationId === link.operationId : op.pointer === ref,
        );
        const parameters = (link.parameters ?? {}) as Record<string, unknown>;
        if (to && raw !== undefined) out.push({ name, from, status, to, parameters });
      }
    }
  }
  return out;
}

/** The value a runtime expression names in the source request and its answer; undefined where it names nothing. */
export function evaluate(expression: unknown, request: RequestParts, answer: LinkAnswer): unknown {
  if (typeof expression !== 'string' || !expression.startsWith('$')) return expression;
  if (expression === '$statusCode') return answer.status;
  const body = /^\$response\.body(#.*)?$/.exec(expression);
  if (body) {
    let value: unknown;
    try {
      value = JSON.parse(answer.text) as unknown;
    } catch {
      return undefined;
    }
    return body[1] === undefined || body[1] === '#' ? value : at(value, body[1].slice(1));
  }
  const header = /^\$response\.header\.(.+)$/.exec(expression);
  if (header) return answer.headers?.get(header[1]) ?? undefined;
  const asked = /^\$request\.(path|query|header)\.(.+)$/.exec(expression);
  if (asked) {
    const [, where, name] = asked;
    const decode = (s: string | undefined) => (s === undefined ? undefined : decodeURIComponent(s));
    if (where === 'path') return decode(request.path[name]);
    if (where === 'query') return decode(request.query.find(([k]) => decodeURIComponent(k) === name)?.[1]);
    return request.headers.find(([k]) => k === name.toLowerCase())?.[1];
  }
  return undefined;
}

/** A parameter's value as one text on the wire (objects as JSON, as OpenAPI leaves them no other form here). */
const asText = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

/**
 * True when the parameter's schema refuses `text` read as a server reads it (a number where the
 * schema is one and the text is numeric, a boolean so, else the text); a schema the referee
 * cannot read refuses nothing.
 */
export function refusedText(
  doc: OpenApiDocument,
  referee: DocumentReferee,
  p: DocumentParameter,
  text: string,
): boolean {
  if (p.schemaPointer === undefined || p.mediaType !== undefined) return false;
  const types = typesOf(doc, p.schemaPointer);
  const numeric = (types.includes('integer') || types.includes('number')) && text.trim() !== '';
  const value =
    numeric && Number.isFinite(Number(text))
      ? Number(text)
      : types.includes('boolean') && (text === 'true' || text === 'false')
        ? text === 'true'
        : text;
  try {
    return referee.check(p.schemaPointer, 'request', value) !== undefined;
  } catch (error) {
    if (error instanceof RefereeUnable) return false;
    throw error;
  }
}

/**
 * The target's valid request with the link's parameters put in; a list of what could not be
 * fed (an expression that names nothing in the answer) when any cannot, else of the values fed
 * that the target parameter's schema refuses (`refuses`), when any is: surevoip's link feeds
 * the `location` URL its answer holds into the integer `account`, which no answer can fit.
 */
export function linkedParts(
  link: DocumentLink,
  target: RequestParts,
  source: RequestParts,
  answer: LinkAnswer,
  refuses: (p: DocumentParameter, text: string) => boolean = () => false,
): RequestParts | { readonly missing: string[] } | { readonly unfit: string[] } {
  let parts = target;
  const missing: string[] = [];
  const unfit: string[] = [];
  for (const [qualified, expression] of Object.entries(link.parameters)) {
    const [where, name] = /^(path|query|header|cookie)\./.test(qualified)
      ? [qualified.split('.')[0], qualified.slice(qualified.indexOf('.') + 1)]
      : [undefined, qualified];
    const p = link.to.parameters.find((x) => x.name === name && (where === undefined || x.in === where));
    const value = evaluate(expression, source, answer);
    if (!p || value === undefined || value === null) {
      missing.push(`${qualified} = ${String(expression)}`);
      continue;
    }
    const text = asText(value);
    if (refuses(p, text)) unfit.push(`${qualified} = ${JSON.stringify(text).slice(0, 80)}`);
    if (p.in === 'path') parts = { ...parts, path: { ...parts.path, [p.name]: encodeURIComponent(text) } };
    else if (p.in === 'query') {
      const key = encodeURIComponent(p.name);
      parts = { ...parts, query: [...parts.query.filter(([k]) => k !== key), [key, encodeURIComponent(text)]] };
    } else if (p.in === 'header') {
      const key = p.name.toLowerCase();
      parts = { ...parts, headers: [...parts.headers.filter(([k]) => k !== key), [key, text]] };
    } else parts = { ...parts, cookies: [...parts.cookies.filter(([k]) => k !== p.name), [p.name, text]] };
  }
  return missing.length > 0 ? { missing } : unfit.length > 0 ? { unfit } : parts;
}

/** True when the answer has the status the link belongs to. */
export function linkApplies(link: DocumentLink, status: number): boolean {
  return responseKey(link.from.responses, status) === link.status;
}
