// The referee's verdict on one answer, as it crossed the wire (status, Content-Type, body text),
// against the operation's declared responses in the document: a valid request must get a declared
// 1xx–3xx answer in a declared media type with a body its schema accepts; an invalid one must get
// a 4xx, judged the same way where the document declares one for it (its code, range or default).
import {
  escapePointer,
  isJsonMediaType,
  mediaEssence,
  RefereeUnable,
  responseKey,
  at,
  type DocumentReferee,
  type OpenApiDocument,
} from './documentReferee.ts';
import type { DocumentOperation } from './documentOperations.ts';

/** What the judge finds: each a way an answer breaks the document, or a schema the referee cannot read. */
export type Category =
  | '5xx-on-valid'
  | 'valid-refused'
  | 'response-status'
  | 'content-type'
  | 'response-schema'
  | 'response-body-undeclared'
  | 'invalid-accepted'
  | 'credentials-unchecked'
  | '5xx-on-invalid'
  | 'error-content-type'
  | 'error-body-schema'
  | 'error-body-undeclared'
  | 'document-unjudgeable';

/** What went over the wire for one call. */
export interface Seen {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly text: string;
  /** What the server logged for an answer that failed (a 5xx's cause). */
  readonly serverError?: string;
  /** The answer's headers, where the caller judges them. */
  readonly headers?: Headers;
}

/** One way an answer breaks the document. */
export interface Finding {
  readonly category: Category;
  readonly message: string;
}

const snippet = (text: string, length = 200) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** The declared media type an answer's Content-Type falls under: the same essence, else a declared wildcard. */
function declaredFor(content: Record<string, unknown>, contentType: string): string | undefined {
  const essence = mediaEssence(contentType);
  const keys = Object.keys(content);
  // A bare `*` (telnyx' downloads) is no media range, but can only mean any type: read as `*/*`.
  const range = (k: string) => (mediaEssence(k) === '*' ? '*/*' : mediaEssence(k));
  return (
    keys.find((k) => mediaEssence(k) === essence) ??
    keys.find((k) => range(k).endsWith('/*') && (range(k) === '*/*' || essence.startsWith(range(k).slice(0, -1))))
  );
}

/** How the answer's body and Content-Type break the response declared at `pointer`. */
function judgeBody(
  doc: OpenApiDocument,
  referee: DocumentReferee,
  key: string,
  pointer: string,
  seen: Seen,
  kinds: { body: Category; contentType: Category; undeclared: Category },
  bodyless: boolean,
): Finding[] {
  if (bodyless) return [];
  const content = (at(doc, pointer) as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
  if (!content || Object.keys(content).length === 0) {
    return seen.text === ''
      ? []
      : [{ category: kinds.undeclared, message: `${key} declares no body, got ${snippet(seen.text, 120)}` }];
  }
  const declaredList = Object.keys(content).join(', ');
  if (seen.contentType === undefined)
    return [{ category: kinds.contentType, message: `${key}: no Content-Type, declared ${declaredList}` }];
  if (mediaEssence(seen.contentType).includes('*'))
    return [
      {
        category: kinds.contentType,
        message: `${key}: Content-Type ${seen.contentType} is no media type (declared ${declaredList})`,
      },
    ];
  const declared = declaredFor(content, seen.contentType);
  if (!declared)
    return [
      { category: kinds.contentType, message: `${key}: Content-Type ${seen.contentType} is none of ${declaredList}` },
    ];
  if (content[declared]?.schema === undefined || !(isJsonMediaType(declared) || isJsonMediaType(seen.contentType)))
    return [];
  let body: unknown;
  try {
    body = JSON.parse(seen.text);
  } catch {
    return [{ category: kinds.body, message: `${key} ${declared}: the body is not JSON: ${snippet(seen.text, 120)}` }];
  }
  try {
    const problem = referee.check(`${pointer}/content/${escapePointer(declared)}/schema`, 'response', body);
    return problem === undefined
      ? []
      : [{ category: kinds.body, message: `${key} ${declared}: ${problem} in ${snippet(seen.text)}` }];
  } catch (error) {
    if (error instanceof RefereeUnable) return [{ category: 'document-unjudgeable', message: error.message }];
    throw error;
  }
}

// RFC 9110: no content in a 1xx, 204 or 304, and a server MUST NOT send any in a 205 (Reset
// Content), whatever the document declares for it (figshare's and Gitea's `205` with JSON).
const bodylessStatus = (status: number) => status === 204 || status === 205 || status === 304 || status < 200;

/** Every way the answer to a document-valid request breaks the operation's declared responses. */
export function judgeValidAnswer(
  doc: OpenApiDocument,
  referee: DocumentReferee,
  op: DocumentOperation,
  seen: Seen,
): Finding[] {
  const cause = seen.serverError ? ` (server: ${snippet(seen.serverError, 160)})` : '';
  if (seen.status >= 500) return [{ category: '5xx-on-valid', message: `${snippet(seen.text, 160)}${cause}` }];
  if (seen.status >= 400) return [{ category: 'valid-refused', message: `${snippet(seen.text, 300)}${cause}` }];
  if (Object.keys(op.responses).length === 0) return [];
  const key = responseKey(op.responses, seen.status);
  // An operation that declares no success (only errors) makes no claim on how a success looks.
  if (key === undefined && !Object.keys(op.responses).some((k) => /^[123]/.test(k))) return [];
  if (key === undefined)
    return [
      {
        category: 'response-status',
        message: `status ${seen.status} is not declared (${Object.keys(op.responses).join(', ')})`,
      },
    ];
  return judgeBody(
    doc,
    referee,
    key,
    op.responses[key],
    seen,
    { body: 'response-schema', contentType: 'content-type', undeclared: 'response-body-undeclared' },
    op.method === 'head' || bodylessStatus(seen.status),
  );
}

/** Every way the answer to an invalid request breaks the document: it must be a 4xx, in the declared shape where there is one. */
export function judgeRefusal(
  doc: OpenApiDocument,
  referee: DocumentReferee,
  op: DocumentOperation,
  seen: Seen,
  withoutCredentials = false,
): Finding[] {
  if (seen.status < 400 && withoutCredentials)
    return [{ category: 'credentials-unchecked', message: `answered ${seen.status}: ${snippet(seen.text, 120)}` }];
  if (seen.status >= 500)
    return [
      {
        category: '5xx-on-invalid',
        message: `${snippet(seen.text, 160)}${seen.serverError ? ` (server: ${snippet(seen.serverError, 160)})` : ''}`,
      },
    ];
  if (seen.status < 400)
    return [{ category: 'invalid-accepted', message: `answered ${seen.status}: ${snippet(seen.text, 120)}` }];
  const key = responseKey(op.responses, seen.status);
  // Any status may occur in OpenAPI; an undeclared one makes no claim on its body.
  if (key === undefined) return [];
  return judgeBody(
    doc,
    referee,
    key,
    op.responses[key],
    seen,
    { body: 'error-body-schema', contentType: 'error-content-type', undeclared: 'error-body-undeclared' },
    op.method === 'head',
  );
}
