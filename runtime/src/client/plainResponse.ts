// The response side of a generated per-operation function (operation.ts): bodies whose JSON is
// the value itself (no renamed fields, dates, 64-bit integers, bytes or unions), so decoding is
// parsing, the nesting and prototype-key guards of the JSON codec, and the schema's check. The
// steps and their messages are the executor's (decodeResponse.ts and JsonCodec.ts), without the
// codec plans that a body of this kind does not need.
import { DecodeError } from '../errors/DecodeError.ts';
import {
  deepestPlace,
  inspectJson,
  mayHoldPrototypeKeys,
  mayNestDeeperThan,
  nestsDeeperThan,
  problemError,
} from '../codec/json/jsonInspection.ts';
import type { Failure } from '../schema/firstFailure.ts';
import type { CompiledSchema } from '../schema/typeboxEngine.ts';
import type { EngineCheck } from './schemaCheck.ts';
import { concatBytes } from '../util/bytes.ts';
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

/** Reads a whole body. */
export async function readBytes(body: ReadableStream<Uint8Array> | null): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return concatBytes(chunks);
}

// A compiled check gives the failure itself; the verdict is whether there is one.
const checkerOf = (check: BodyCheck): CompiledSchema =>
  typeof check === 'function' ? { check: (value) => check(value) === undefined, explain: check } : check;

/** The first failure as validator.ts words it: `<what> at <pointer>: <message>`. */
function failureOf(checker: CompiledSchema, value: unknown, what: string): DecodeError {
  let first;
  try {
    first = checker.explain(value);
  } catch (thrown) {
    if (!(thrown instanceof RangeError)) throw thrown;
    return new DecodeError(`${what}: nested too deeply to validate`, {
      pointer: '',
      expected: 'a value nested less deeply',
    });
  }
  if (!first) return new DecodeError(`${what}: does not match the schema`, { pointer: '' });
  const at = first.instancePath;
  return new DecodeError(`${at ? `${what} at ${at}` : what}: ${first.message}`, {
    pointer: at,
    expected: first.message,
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
// Past this depth a refusal says the value does not match without the place (JsonCodec.ts's limit).
const EXPLAINED_DEPTH = 32;

/** The JSON body as its schema allows it, or the DecodeError the executor's JSON codec gives (`body: …`). */
function decodeJson(bytes: Uint8Array, schema: BodyCheck, maxDepth: number): { value: unknown } | DecodeError {
  const what = 'body';
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return new DecodeError(`${what}: not valid UTF-8`, { expected: 'UTF-8 JSON text' });
  }
  if (mayNestDeeperThan(text, maxDepth)) {
    const deep = deepestPlace(text, maxDepth);
    if (deep) return problemError(deep, maxDepth, what);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return new DecodeError(`${what}: invalid JSON (${(error as Error).message})`, { expected: 'JSON text' });
  }
  if (mayHoldPrototypeKeys(text)) {
    const problem = inspectJson(json, Infinity, true);
    if (problem) return problemError(problem, maxDepth, what);
  }
  const checker = checkerOf(schema);
  let valid: boolean;
  try {
    valid = checker.check(json);
  } catch (error) {
    // A value too deep for the stack is refused, as validator.ts does.
    if (!(error instanceof RangeError)) throw error;
    valid = false;
  }
  if (valid) return { value: json };
  const unexplained = () =>
    new DecodeError(`${what}: does not match the schema (nested too deeply to say where)`, { pointer: '' });
  return nestsDeeperThan(json, EXPLAINED_DEPTH) ? unexplained() : failureOf(checker, json, what);
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
    const bytes = await readBytes(response.body).catch(() => undefined);
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
  const bytes = await readBytes(response.body);
  const contentType = response.headers.get('content-type');
  const type = contentType === null ? undefined : essence.exec(contentType)?.[1].toLowerCase();
  let failure: string;
  if (type === undefined ? bytes.byteLength > 0 : type === 'application/json') {
    const decoded = decodeJson(bytes, schema, maxDepth);
    if (!(decoded instanceof DecodeError)) return { value: value(decoded.value), isError };
    failure = decoded.message;
  } else failure = `Content-Type '${contentType ?? 'none'}' is not one of application/json`;
  throw new PlainMismatch('decode', `status ${status}: ${failure}`, bytes);
}
