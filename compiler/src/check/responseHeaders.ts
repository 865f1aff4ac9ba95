// The response headers an answer must carry: those its declared response marks `required`
// (Content-Type aside, which OpenAPI says a header parameter never describes), each with a value
// its schema accepts, read as the header's `simple` style gives it (a number, a boolean, a text,
// an array or object of them).
import {
  escapePointer,
  follow,
  RefereeUnable,
  responseKey,
  type DocumentReferee,
  type OpenApiDocument,
} from './documentReferee.ts';
import type { DocumentOperation } from './documentOperations.ts';

/** One way an answer's headers break its declared response. */
export interface HeaderFinding {
  readonly category: 'response-header-missing' | 'response-header-schema';
  readonly message: string;
}

/** A schema's one type, `null` aside. */
const typeOf = (schema: Record<string, unknown> | undefined): unknown =>
  Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type;

/** A text as the value of a simple type its schema describes. */
function scalar(schema: Record<string, unknown> | undefined, text: string): unknown {
  const type = typeOf(schema);
  if ((type === 'integer' || type === 'number') && text.trim() !== '' && Number.isFinite(Number(text)))
    return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/**
 * A header's text as the value its schema at `pointer` describes, as the `simple` style writes
 * it: an array is its items joined by commas (beezup's Cache-Control, an array of strings, is
 * `no-cache` for `["no-cache"]`; HTTP lets a list put spaces after its commas), an object its
 * keys and values so (`k,v` unexploded, `k=v` exploded).
 */
function typed(doc: OpenApiDocument, pointer: string, explode: boolean, text: string): unknown {
  const { value: schema, pointer: own } = follow(doc, pointer);
  const type = typeOf(schema);
  const items = text === '' ? [] : text.split(',').map((item) => item.trim());
  if (type === 'array') return items.map((item) => scalar(follow(doc, `${own}/items`).value, item));
  if (type === 'object') {
    const pairs = explode
      ? items.map((item) => {
          const eq = item.indexOf('=');
          return eq < 0 ? [item, ''] : [item.slice(0, eq), item.slice(eq + 1)];
        })
      : items.flatMap((item, i) => (i % 2 === 0 ? [[item, items[i + 1] ?? '']] : []));
    return Object.fromEntries(
      pairs.map(([k, v]) => [k, scalar(follow(doc, `${own}/properties/${escapePointer(k)}`).value, v)]),
    );
  }
  return scalar(schema, text);
}

/** How the answer's headers break the response the operation declares for its status. */
export function judgeHeaders(
  doc: OpenApiDocument,
  referee: DocumentReferee,
  op: DocumentOperation,
  status: number,
  headers: Headers,
): HeaderFinding[] {
  const key = responseKey(op.responses, status);
  if (key === undefined) return [];
  const declared = follow(doc, op.responses[key]).value?.headers as Record<string, unknown> | undefined;
  const out: HeaderFinding[] = [];
  for (const name of Object.keys(declared ?? {})) {
    if (name.toLowerCase() === 'content-type') continue;
    const { value: header, pointer } = follow(doc, `${op.responses[key]}/headers/${escapePointer(name)}`);
    if (!header) continue;
    const text = headers.get(name);
    if (text === null) {
      if (header.required === true)
        out.push({ category: 'response-header-missing', message: `${key}: required header ${name} is missing` });
      continue;
    }
    if (header.schema === undefined) continue;
    const schemaPointer = `${pointer}/schema`;
    try {
      const value = typed(doc, schemaPointer, header.explode === true, text);
      const problem = referee.check(schemaPointer, 'response', value);
      if (problem !== undefined)
        out.push({
          category: 'response-header-schema',
          message: `${key}: header ${name}: ${JSON.stringify(text)}: ${problem}`,
        });
    } catch (error) {
      if (!(error instanceof RefereeUnable)) throw error;
    }
  }
  return out;
}
