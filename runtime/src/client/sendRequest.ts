import { ClientError, type ClientErrorKind } from './ClientError.ts';
import type { EncodedRequest } from './encodeRequest.ts';
import { utf8Text } from '../util/bytes.ts';

/** The `fetch` a client calls (the global one unless a test or an app gives another). */
export type FetchFunction = (input: string, init: RequestInit & { duplex?: 'half' }) => Promise<globalThis.Response>;

/** What a request is sent under: the fetch, the executor's and the call's limits, the hooks. */
export interface SendSettings {
  readonly fetch: FetchFunction;
  readonly timeout: number | undefined;
  readonly signals: readonly AbortSignal[];
  readonly onRequest: ((request: EncodedRequest) => void) | undefined;
  readonly onResponse: ((response: globalThis.Response) => void) | undefined;
}

/** A response head received, with what is needed to finish the call. */
export interface Sent {
  readonly response: globalThis.Response;
  /** Ends the timeout and unhooks the signals; `streamed` ends the timeout only (the body outlives the call). */
  settle(streamed?: boolean): void;
  /** The ClientError a failure while reading the body stands for (timeout, abort, network). */
  failure(error: unknown): ClientError;
  /** A ClientError of the call with its endpoint and URL. */
  fail(kind: ClientErrorKind, detail: string, extra?: { status?: number; body?: string; cause?: unknown }): ClientError;
}

class Timeout extends Error {}

/** The message of a failure's cause (undici puts the system error there), else its own. */
export function causeText(error: unknown): string {
  const cause = (error as { cause?: { message?: string } }).cause;
  return cause?.message ?? (error as Error).message ?? String(error);
}

/**
 * Sends one encoded request under the timeout and the callers' signals, shared by the executor
 * and the generated per-operation functions so that both fail alike: an abort, a timeout or a
 * network failure is a {@link ClientError} naming the endpoint (`name`) and the URL.
 */
export async function sendRequest(
  settings: SendSettings,
  name: string,
  request: EncodedRequest,
  redirect: 'manual' | 'follow',
): Promise<Sent> {
  const fail: Sent['fail'] = (kind, detail, extra = {}) =>
    new ClientError(kind, detail, { endpoint: name, url: request.url, ...extra });
  const controller = new AbortController();
  const { signals, timeout } = settings;
  const callerAborted = () => signals.find((s) => s.aborted);
  const onAbort = (event: Event) => controller.abort((event.target as AbortSignal).reason);
  for (const s of signals) {
    if (s.aborted) throw fail('aborted', 'aborted before the request was sent', { cause: s.reason });
    s.addEventListener('abort', onAbort, { once: true });
  }
  const timer = timeout ? setTimeout(() => controller.abort(new Timeout()), timeout) : undefined;
  const settle = (streamed = false) => {
    clearTimeout(timer);
    if (!streamed) for (const s of signals) s.removeEventListener('abort', onAbort);
  };
  const failure = (error: unknown, phase: string): ClientError => {
    if (error instanceof ClientError) return error;
    if (controller.signal.reason instanceof Timeout)
      return fail('timeout', `no ${phase} within ${timeout}ms`, { cause: error });
    const aborted = callerAborted();
    if (aborted) return fail('aborted', `aborted by the caller's signal`, { cause: aborted.reason });
    return fail('network', `network failure: ${causeText(error)}`, { cause: error });
  };
  let response: globalThis.Response;
  try {
    settings.onRequest?.(request);
    response = await settings.fetch(request.url, {
      method: request.method,
      redirect,
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
      ...(request.body instanceof ReadableStream ? { duplex: 'half' as const } : {}),
    });
    settings.onResponse?.(response);
  } catch (error) {
    settle();
    throw failure(error, 'response');
  }
  return { response, settle, failure: (error) => failure(error, 'complete response'), fail };
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

/** The ClientError of a response no declared shape fits: the reason, then the server's own message and the body's start. */
export function mismatch(
  fail: Sent['fail'],
  kind: 'status' | 'decode',
  detail: string,
  status: number,
  bytes: Uint8Array | undefined,
): ClientError {
  const body = excerpt(bytes);
  const message = serverMessage(body);
  return fail(kind, `${detail}${message ? `: ${message}` : ''}`, { status, body });
}
