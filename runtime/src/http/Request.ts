import type { IncomingMessage } from 'node:http';
import { Body } from './Body.ts';
import { Headers, type HeadersInit } from './Headers.ts';
import type { Method } from './Method.ts';
import { canonicalPath, type CanonicalPath } from './canonicalPath.ts';

/** Fields a {@link Request} is built from; all but `method` and `url` are optional. */
export interface RequestInit {
  method: Method | string;
  /** Request target: an absolute path with an optional query (`/users/1?limit=2`), or a full URL. */
  url: string;
  headers?: HeadersInit;
  body?: Body;
  version?: '1.0' | '1.1' | '2.0';
  remoteAddress?: string;
  signal?: AbortSignal | (() => AbortSignal);
}

/** @internal Receives an unexpected error (a 500 the client saw as a bare answer) with its request. */
export type FatalReporter = (error: unknown, request: Request) => void;

const neverAborted = new AbortController().signal;
const absoluteForm = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*([^#]*)/;

/**
 * The spec's `Request`: method, URL, headers and body of one incoming (or outgoing) request.
 * Values are immutable; `copy` returns a changed request (as `updateURL` middleware does).
 */
export class Request {
  readonly method: string;
  /** The request target as received: path plus optional `?query`. */
  readonly url: string;
  readonly headers: Headers;
  readonly body: Body;
  readonly version: '1.0' | '1.1' | '2.0';
  /** @internal Node's message, when the request came from the server. */
  readonly raw: IncomingMessage | undefined;
  /** @internal Decoded path parameter texts, set by the router for the matched route. */
  params: string[] = [];
  /** @internal Per-request values for middleware (log annotations, codec config, …). */
  readonly attributes: Map<symbol, unknown>;
  /**
   * @internal Where an unexpected error while handling this request is reported (the server's
   * warning log); set by whoever serves the request, kept by copies. Unset outside a server.
   */
  onFatal: FatalReporter | undefined;
  #path: string | undefined;
  #query: URLSearchParams | undefined;
  #canonical: CanonicalPath | undefined;
  #signal: AbortSignal | (() => AbortSignal);
  #remoteAddress: string | undefined;

  constructor(init: RequestInit, raw?: IncomingMessage, attributes?: Map<symbol, unknown>) {
    this.method = init.method;
    let url = init.url;
    if (!url.startsWith('/')) {
      // Absolute-form (`http://host/path?q`): keep the target exactly as sent. WHATWG URL parsing
      // would resolve `..` and `%2e%2e` here and so slip past path canonicalisation.
      const m = absoluteForm.exec(url);
      if (m) url = m[1] === '' || m[1].startsWith('?') ? `/${m[1]}` : m[1];
      // Anything else (`*`, garbage) is kept as given: canonicalisation answers 400.
    }
    this.url = url;
    this.headers = Headers.from(init.headers);
    this.body = init.body ?? Body.empty;
    this.version = init.version ?? '1.1';
    this.#remoteAddress = init.remoteAddress;
    this.#signal = init.signal ?? neverAborted;
    this.raw = raw;
    this.attributes = attributes ?? new Map();
    this.onFatal = undefined;
  }

  /** A GET request for `url`, mostly for tests and `Routes#run`. */
  static get(url: string, headers?: HeadersInit): Request {
    return new Request({ method: 'GET', url, headers });
  }

  /** Aborted when the client goes away or a timeout middleware gives up on the request. */
  /** The client's address (read from the socket only when asked). */
  get remoteAddress(): string | undefined {
    return this.#remoteAddress ?? this.raw?.socket?.remoteAddress;
  }

  get signal(): AbortSignal {
    if (typeof this.#signal === 'function') this.#signal = this.#signal();
    return this.#signal;
  }

  /** The path part of the URL, still percent-encoded. */
  get path(): string {
    if (this.#path === undefined) {
      const q = this.url.indexOf('?');
      this.#path = q < 0 ? this.url : this.url.slice(0, q);
    }
    return this.#path;
  }

  /** The path canonicalised once, before routing and middleware: decoded segments, or why the path is refused. */
  get canonicalPath(): CanonicalPath {
    return (this.#canonical ??= canonicalPath(this.path));
  }

  /** The raw query string without `?` ('' when none). */
  get queryString(): string {
    const q = this.url.indexOf('?');
    return q < 0 ? '' : this.url.slice(q + 1);
  }

  /** The query parameters. */
  get query(): URLSearchParams {
    if (this.#query === undefined) this.#query = new URLSearchParams(this.queryString);
    return this.#query;
  }

  /**
   * The spec's `URL` of the request as a WHATWG `URL`: scheme from the connection, host from
   * the `Host` header (`localhost` when absent or unusable), then path and query as received.
   */
  toURL(): URL {
    const encrypted = (this.raw?.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
    const scheme = encrypted ? 'https' : 'http';
    const target = this.url.startsWith('/') ? this.url : `/${this.url}`;
    const host = this.headers.get('host');
    if (host !== undefined && /^[A-Za-z0-9.:[\]-]+$/.test(host)) {
      try {
        return new globalThis.URL(`${scheme}://${host}${target}`);
      } catch {
        // fall through to localhost
      }
    }
    return new globalThis.URL(`${scheme}://localhost${target}`);
  }

  /** A copy whose request target is the path and query of `url` (what `updateURL` middleware does). */
  withURL(url: URL | string): Request {
    if (typeof url === 'string') return this.copy({ url });
    return this.copy({ url: url.pathname + url.search });
  }

  /** @internal Reports an unexpected error to whoever serves the request (see routing/errorFunnel.ts). */
  reportFatal(error: unknown): void {
    this.onFatal?.(error, this);
  }

  /** A header's value (several joined with ", "). */
  header(name: string): string | undefined {
    return this.headers.get(name);
  }

  /** A changed copy; per-request attributes and the abort signal carry over unless replaced. */
  copy(changes: Partial<RequestInit>): Request {
    const next = new Request(
      {
        method: changes.method ?? this.method,
        url: changes.url ?? this.url,
        headers: changes.headers ?? this.headers,
        body: changes.body ?? this.body,
        version: changes.version ?? this.version,
        remoteAddress: changes.remoteAddress ?? this.remoteAddress,
        signal: changes.signal ?? this.#signal,
      },
      this.raw,
      this.attributes,
    );
    next.params = this.params;
    next.onFatal = this.onFatal;
    return next;
  }
}
