import type { Api, Operation, Response } from './Api.ts';
import { errorFillOf, resolve } from './errorFill.ts';
import { bodyKind } from './mediaTypes.ts';
import type { SchemaNode } from './Schema.ts';
import { coveredStatuses } from './statuses.ts';
import type { Diagnostics } from '../diagnostics/index.ts';

// The fill plan has its own file; the emitters that print mappers from it import it from here too.
export { errorFillOf, type ErrorFill, type FillResult } from './errorFill.ts';

/**
 * The statuses the runtime answers by itself for a request an operation matched (bad input,
 * credentials, size, media type): the runtime's `refusalStatuses` (runtime/src/errors/
 * refusalStatuses.ts), which the compiler cannot import; a test holds the two lists equal.
 */
export const runtimeStatuses: readonly number[] = [400, 401, 413, 415];

/** The declared error covering `status` (its code, else a range such as `4XX`, else `default`), if any. */
export function declaredErrorAt(op: Operation, status: number): Response | undefined {
  const keys = op.errors.map((e) => e.key);
  return op.errors.find((e) => coveredStatuses(e.key, keys, 'errors').includes(status));
}

/**
 * The JSON (or plain-text) shape of a declared error, with the media type tag when the status has
 * several shapes; `bytes` when the declared error is bytes, which take that shape as JSON text.
 */
export function declaredErrorBody(
  r: Response,
  api?: Api,
): { schema: SchemaNode; mediaType?: string; text?: boolean; xml?: boolean; bytes?: boolean } | undefined {
  if (!r.content) return undefined;
  // A vendor type over a JSON value (goa's `application/vnd.goa.error`) is JSON: the model kept
  // its schema (any other type that is no codec's is bytes by now).
  const isJson = (m: string, node: SchemaNode) => {
    const s = api === undefined ? node : resolve(api, node);
    return (
      bodyKind(
        m,
        s.kind === 'bytes' ? 'bytes' : s.kind === 'string' ? 'string' : s.kind === 'any' ? 'none' : 'json',
      ) === 'json'
    );
  };
  if (r.content.variants) {
    const v = r.content.variants.find((x) => x.mediaTypes.some((m) => isJson(m, x.schema)));
    return v && { schema: v.schema, mediaType: v.mediaTypes[0] };
  }
  const schema = r.content.schema;
  if (r.content.mediaTypes.some((m) => isJson(m, schema))) return { schema };
  // A media range (`*/*`, `application/*`) with a JSON-shaped schema is answered as JSON.
  const shaped = !['bytes', 'string', 'any'].includes(r.content.schema.kind);
  if (shaped && r.content.mediaTypes.some((m) => /^(\*\/\*|application\/\*)\s*(;|$)/.test(m.trim())))
    return { schema: r.content.schema };
  // A plain-text error takes the message as it is (its string schema may be a named one).
  const text = api === undefined ? r.content.schema : resolve(api, r.content.schema);
  // `text/xml` (SimpleDB's errors) is text to the model; the message goes in a minimal XML
  // document (`<Error><Code/><Message/></Error>`, S3's error form) rather than as bare text.
  if (r.content.mediaTypes.some((m) => bodyKind(m) === 'text') && text.kind === 'string') {
    const xml = r.content.mediaTypes.every((m) => /^text\/xml\s*(;|$)/i.test(m.trim()));
    return { schema: text, text: true, ...(xml ? { xml } : {}) };
  }
  // `application/octet-stream` holds any bytes: the runtime's own error as JSON text, in the type
  // the document declares. An image, a PDF or XML cannot hold it; the runtime's JSON goes instead.
  if (text.kind === 'bytes' && r.content.mediaTypes.some((m) => /^application\/octet-stream\s*(;|$)/i.test(m.trim())))
    return { schema: { kind: 'any' }, bytes: true };
  return undefined;
}

/** The statuses the runtime may answer by itself for `op`: 400 for any input, 401 with credentials, 413 and 415 with a body. */
export function runtimeStatusesOf(op: Operation): number[] {
  const out: number[] = [];
  if (op.parameters.length > 0 || op.body) out.push(400);
  if (op.auth.kind !== 'none' || op.security !== undefined) out.push(401);
  if (op.body) out.push(413, 415);
  return out;
}

/**
 * Why the runtime's own answer at `status` cannot take the operation's declared error shape, or
 * undefined when it can (or nothing is declared for it, or what is declared has no body).
 */
export function unmetDeclaredError(api: Api, op: Operation, status: number): string | undefined {
  const r = declaredErrorAt(op, status);
  if (!r) return undefined;
  // A required header has nothing to fill it, with or without a body (ably's bodiless `default`).
  if (r.headers.some((h) => h.required))
    return `${status}: a required header (${r.headers.find((h) => h.required)?.name})`;
  if (!r.content) return undefined;
  const body = declaredErrorBody(r, api);
  if (!body) return `${status}: a body in ${r.content.mediaTypes.join(' or ')}`;
  const result = errorFillOf(api, body.schema, status);
  return 'unmet' in result ? `${status}: ${result.unmet}` : undefined;
}

/**
 * Warns once per document when the runtime's own 4xx answers (bad input, credentials, size, media
 * type) cannot take some operations' declared error shapes: they then go out as the runtime's
 * `{error, message}`, which the document does not declare, unless the user's `mapError` fills them.
 */
export function reportUnmetDeclaredErrors(api: Api, diagnostics: Diagnostics): void {
  const unmet: Array<{ op: Operation; why: string[] }> = [];
  for (const op of api.operations) {
    const why = runtimeStatusesOf(op).flatMap((status) => unmetDeclaredError(api, op, status) ?? []);
    if (why.length > 0) unmet.push({ op, why });
  }
  if (unmet.length === 0) return;
  const shown = unmet.slice(0, 10).map(({ op, why }) => `${op.ident} (${why.join('; ')})`);
  const more = unmet.length > shown.length ? `, and ${unmet.length - shown.length} more` : '';
  diagnostics.warn(
    unmet[0].op.pointer + '/responses',
    `the runtime's own 4xx answers cannot take the declared error shape of ${unmet.length} operation${unmet.length === 1 ? '' : 's'}: ` +
      `${shown.join(', ')}${more}; they are sent as {"error", "message"} unless \`routes(handlers, { mapError })\` maps them`,
  );
}
