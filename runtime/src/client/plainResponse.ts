// The response side of a generated per-operation function (operation.ts): bodies whose JSON is
// the value itself (no renamed fields, dates, 64-bit integers, bytes or unions), so decoding is
// parsing, the nesting and prototype-key guards of the JSON codec, and the schema's check. The
// steps and their messages are the executor's (decodeResponse.ts and JsonCodec.ts), without the
// codec plans that a body of this kind does not need.
import {
  inspectJson,
  mayHoldPrototypeKeys,
  mayNestDeeperThan,
  nestsDeeperThan,
  problemError,
} from '../codec/json/jsonInspection.ts';
import type { Failure } from '../schema/firstFailure.ts';
import type { CompiledSchema } from '../schema/typeboxEngine.ts';
import type { EngineCheck } from './schemaCheck.ts';
import { statusCovered } from '../http/StatusRange.ts';

/**
 * A JSON body's check in a generated operation: compiled to code (a function giving the first
 * failure, the validator engine's, or undefined), or the engine's check of the schema (schemaCheck.ts).
 */
export type BodyCheck = ((value: unknown) => Failure | undefined) | EngineCheck;

/**
 * One declared response of an operation: its status code, or its key (`4XX`, `default`) when it
 * covers several; how its value is made (0: the output
 * is the body itself, the one plain output of its endpoint; 1: an error, 2: an output, as
 * `{ status, body }`, the values Responses.of gives); and its JSON body's check (none: no body).
 */
export type PlainResponse = readonly [status: number | string, kind: 0 | 1 | 2, check?: BodyCheck];

/** Why no declared response fits (the executor's `ResponseMismatch`). */
export class PlainMismatch extends Error {
  constructor(
    readonly kind: 'status' | 'decode',
    message: string,
    readonly bytes: Uint8Array | undefined,
  ) {
    super(message);
  }
}

/** Reads a whole body (an `arrayBuffer()`: Safari's streams are not async-iterable). */
const readBytes = async (response: globalThis.Response): Promise<Uint8Array> =>
  new Uint8Array(await response.arrayBuffer());

// A compiled check gives the failure itself; the verdict is whether there is one.
const checkerOf = (check: BodyCheck): CompiledSchema =>
  typeof check === 'function' ? { check: (value) => check(value) === undefined, explain: check } : check;

const utf8 = new TextDecoder('utf-8', { fatal: true });
// Past this depth a refusal says the value does not match without the place (JsonCodec.ts's limit).
const EXPLAINED_DEPTH = 32;

/**
 * The JSON body as its check allows it, or why not in the words of the executor's JSON codec
 * (`body: …`; only the message reaches the ClientError, so no DecodeError is built here).
 */
function decodeJson(bytes: Uint8Array, schema: BodyCheck, maxDepth: number): { value: unknown } | string {
  const what = 'body';
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return `${what}: not valid UTF-8`;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return `${what}: invalid JSON (${(error as Error).message})`;
  }
  // The nesting limit judged on the parsed value, not on the text before parsing as the JSON codec
  // does (to refuse a deep request before building it): JavaScript engines parse JSON of any
  // depth without recursion, and the text scanner would be a page's largest guard.
  const problem =
    (mayNestDeeperThan(text, maxDepth) ? inspectJson(json, maxDepth, false) : undefined) ??
    (mayHoldPrototypeKeys(text) ? inspectJson(json, Infinity, true) : undefined);
  if (problem) return problemError(problem, maxDepth, what).message;
  // The engine's check refuses a value too deep for the stack itself (schemaCheck.ts).
  const checker = checkerOf(schema);
  if (checker.check(json)) return { value: json };
  if (nestsDeeperThan(json, EXPLAINED_DEPTH))
    return `${what}: does not match the schema (nested too deeply to say where)`;
  // The first failure as validator.ts words it: `<what> at <pointer>: <message>`.
  const first = checker.explain(json);
  if (!first) return `${what}: does not match the schema`;
  const at = first.instancePath;
  return `${at ? `${what} at ${at}` : what}: ${first.message}`;
}

// A media type's essence: `type/subtype` before any parameter, when the header is well formed.
const essence = /^\s*([!#$%&'*+.^_`|~\w-]+\/[!#$%&'*+.^_`|~\w-]+)\s*(?:;|$)/;

/**
 * Decodes a response against the declared ones: the status picks the response (undeclared: a
 * `status` mismatch listing the declared ones); a JSON body must come as `application/json` (or
 * without a Content-Type) and check against its schema. For a HEAD request the body stays undefined.
 */
export async function decodePlain(
  responses: readonly PlainResponse[],
  response: globalThis.Response,
  maxDepth: number,
  headOnly: boolean,
): Promise<{ value: unknown; isError: boolean }> {
  const status = response.status;
  // A range or `default` covers the statuses of its side no other key of that side declares.
  const side = (r: PlainResponse) => responses.filter((o) => (o[1] === 1) === (r[1] === 1)).map((o) => String(o[0]));
  const covers = (r: PlainResponse) =>
    typeof r[0] === 'number'
      ? r[0] === status
      : statusCovered(
          r[0],
          status,
          side(r).filter((k) => k !== r[0]),
          r[1] === 1 ? 'errors' : 'outputs',
        );
  const declared = responses.find(covers);
  if (!declared) {
    const bytes = await readBytes(response).catch(() => undefined);
    throw new PlainMismatch(
      'status',
      `undeclared status ${status} (declared: ${responses.map((r) => r[0]).join(', ') || 'none'})`,
      bytes,
    );
  }
  const [, kind, schema] = declared;
  const isError = kind === 1;
  const value = (body: unknown) => (kind === 0 ? body : schema ? { status, body } : { status });
  if (!schema || headOnly) return { value: value(undefined), isError };
  const bytes = await readBytes(response);
  const contentType = response.headers.get('content-type');
  const type = contentType === null ? undefined : essence.exec(contentType)?.[1].toLowerCase();
  let failure: string;
  if (type === undefined ? bytes.byteLength > 0 : type === 'application/json') {
    const decoded = decodeJson(bytes, schema, maxDepth);
    if (typeof decoded !== 'string') return { value: value(decoded.value), isError };
    failure = decoded;
  } else failure = `Content-Type '${contentType ?? 'none'}' is not one of application/json`;
  throw new PlainMismatch('decode', `status ${status}: ${failure}`, bytes);
}
