import {
  createServer,
  type IncomingMessage,
  type Server as NodeHttpServer,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import { Body } from '../http/Body.ts';
import { Headers } from '../http/Headers.ts';
import { HttpError } from '../http/HttpError.ts';
import { Request } from '../http/Request.ts';
import { Response } from '../http/Response.ts';
import { Log } from '../log/Log.ts';
import type { Handler } from '../routing/Handler.ts';
import { answerThen, internalError } from '../routing/errorFunnel.ts';
import type { ServerConfig } from './config/ServerConfig.ts';
import { TransportConfig } from './config/TransportConfig.ts';
import { clientErrorHandler } from './clientError.ts';
import { requestTimeout } from './requestTimeout.ts';
import { hasBody, readBody, streamingBody, tooLarge, type BodyReadOptions } from './requestBody.ts';
import { createSecureListener } from './tls/createSecureListener.ts';
import { writeResponse, type WriteOptions } from './writeResponse.ts';
import { WebSocketUpgrades } from './WebSocketUpgrades.ts';
import { HttpErrors } from '../errors/catalogue.ts';
import { PortInUseError } from './PortInUseError.ts';
import { requestHeadProblem } from './requestHead.ts';
import { DecompressionGate } from './decompressionGate.ts';
import { planTransport } from './cluster/transportPlan.ts';
import type { HealthProbes } from './config/HealthProbes.ts';

/**
 * A request head must arrive within `requestHeaderTimeout`, a whole request within
 * {@link requestTimeout}. Node checks both every {@link CHECK_INTERVAL_MS}, so a slow client is
 * cut within a second of its deadline.
 */
const CHECK_INTERVAL_MS = 1000;

/** How often graceful shutdown closes connections that have become idle meanwhile. */
const SHUTDOWN_SWEEP_MS = 25;

/**
 * A running server: Node's HTTP server configured from a {@link ServerConfig}, serving one
 * handler (which `install` may replace). Created by `Server.install` / `Server.serve`.
 */
export class HttpServer {
  readonly config: ServerConfig;
  readonly transport: TransportConfig | undefined;
  #handler: Handler = () => Response.notFound();
  #listener: NetServer | undefined;
  #servers: NodeHttpServer[] = [];
  #listening: Promise<number> | undefined;
  #stopping: Promise<void> | undefined;
  #closing = false;
  #address: AddressInfo | undefined;
  /** Upgrade handling, once WebSocket routes are installed (plain HTTP never reaches it). */
  #webSockets: WebSocketUpgrades | undefined;
  // Decided once per server so the request path allocates nothing for them.
  readonly #readOptions: BodyReadOptions;
  readonly #streaming: boolean;
  readonly #usual: WriteOptions;
  readonly #close: WriteOptions;
  readonly #drainWindow: number;
  readonly #probes: HealthProbes | undefined;
  #ready = true;
  static readonly #refusal: WriteOptions = { compression: undefined, close: true };

  constructor(config: ServerConfig, transport?: TransportConfig) {
    this.config = config;
    this.transport = transport;
    const rs = config.requestStreaming;
    this.#streaming = rs.kind === 'Enabled';
    this.#readOptions = {
      decompression: config.requestDecompression,
      limit: rs.kind === 'Disabled' ? rs.maximumContentLength : undefined,
      gate: new DecompressionGate(config.maxConcurrentDecompressions),
      maxBrotliWindow: config.maxBrotliWindow,
    };
    this.#usual = { compression: config.responseCompression, close: !config.keepAlive };
    this.#close = { compression: config.responseCompression, close: true };
    // The drain window is the transport's quiet period, the default transport's when none is
    // given, so `live(c)` and `customized(c, TransportConfig.default)` shut down alike. How long
    // shutdown keeps answering requests that arrive on connections already open (each answer then
    // closes its connection) before it closes the idle ones: a request written the instant
    // shutdown began is answered, not reset (docs/decisions.md, "Graceful shutdown").
    // A given transport has every field checked (and refused) here.
    this.#drainWindow = transport
      ? planTransport(transport).drainWindow
      : TransportConfig.default.shutdownQuietPeriodDuration;
    this.#probes = config.healthProbes;
  }

  /** The bound port, once listening. */
  get port(): number | undefined {
    return this.#address?.port;
  }

  /** The bound address (host, port, family), once listening. */
  get address(): AddressInfo | undefined {
    return this.#address;
  }

  /** Replaces the handler; takes effect for the next request. */
  setHandler(handler: Handler): void {
    this.#handler = handler;
  }

  /**
   * Accepts WebSocket upgrades from now on, dispatched through the handler (see
   * websocket/WebSocketUpgrades.ts). Throws `WebSocketConfigError` for a `webSocketConfig` the
   * server cannot honour.
   */
  enableWebSockets(): void {
    if (this.#webSockets) return;
    this.#webSockets = new WebSocketUpgrades(this.config, () => this.#handler);
    for (const s of this.#servers) this.#webSockets.attach(s);
  }

  /** Starts listening (once, however often called) and resolves with the bound port. */
  listen(): Promise<number> {
    return (this.#listening ??= this.#start());
  }

  async #start(): Promise<number> {
    const c = this.config;
    const options: ServerOptions = {
      // Node has one limit for request line and headers together; ours are separate (414 vs
      // 431) and checked exactly in #onRequest. Node's, at twice their sum, is the backstop
      // against huge heads; clientError.ts tells 414 from 431 when it trips.
      maxHeaderSize: 2 * (c.maxHeaderSize + c.maxInitialLineLength),
      noDelay: true,
      // Never the lenient parser, whatever NODE_OPTIONS say: it lets smuggling-shaped requests in.
      insecureHTTPParser: false,
      // Node's keep-alive timeout (5 s, plus a 1 s grace) would close idle keep-alive
      // connections even without an idleTimeout; the idle timeout is the socket timeout below.
      keepAliveTimeout: 0,
      headersTimeout: c.requestHeaderTimeout,
      requestTimeout: requestTimeout(c),
      connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MS, c.requestHeaderTimeout),
      // Host is checked in #onRequest (requestHead.ts) so that its absence gets kitgen's JSON
      // 400 like every other refusal, not Node's empty one.
      requireHostHeader: false,
    };
    const onRequest = (req: IncomingMessage, res: ServerResponse) => this.#onRequest(req, res, false);
    const onContinue = (req: IncomingMessage, res: ServerResponse) => this.#onRequest(req, res, true);
    const onClientError = clientErrorHandler(c);
    const make = (extra: object = {}): NodeHttpServer => {
      const s = createServer({ ...options, ...extra }, onRequest);
      // Idle timeout (ServerConfig's idleTimeout): no byte read or written for this long closes the socket,
      // between requests and during one alike (Node destroys a timed-out socket nobody claims).
      s.timeout = c.idleTimeout ?? 0;
      // With a listener Node no longer answers `Expect: 100-continue` itself: the server answers it, after the route's limits accept the declared length.
      s.on('checkContinue', onContinue);
      s.on('clientError', onClientError);
      this.#servers.push(s);
      return s;
    };
    let listener: NetServer;
    if (c.sslConfig) {
      listener = createSecureListener(c.sslConfig, make, options);
      // These HTTP servers are fed connections and never listen themselves; 'listening' is
      // what starts Node's connection tracking (header/request timeouts, idle-connection
      // closing at shutdown), so they get it here.
      for (const s of this.#servers) s.emit('listening');
    } else {
      listener = make();
    }
    // After the TLS listener has set up its servers (its redirect server answers upgrades itself).
    if (this.#webSockets) for (const s of this.#servers) this.#webSockets.attach(s);
    // Beyond the cap Node closes a new connection as it arrives: no parser, no buffers.
    if (c.maxConnections !== undefined) listener.maxConnections = c.maxConnections;
    this.#listener = listener;
    await new Promise<void>((resolve, reject) => {
      const failed = (error: NodeJS.ErrnoException) =>
        reject(error.code === 'EADDRINUSE' ? new PortInUseError(c.address.port, c.address.host) : error);
      listener.once('error', failed);
      listener.listen(c.address.port, c.address.host, () => {
        listener.off('error', failed);
        resolve();
      });
    });
    this.#address = listener.address() as AddressInfo;
    return this.#address.port;
  }

  /**
   * Graceful shutdown (ServerConfig's gracefulShutdownTimeout): stop accepting connections, close idle ones, let requests
   * in flight finish (their responses carry `connection: close`), and after
   * `gracefulShutdownTimeout` cut whatever is left. Every call returns the same promise.
   */
  shutdown(): Promise<void> {
    return (this.#stopping ??= this.#stop());
  }

  /** True from the moment shutdown begins (the readiness probe answers 503 from then on). */
  get shuttingDown(): boolean {
    return !this.#ready;
  }

  async #stop(): Promise<void> {
    await this.#listening?.catch(() => undefined);
    const listener = this.#listener;
    if (!listener) return;
    this.#ready = false;
    // Readiness is false from here; a balancer that probes it stops sending before we stop accepting.
    const delay = this.#probes?.drainDelay ?? 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    this.#closing = true;
    // Open WebSockets get 1001 Going Away now and are cut when the grace period ends.
    const webSockets = this.#webSockets?.shutdown(this.config.gracefulShutdownTimeout);
    // Stop accepting, but as a plain net server: an HTTP server's own close() would also end
    // the idle keep-alive connections this very instant, resetting a request the client is
    // writing on one (the shutdown race). Its close callback runs once every connection closed.
    // (The TLS listener is a net server already, whose close also ends connections still silent.)
    const plain = (this.#servers as NetServer[]).includes(listener);
    const closed = new Promise<void>((resolve) =>
      plain ? NetServer.prototype.close.call(listener, () => resolve()) : listener.close(() => resolve()),
    );
    // During the drain window requests on open connections are still answered (with
    // `connection: close`); after it, idle connections are closed, and responses under way
    // (a streamed body begun before shutdown keeps its connection) are swept as they finish.
    const sweep = () => {
      for (const s of this.#servers) s.closeIdleConnections();
    };
    let sweeper: NodeJS.Timeout | undefined;
    const drain = setTimeout(
      () => {
        sweep();
        sweeper = setInterval(sweep, SHUTDOWN_SWEEP_MS);
      },
      Math.min(this.#drainWindow, this.config.gracefulShutdownTimeout),
    );
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>(
      (resolve) => (timer = setTimeout(resolve, this.config.gracefulShutdownTimeout, true)),
    );
    const late = await Promise.race([closed.then(() => false), timedOut]);
    clearTimeout(drain);
    clearInterval(sweeper);
    clearTimeout(timer);
    if (late) {
      for (const s of this.#servers) s.closeAllConnections();
      // Sockets no HTTP server owns yet (a TLS handshake under way) may take a moment more.
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, SHUTDOWN_SWEEP_MS * 4).unref())]);
    } else {
      await closed;
    }
    await webSockets;
    // Each HTTP server holds a connection-checking interval until its own close() runs (the
    // plain listener was closed as a net server above, so this is its second, quiet close).
    for (const s of this.#servers) s.close();
    // One turn of the event loop, so that a client in this same process (a test, a sidecar) has
    // read the close of its connection before shutdown resolves and does not reuse it.
    await new Promise((resolve) => setImmediate(resolve));
  }

  #onRequest(req: IncomingMessage, res: ServerResponse, expectsContinue: boolean): void {
    const c = this.config;
    // Version and Host (RFC 9112 §2.3, §3.2) before anything else reads the request.
    const head = requestHeadProblem(req);
    if (head !== undefined) return this.#reject(req, res, head);
    const probes = this.#probes;
    if (
      probes !== undefined &&
      (req.url === probes.readinessPath || req.url === probes.livenessPath) &&
      (req.method === 'GET' || req.method === 'HEAD')
    ) {
      return this.#probe(req, res, req.url === probes.livenessPath);
    }
    // Request line: METHOD SP target SP HTTP/x.y
    if (req.method!.length + req.url!.length + 10 > c.maxInitialLineLength) {
      return this.#reject(req, res, HttpError.of(HttpErrors.REQUEST_LINE_TOO_LONG, [c.maxInitialLineLength]));
    }
    // Header section as sent: `name: value\r\n` per field.
    const rawHeaders = req.rawHeaders;
    let headerBytes = 0;
    for (let i = 0; i < rawHeaders.length; i += 2) headerBytes += rawHeaders[i].length + rawHeaders[i + 1].length + 4;
    if (headerBytes > c.maxHeaderSize) {
      return this.#reject(req, res, HttpError.of(HttpErrors.HEADERS_TOO_LARGE, [c.maxHeaderSize]));
    }
    if (!hasBody(req)) {
      // Nothing to continue for: no 100, even when accepted.
      this.#dispatch(req, res, Body.empty);
      return;
    }
    const options = this.#readOptions;
    const limit = options.limit;
    // An announced length over the limit is refused before reading (and before any 100) unless
    // decompression may change the size.
    if (limit !== undefined && (options.decompression === 'No' || req.headers['content-encoding'] === undefined)) {
      const cl = req.headers['content-length'];
      if (cl !== undefined && Number(cl) > limit) return this.#reject(req, res, tooLarge(limit));
    }
    if (expectsContinue && c.acceptContinue) res.writeContinue();
    if (this.#streaming) {
      this.#dispatch(req, res, streamingBody(req, options));
      return;
    }
    readBody(
      req,
      options,
      (body) => this.#dispatch(req, res, body),
      (error: unknown) =>
        this.#reject(
          req,
          res,
          error instanceof HttpError ? error : HttpError.of(HttpErrors.BODY_UNREADABLE, [], { cause: error }),
        ),
    );
  }

  /** Answers a health probe before routing: liveness 200; readiness 200, or 503 once shutdown began. */
  #probe(req: IncomingMessage, res: ServerResponse, liveness: boolean): void {
    const ok = liveness || this.#ready;
    const status = liveness ? 'live' : ok ? 'ready' : 'shutting down';
    const response = new Response(
      ok ? 200 : 503,
      { 'cache-control': 'no-store' },
      Body.fromString(JSON.stringify({ status }), 'application/json'),
    );
    void writeResponse(req, res, response, this.#closing ? this.#close : this.#usual);
  }

  /** Answers a request the server refuses itself (414, 431, 413, bad body) and closes the connection. */
  #reject(req: IncomingMessage, res: ServerResponse, error: HttpError): void {
    if (res.headersSent || res.destroyed) return;
    void writeResponse(req, res, Response.fromHttpError(error), HttpServer.#refusal);
  }

  #dispatch(req: IncomingMessage, res: ServerResponse, body: Body): void {
    const request = new Request(
      {
        method: req.method!,
        url: req.url!,
        headers: Headers.fromNode(req.headers),
        body,
        version: req.httpVersion === '1.0' ? '1.0' : '1.1',
        // Created only if someone asks for it: most handlers never do.
        signal: () => {
          const controller = new AbortController();
          res.once('close', () => {
            if (!res.writableFinished) controller.abort(new Error('The client closed the connection'));
          });
          return controller.signal;
        },
      },
      req,
    );
    request.onFatal = this.#reportFatal;
    // The installed handler (Routes#toServerHandler) runs its routes through the runner already;
    // running it through the runner too is the last resort for a handler set without one.
    void answerThen(this.#handler, request, (response) => this.#finish(req, res, request, response));
  }

  /** Where the error funnel reports an unexpected error of a request this server serves. */
  readonly #reportFatal = (error: unknown, request: Request): void =>
    this.#warn(error, request, 'Unexpected error while handling a request');

  #finish(req: IncomingMessage, res: ServerResponse, request: Request, response: Response): void {
    if (res.destroyed) return;
    // A streaming handler may answer without reading its whole body; what is left must be
    // read off the connection (and dropped) or the next request on it is never parsed.
    if (this.#streaming && !req.complete) res.once('finish', () => drainRequest(req));
    try {
      const written = writeResponse(req, res, response, this.#closing ? this.#close : this.#usual);
      if (written)
        written.catch((error: unknown) => this.#failed(req, res, request, error, 'The response body failed'));
    } catch (error) {
      // Invalid header text and similar: the handler's response cannot be sent as it is.
      this.#failed(req, res, request, error, 'The response could not be written');
    }
  }

  /** A response that failed while being written: a bare 500 if nothing was sent yet, else a cut connection. */
  #failed(req: IncomingMessage, res: ServerResponse, request: Request, error: unknown, message: string): void {
    this.#warn(error, request, message);
    if (res.headersSent) res.destroy();
    else void writeResponse(req, res, internalError(), HttpServer.#refusal);
  }

  #warn(error: unknown, request: Request, message: string): void {
    if (!this.config.logWarningOnFatalError) return;
    try {
      // The request as received: a middleware may have rewritten the copy that failed.
      const raw = request.raw;
      Log.get().warn({ err: error, method: raw?.method ?? request.method, url: raw?.url ?? request.url }, message);
    } catch {
      // A broken logger (a user's stream, a mixin that throws) must not keep the answer from the client.
    }
  }
}

/** Reads and drops the rest of a request body nobody will read. */
function drainRequest(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  // An abandoned reader may still hold a 'readable' listener, which would keep the stream paused.
  req.removeAllListeners('readable');
  req.removeAllListeners('data');
  req.resume();
}
