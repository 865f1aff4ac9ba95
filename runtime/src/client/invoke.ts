import type { CodecConfig } from '../codec/json/CodecConfig.ts';
import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import { ClientError, type ClientErrorKind } from './ClientError.ts';
import { decodeResponse, endpointShapes, ResponseMismatch } from './decodeResponse.ts';
import { EncodeFailure, encodeRequest, type ClientCredentials, type EncodedRequest } from './encodeRequest.ts';
import type { RequestValues } from './inputAssignments.ts';
import type { ContentNode } from '../endpoint/CodecNode.ts';
import type { CallOptions } from './ClientTypes.ts';
import { utf8Text } from '../util/bytes.ts';
import { loadBodyCodecsOf } from './bodyCodecsOf.ts';
import { loadValidatorsOf } from './validatorsOf.ts';

/** The `fetch` an executor calls (the global one unless a test or an app gives another). */
export type FetchFunction = (input: string, init: RequestInit & { duplex?: 'half' }) => Promise<globalThis.Response>;

/** Settings of one executor, resolved. */
export interface InvokeContext {
  readonly baseUrl: string;
  readonly fetch: FetchFunction;
  readonly config: CodecConfig;
  readonly headers: Readonly<Record<string, string>> | undefined;
  readonly credentials: ClientCredentials | undefined;
  readonly timeout: number | undefined;
  readonly signal: AbortSignal | undefined;
  readonly onRequest: ((request: EncodedRequest) => void) | undefined;
  readonly onResponse: ((response: globalThis.Response) => void) | undefined;
}

/** A completed call: the decoded value, whether it is a declared error, and the response. */
export interface Invocation {
  readonly value: unknown;
  readonly isError: boolean;
  readonly status: number;
  readonly headers: globalThis.Headers;
  readonly url: string;
  readonly request: EncodedRequest;
  readonly mediaType: string | undefined;
  readonly bytes: Uint8Array | undefined;
  readonly content: ContentNode | undefined;
  /** The decoded body alone (an async iterable when streamed). */
  readonly body: unknown;
}

class Timeout extends Error {}

const redirects = new WeakMap<object, boolean>();

/** True when an endpoint declares a 3xx output or error. */
function declaresRedirect(state: AnyEndpoint['state']): boolean {
  let hit = redirects.get(state);
  if (hit === undefined) {
    const shapes = endpointShapes(state);
    hit = [...shapes.outputs, ...shapes.errors].some((s) => [300, 301, 302, 303, 304, 305, 306, 307, 308].some((c) => s.covers(c)));
    redirects.set(state, hit);
  }
  return hit;
}

const excerpt = (bytes: Uint8Array | undefined): string | undefined => {
  if (!bytes || bytes.byteLength === 0) return undefined;
  const text = utf8Text(bytes);
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
};

/** The server's own error message, when its body is the `{ message }` JSON it sends. */
function serverMessage(body: string | undefined): string | undefined {
  if (body === undefined) return undefined;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed?.message === 'string') return parsed.message;
  } catch {
    // not JSON: the text itself
  }
  return body;
}

function causeText(error: unknown): string {
  const cause = (error as { cause?: { message?: string; code?: string } }).cause;
  return cause?.message ?? (error as Error).message ?? String(error);
}

/**
 * Calls an endpoint with its request values: encodes, fetches under the timeout and the callers'
 * signals, decodes the response. Declared errors come back with `isError`; everything else that
 * goes wrong rejects with a {@link ClientError} naming the endpoint, the URL and the status.
 */
export async function invoke(ctx: InvokeContext, endpoint: AnyEndpoint, values: RequestValues, options: CallOptions = {}): Promise<Invocation> {
  const state = endpoint.state;
  const name = state.route.toString();
  const loading = loadBodyCodecsOf(state);
  if (loading) {
    try {
      await loading;
    } catch (error) {
      throw new ClientError('network', `loading the codecs of its media types failed: ${causeText(error)}`, { endpoint: name, url: undefined, cause: error });
    }
  }
  const validating = loadValidatorsOf(state);
  if (validating) {
    try {
      await validating;
    } catch (error) {
      throw new ClientError('network', `loading the validator its schemas need failed: ${causeText(error)}`, { endpoint: name, url: undefined, cause: error });
    }
  }
  let request: EncodedRequest;
  try {
    request = encodeRequest(state, values, {
      baseUrl: ctx.baseUrl,
      config: ctx.config,
      headers: [ctx.headers, options.headers],
      credentials: ctx.credentials,
      accept: options.accept,
    });
  } catch (error) {
    if (error instanceof EncodeFailure) throw new ClientError(error.kind, error.message, { endpoint: name, url: undefined });
    throw error;
  }
  const fail = (kind: ClientErrorKind, detail: string, extra: { status?: number; body?: string; cause?: unknown } = {}) =>
    new ClientError(kind, detail, { endpoint: name, url: request.url, ...extra });

  const controller = new AbortController();
  const signals = [ctx.signal, options.signal].filter((s): s is AbortSignal => s !== undefined);
  const callerAborted = () => signals.find((s) => s.aborted);
  const onAbort = (event: Event) => controller.abort((event.target as AbortSignal).reason);
  for (const s of signals) {
    if (s.aborted) throw fail('aborted', 'aborted before the request was sent', { cause: s.reason });
    s.addEventListener('abort', onAbort, { once: true });
  }
  const timeout = options.timeout ?? ctx.timeout;
  const timer = timeout ? setTimeout(() => controller.abort(new Timeout()), timeout) : undefined;
  const done = () => {
    clearTimeout(timer);
    for (const s of signals) s.removeEventListener('abort', onAbort);
  };
  const failure = (error: unknown, phase: string): ClientError => {
    if (error instanceof ClientError) return error;
    if (controller.signal.reason instanceof Timeout) return fail('timeout', `no ${phase} within ${timeout}ms`, { cause: error });
    const aborted = callerAborted();
    if (aborted) return fail('aborted', `aborted by the caller's signal`, { cause: aborted.reason });
    return fail('network', `network failure: ${causeText(error)}`, { cause: error });
  };

  let response: globalThis.Response;
  try {
    ctx.onRequest?.(request);
    response = await ctx.fetch(request.url, {
      method: request.method,
      // A declared 3xx is a value to decode, not a redirect to follow.
      redirect: declaresRedirect(state) ? 'manual' : 'follow',
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
      ...(request.body instanceof ReadableStream ? { duplex: 'half' as const } : {}),
    });
    ctx.onResponse?.(response);
  } catch (error) {
    done();
    throw failure(error, 'response');
  }
  try {
    const decoded = await decodeResponse(endpointShapes(state), response, ctx.config, request.method === 'HEAD');
    // A streamed body outlives this call: the timeout covers the response head only.
    if (decoded.content?.stream) clearTimeout(timer);
    else done();
    return { ...decoded, status: response.status, headers: response.headers, url: request.url, request };
  } catch (error) {
    done();
    if (error instanceof ResponseMismatch) {
      const body = excerpt(error.bytes);
      const message = serverMessage(body);
      return Promise.reject(fail(error.kind, `${error.message}${message ? `: ${message}` : ''}`, { status: response.status, body }));
    }
    throw failure(error, 'complete response');
  }
}
