import type { CodecConfig } from '../codec/json/CodecConfig.ts';
import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import { ClientError } from './ClientError.ts';
import { causeText, mismatch, sendRequest, type FetchFunction } from './sendRequest.ts';
import { decodeResponse, endpointShapes, ResponseMismatch } from './decodeResponse.ts';
import { EncodeFailure, encodeRequest, type ClientCredentials, type EncodedRequest } from './encodeRequest.ts';
import type { RequestValues } from './inputAssignments.ts';
import type { ContentNode } from '../endpoint/CodecNode.ts';
import type { CallOptions } from './ClientTypes.ts';
import { loadBodyCodecsOf } from './bodyCodecsOf.ts';
import { loadValidatorsOf } from './validatorsOf.ts';

/** The `fetch` an executor calls (the global one unless a test or an app gives another). */
export type { FetchFunction } from './sendRequest.ts';

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

const redirects = new WeakMap<object, boolean>();

/** True when an endpoint declares a 3xx output or error. */
function declaresRedirect(state: AnyEndpoint['state']): boolean {
  let hit = redirects.get(state);
  if (hit === undefined) {
    const shapes = endpointShapes(state);
    hit = [...shapes.outputs, ...shapes.errors].some((s) =>
      [300, 301, 302, 303, 304, 305, 306, 307, 308].some((c) => s.covers(c)),
    );
    redirects.set(state, hit);
  }
  return hit;
}

/**
 * Calls an endpoint with its request values: encodes, fetches under the timeout and the callers'
 * signals, decodes the response. Declared errors come back with `isError`; everything else that
 * goes wrong rejects with a {@link ClientError} naming the endpoint, the URL and the status.
 */
export async function invoke(
  ctx: InvokeContext,
  endpoint: AnyEndpoint,
  values: RequestValues,
  options: CallOptions = {},
): Promise<Invocation> {
  const state = endpoint.state;
  const name = state.route.toString();
  const loading = loadBodyCodecsOf(state);
  if (loading) {
    try {
      await loading;
    } catch (error) {
      throw new ClientError('network', `loading the codecs of its media types failed: ${causeText(error)}`, {
        endpoint: name,
        url: undefined,
        cause: error,
      });
    }
  }
  const validating = loadValidatorsOf(state);
  if (validating) {
    try {
      await validating;
    } catch (error) {
      throw new ClientError('network', `loading the validator its schemas need failed: ${causeText(error)}`, {
        endpoint: name,
        url: undefined,
        cause: error,
      });
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
    if (error instanceof EncodeFailure)
      throw new ClientError(error.kind, error.message, { endpoint: name, url: undefined });
    throw error;
  }
  const signals = [ctx.signal, options.signal].filter((s): s is AbortSignal => s !== undefined);
  const settings = {
    fetch: ctx.fetch,
    timeout: options.timeout ?? ctx.timeout,
    signals,
    onRequest: ctx.onRequest,
    onResponse: ctx.onResponse,
  };
  // A declared 3xx is a value to decode, not a redirect to follow.
  const { response, settle, failure, fail } = await sendRequest(
    settings,
    name,
    request,
    declaresRedirect(state) ? 'manual' : 'follow',
  );
  try {
    const decoded = await decodeResponse(endpointShapes(state), response, ctx.config, request.method === 'HEAD');
    // A streamed body outlives this call: the timeout covers the response head only.
    settle(decoded.content?.stream === true);
    return { ...decoded, status: response.status, headers: response.headers, url: request.url, request };
  } catch (error) {
    settle();
    if (error instanceof ResponseMismatch) {
      return Promise.reject(mismatch(fail, error.kind, error.message, response.status, error.bytes));
    }
    throw failure(error);
  }
}
