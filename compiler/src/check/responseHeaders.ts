// The response headers an answer must carry: those its declared response marks `required`
// (Content-Type aside, which OpenAPI says a header parameter never describes), each with a value
// its schema accepts, read as the header's `simple` style gives it (a number, a boolean, a text).
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

/** A header's text as the value its schema describes, for the simple types. */
function typed(schema: Record<string, unknown> | undefined, text: string): unknown {
  const type = Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type;
  if ((type === 'integer' || type === 'number') && text.trim() !== '' && Number.isFinite(Number(text)))
    return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
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
      const problem = referee.check(schemaPointer, 'response', typed(follow(doc, schemaPointer).value, text));
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
