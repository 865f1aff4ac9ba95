import { createServer, type IncomingMessage, type Server as NodeHttpServer, type ServerOptions, type ServerResponse } from 'node:http';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';
import { HttpError } from '../http/HttpError.ts';
import { Headers } from '../http/Headers.ts';
import { Request } from '../http/Request.ts';
import { Response } from '../http/Response.ts';
import { Status } from '../http/Status.ts';
import { Log } from '../log/Log.ts';
import type { Handler } from '../routing/Handler.ts';
import { FatalErrorKey, errorResponse } from '../routing/errorResponse.ts';
import type { ServerConfig } from './config/ServerConfig.ts';
import type { TransportConfig } from './config/TransportConfig.ts';
import { clientErrorHandler } from './clientError.ts';
import { aggregateBody, hasBody, streamingBody, tooLarge } from './requestBody.ts';
import { createSecureListener } from './tls/createSecureListener.ts';
import { writeResponse } from './writeResponse.ts';
import { Body } from '../http/Body.ts';

/**
 * A running server: Node's HTTP server configured from a {@link ServerConfig}, serving one
 * handler (which `install` may replace). Created by `Server.install` / `Server.serve`.
 */
export class HttpServer {
  readonly config: ServerConfig;
  readonly transport: TransportConfig | undefined;
  #handler: Handler = () => Response.notFound();
  #http: NodeHttpServer | undefined;
  #listener: NetServer | undefined;
  #servers: NodeHttpServer[] = [];
  #inFlight = 0;
  #closing = false;
  #drained: (() => void) | undefined;
  #port: number | undefined;
  #address: AddressInfo | undefined;

  constructor(config: ServerConfig, transport?: TransportConfig) {
    this.config = config;
    this.transport = transport;
  }

  /** The bound port, once listening. */
  get port(): number | undefined {
    return this.#port;
  }

  /** The bound address (host, port, family), once listening. */
  get address(): AddressInfo | undefined {
    return this.#address;
  }

  /** Requests being handled right now. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Replaces the handler; takes effect for the next request. */
  setHandler(handler: Handler): void {
    this.#handler = handler;
  }

  /** Starts listening (once) and resolves with the bound port. */
  async listen(): Promise<number> {
    if (this.#port !== undefined) return this.#port;
    const c = this.config;
    const options: ServerOptions = {
      // Node counts the request line into its header limit; ours are separate (414 vs 431).
      maxHeaderSize: c.maxHeaderSize + c.maxInitialLineLength,
      keepAlive: c.keepAlive,
      noDelay: true,
      // Without idleTimeout no idle limit applies (0 disables Node's 5 s keep-alive timeout).
      keepAliveTimeout: c.idleTimeout ?? 0,
      // Kept on against slow clients: headers within 60 s, a whole request within 300 s.
      headersTimeout: 60_000,
      requestTimeout: 300_000,
    };
    const make = (extra: object = {}): NodeHttpServer => {
      const s = createServer({ ...options, ...extra }, (req, res) => this.#onRequest(req, res));
      s.timeout = c.idleTimeout ?? 0;
      s.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => this.#onRequest(req, res, true));
      s.on('clientError', clientErrorHandler(c));
      this.#servers.push(s);
      return s;
    };
    let listener: NetServer;
    if (c.sslConfig) {
      listener = createSecureListener(c.sslConfig, make, options);
    } else {
      this.#http = make();
      listener = this.#http;
    }
    this.#listener = listener;
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(c.address.port, c.address.host, () => {
        listener.off('error', reject);
        resolve();
      });
    });
    this.#address = listener.address() as AddressInfo;
    this.#port = this.#address.port;
    return this.#port;
  }

  /**
   * Graceful shutdown (spec rule 8): stop accepting, close idle connections, let in-flight
   * requests finish (their responses close the connection), and after
   * `gracefulShutdownTimeout` cut whatever is left.
   */
  async shutdown(): Promise<void> {
    if (!this.#listener || this.#closing) return;
    this.#closing = true;
    const listener = this.#listener;
    const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
    for (const s of this.#servers) s.closeIdleConnections();
    if (this.#inFlight > 0) {
      const drained = new Promise<void>((resolve) => (this.#drained = resolve));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.config.gracefulShutdownTimeout)));
      await Promise.race([drained, timedOut]);
      clearTimeout(timer);
    }
    for (const s of this.#servers) s.closeAllConnections();
    await closed;
  }

  #onRequest(req: IncomingMessage, res: ServerResponse, expectsContinue = false): void {
    this.#inFlight++;
    res.once('close', () => {
      if (--this.#inFlight === 0 && this.#drained) this.#drained();
    });
    const c = this.config;
    const close = this.#closing || !c.keepAlive;
    const reject = (error: HttpError) => {
      const r = Response.fromHttpError(error);
      void writeResponse(req, res, r, { compression: undefined, close: true });
    };
    // Request line: METHOD SP target SP HTTP/x.y
    if (req.method!.length + req.url!.length + 10 > c.maxInitialLineLength) {
      return reject(new HttpError(Status.RequestUriTooLong, `The request line is longer than ${c.maxInitialLineLength} bytes`));
    }
    const rawHeaders = req.rawHeaders;
    let headerBytes = 0;
    for (let i = 0; i < rawHeaders.length; i++) headerBytes += rawHeaders[i].length + 2;
    if (headerBytes > c.maxHeaderSize) {
      return reject(new HttpError(Status.RequestHeaderFieldsTooLarge, `The request headers are larger than ${c.maxHeaderSize} bytes`));
    }
    const streaming = c.requestStreaming.kind === 'Enabled';
    const limit = c.requestStreaming.kind === 'Disabled' ? c.requestStreaming.maximumContentLength : undefined;
    const withBody = hasBody(req);
    if (withBody && limit !== undefined && c.requestDecompression === 'No') {
      const cl = req.headers['content-length'];
      if (cl !== undefined && Number(cl) > limit) return reject(tooLarge(limit));
    }
    if (expectsContinue && c.acceptContinue) res.writeContinue();
    const readOptions = { decompression: c.requestDecompression, limit };
    if (!withBody || streaming) {
      this.#dispatch(req, res, withBody ? streamingBody(req, readOptions) : Body.empty, close);
      return;
    }
    aggregateBody(req, readOptions).then(
      (body) => this.#dispatch(req, res, body, close),
      (error: unknown) => reject(error instanceof HttpError ? error : new HttpError(Status.BadRequest, 'The request body could not be read', { cause: error })),
    );
  }

  #dispatch(req: IncomingMessage, res: ServerResponse, body: Body, close: boolean): void {
    const request = new Request(
      {
        method: req.method!,
        url: req.url!,
        headers: Headers.fromNode(req.headers),
        body,
        version: req.httpVersion === '1.0' ? '1.0' : '1.1',
        remoteAddress: req.socket.remoteAddress,
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
    const done = (response: Response) => this.#finish(req, res, request, response, close);
    let result: Response | Promise<Response>;
    try {
      result = this.#handler(request);
    } catch (error) {
      result = errorResponse(error, request);
    }
    if (result instanceof Response) done(result);
    else result.then(done, (error) => done(errorResponse(error, request)));
  }

  #finish(req: IncomingMessage, res: ServerResponse, request: Request, response: Response, close: boolean): void {
    const fatal = request.attributes.get(FatalErrorKey);
    if (fatal !== undefined && this.config.logWarningOnFatalError) {
      Log.get().warn({ err: fatal, method: request.method, url: request.url }, 'Unexpected error while handling a request');
    }
    try {
      const written = writeResponse(req, res, response, { compression: this.config.responseCompression, close: close || this.#closing });
      if (written) written.catch(() => res.destroy());
    } catch (error) {
      // Invalid header text and similar: the handler's response cannot be sent as it is.
      if (!res.headersSent) {
        request.attributes.set(FatalErrorKey, error);
        if (this.config.logWarningOnFatalError) Log.get().warn({ err: error, method: request.method, url: request.url }, 'Response could not be written');
        void writeResponse(req, res, errorResponse(new Error('unwritable response'), undefined), { compression: undefined, close: true });
      } else res.destroy();
    }
  }
}

/** @internal Sockets are tracked by Node; kept for typing the TLS listener. */
export type { Socket };
