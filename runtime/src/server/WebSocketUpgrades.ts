import { ServerResponse, type IncomingMessage, type Server as NodeHttpServer } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { createRequire } from 'node:module';
import type { WebSocketServer, WebSocket as WsSocket } from 'ws';
import { Body } from '../http/Body.ts';
import { Headers } from '../http/Headers.ts';
import { HttpError } from '../http/HttpError.ts';
import { Request } from '../http/Request.ts';
import { Response } from '../http/Response.ts';
import { Status } from '../http/Status.ts';
import { Log } from '../log/Log.ts';
import type { Handler } from '../routing/Handler.ts';
import { answer, errorAnswer } from '../routing/errorFunnel.ts';
import type { ServerConfig } from './config/ServerConfig.ts';
import { writeResponse, type WriteOptions } from './writeResponse.ts';
import type { ServerWebSocket, SocketSettings } from '../websocket/ServerWebSocket.ts';
import { WsServerWebSocket } from '../websocket/WsServerWebSocket.ts';
import { WebSocketBufferBudget } from '../websocket/WebSocketBufferBudget.ts';
import { asksForWebSocket, type UpgradeSlot } from '../websocket/WebSocketApp.ts';
import { UpgradeKey } from '../util/symbols.ts';
import { checkWebSocketConfig, socketSettings, wsServerOptions } from '../websocket/webSocketOptions.ts';
import { readUpgradeBody } from './upgradeBody.ts';
import { requestHeadProblem } from './requestHead.ts';
import { HttpErrors } from '../errors/catalogue.ts';

/** Response headers the handshake itself decides; middleware's values for them are not copied onto the 101. */
const HANDSHAKE_HEADERS = new Set([
  'connection',
  'upgrade',
  'sec-websocket-accept',
  'sec-websocket-protocol',
  'sec-websocket-extensions',
  'content-length',
  'transfer-encoding',
]);

/** A connection as it was accepted: when, and how many bytes had been written to it then. */
interface Accepted {
  readonly at: number;
  readonly written: number;
}

/**
 * The server's WebSocket side, on `ws` in `noServer` mode. Attached to Node's HTTP servers
 * only when WebSocket routes are installed, so plain HTTP requests pay nothing for it.
 *
 * An upgrade request runs through the installed handler like any request (canonical path,
 * routing, middleware), marked as an upgrade. A WebSocket route that accepts answers 101, and
 * the handshake is then completed by `ws` (with the headers middleware added to the 101); any
 * other answer (404, 405, 401 from auth middleware, 426 for a non-WebSocket upgrade) is written
 * as an ordinary HTTP response and the connection is closed.
 *
 * `handshakeTimeoutMillis` is timed from the connection's start (or, on a connection that has
 * already been answered, from the upgrade request's head) to the 101, and acted on once the
 * upgrade head is complete: a head still arriving is not known to be an upgrade, so it is left
 * to the request-header timeout and its 408, as on a server without WebSocket routes.
 */
export class WebSocketUpgrades {
  readonly #config: ServerConfig;
  readonly #handler: () => Handler;
  readonly #wss: WebSocketServer;
  readonly #settings: SocketSettings;
  readonly #budget: WebSocketBufferBudget;
  readonly #timeout: number;
  readonly #refusal: WriteOptions;
  /** When each connection was accepted; weak, so a closed socket needs no bookkeeping. */
  readonly #accepted = new WeakMap<Duplex, Accepted>();
  /** Upgrade requests received and not yet answered, with their handshake timers. */
  readonly #handshakes = new Map<Duplex, NodeJS.Timeout | undefined>();
  readonly #open = new Set<ServerWebSocket>();
  readonly #extraHeaders = new WeakMap<IncomingMessage, string[]>();
  #closing = false;

  /** Checks the config (throws `WebSocketConfigError` naming a field it cannot honour). */
  constructor(config: ServerConfig, handler: () => Handler) {
    const ws = config.webSocketConfig;
    checkWebSocketConfig(ws);
    this.#config = config;
    this.#handler = handler;
    this.#settings = socketSettings(ws);
    this.#budget = new WebSocketBufferBudget(config.webSocketMaxBufferedBytes, config.webSocketBufferBudget);
    this.#timeout = ws.handshakeTimeoutMillis;
    this.#refusal = { compression: config.responseCompression, close: true };
    // ws is loaded here, on the first WebSocket route: a server without any starts without it.
    const { WebSocketServer: Wss } = createRequire(import.meta.url)('ws') as typeof import('ws');
    this.#wss = new Wss(wsServerOptions(ws));
    this.#wss.on('headers', (headers: string[], req: IncomingMessage) => {
      const extra = this.#extraHeaders.get(req);
      if (extra !== undefined) headers.push(...extra);
    });
  }

  /** Listens for upgrades (and times handshakes) on one of the server's HTTP servers. */
  attach(server: NodeHttpServer): void {
    // A server that answers upgrades itself (the TLS listener's redirect-to-https server) is left so.
    if (server.listenerCount('upgrade') > 0) return;
    server.on('connection', this.#onConnection);
    server.on('upgrade', this.#onUpgrade);
  }

  /** How many WebSocket connections are open. */
  get openCount(): number {
    return this.#open.size;
  }

  // No timer here: a timer that cut any connection whose head was late would race Node's 408
  // for plain requests (both default to 10 s), and a head still arriving cannot be known to be
  // an upgrade. The deadline is applied when the upgrade head is complete (#onUpgrade).
  readonly #onConnection = (socket: Duplex): void => {
    this.#accepted.set(socket, { at: Date.now(), written: (socket as Socket).bytesWritten });
  };

  #abort(socket: Duplex): void {
    this.#forget(socket);
    socket.destroy();
  }

  #forget(socket: Duplex): void {
    const t = this.#handshakes.get(socket);
    if (t !== undefined) clearTimeout(t);
    this.#handshakes.delete(socket);
  }

  readonly #onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // Node hands the socket over bare: without a listener an ECONNRESET would be thrown.
    socket.on('error', () => socket.destroy());
    // Timed from the connection's start if nothing was answered on it before, else from now; a
    // handshake whose head alone took longer than the timeout is aborted at once, unanswered.
    const accepted = this.#accepted.get(socket);
    this.#accepted.delete(socket);
    const first = accepted !== undefined && (socket as Socket).bytesWritten === accepted.written;
    const left = first ? accepted.at + this.#timeout - Date.now() : this.#timeout;
    if (left <= 0) {
      socket.destroy();
      return;
    }
    const timer = setTimeout(() => this.#abort(socket), left);
    timer.unref();
    this.#handshakes.set(socket, timer);
    if (this.#closing) {
      this.#refuse(req, socket, Response.fromHttpError(HttpError.of(HttpErrors.SHUTTING_DOWN, [])));
      return;
    }
    const limits = this.#limits(req);
    if (limits !== undefined) return this.#refuse(req, socket, Response.fromHttpError(limits));
    const slot: UpgradeSlot = { websocket: asksForWebSocket(req.headers.upgrade), accepted: undefined };
    if (slot.websocket) return this.#dispatch(req, socket, head, slot, Body.empty);
    // Another protocol (`h2c`): served as the plain request it also is, body included.
    const rs = this.#config.requestStreaming;
    readUpgradeBody(req, socket, head, rs.kind === 'Disabled' ? rs.maximumContentLength : undefined).then(
      (body) => {
        // From here it is an ordinary request: no handshake deadline on its handler.
        this.#forget(socket);
        this.#dispatch(req, socket, Buffer.alloc(0), slot, body);
      },
      // The body failed before any route ran: the funnel's own errorAnswer renders the refusal.
      // eslint-disable-next-line kitgen/no-answering-catch -- no runner exists yet for this request
      (error: unknown) => this.#refuse(req, socket, errorAnswer(error, undefined)),
    );
  };

  /** The request head's version and Host (400), and the server's exact request-line and header-size limits (414, 431), as for any request. */
  #limits(req: IncomingMessage): HttpError | undefined {
    const c = this.#config;
    const head = requestHeadProblem(req);
    if (head !== undefined) return head;
    if (req.method!.length + req.url!.length + 10 > c.maxInitialLineLength) {
      return HttpError.of(HttpErrors.REQUEST_LINE_TOO_LONG, [c.maxInitialLineLength]);
    }
    const raw = req.rawHeaders;
    let bytes = 0;
    for (let i = 0; i < raw.length; i += 2) bytes += raw[i].length + raw[i + 1].length + 4;
    if (bytes > c.maxHeaderSize) return HttpError.of(HttpErrors.HEADERS_TOO_LARGE, [c.maxHeaderSize]);
    return undefined;
  }

  #dispatch(req: IncomingMessage, socket: Duplex, head: Buffer, slot: UpgradeSlot, body: Body): void {
    const request = new Request(
      {
        method: req.method!,
        url: req.url!,
        headers: Headers.fromNode(req.headers),
        body,
        version: req.httpVersion === '1.0' ? '1.0' : '1.1',
      },
      req,
      new Map<symbol, unknown>([[UpgradeKey, slot]]),
    );
    request.onFatal = this.#reportFatal;
    const result = answer(this.#handler(), request);
    if (result instanceof Response) this.#answer(req, socket, head, request, slot, result);
    else result.then((response) => this.#answer(req, socket, head, request, slot, response));
  }

  #answer(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    request: Request,
    slot: UpgradeSlot,
    response: Response,
  ): void {
    if (socket.destroyed) return this.#forget(socket);
    if (this.#closing)
      return this.#refuse(req, socket, Response.fromHttpError(HttpError.of(HttpErrors.SHUTTING_DOWN, [])));
    const accepted = slot.accepted;
    if (response.status === Status.SwitchingProtocols && accepted !== undefined) {
      const extra: string[] = [];
      const raw = response.headers.raw;
      for (const name in raw) {
        const value = raw[name];
        if (value === undefined || HANDSHAKE_HEADERS.has(name)) continue;
        for (const v of typeof value === 'string' ? [value] : value) extra.push(`${name}: ${v}`);
      }
      if (extra.length > 0) this.#extraHeaders.set(req, extra);
      // `ws` checks the handshake itself (GET, key, version 13) and answers 400 when it is wrong.
      this.#wss.handleUpgrade(req, socket, head, (ws) => {
        this.#forget(socket);
        this.#start(ws, accepted);
      });
      return;
    }
    if (response.status === Status.SwitchingProtocols) {
      // A 101 that no WebSocket route accepted (a handler answering 101 itself) cannot be honoured.
      response = errorAnswer(
        new Error('A 101 response was answered to an upgrade request that no WebSocket route accepted'),
        request,
      );
    }
    this.#refuse(req, socket, response);
  }

  /** Writes an ordinary HTTP answer on the upgrade's connection, then closes it. */
  #refuse(req: IncomingMessage, socket: Duplex, response: Response): void {
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket as Socket);
    res.once('finish', () => {
      res.detachSocket(socket as Socket);
      socket.end();
    });
    try {
      const written = writeResponse(req, res, response, this.#refusal);
      if (written) written.catch(() => socket.destroy());
    } catch {
      socket.destroy();
    }
  }

  #start(ws: WsSocket, accepted: NonNullable<UpgradeSlot['accepted']>): void {
    const socket = new WsServerWebSocket(ws, accepted.request, this.#settings, this.#budget);
    this.#open.add(socket);
    void socket.closed.then(() => this.#open.delete(socket));
    const fail = (error: unknown) => {
      this.#warn(error, accepted.request, 'The WebSocket application failed');
      socket.close(1011, 'Internal Error');
    };
    let result: void | Promise<void>;
    try {
      result = accepted.app(socket, ...accepted.params);
    } catch (error) {
      return fail(error);
    }
    if (result !== undefined && typeof (result as Promise<void>).then === 'function') {
      (result as Promise<void>).then(() => socket.close(), fail);
    }
  }

  /** Where the error funnel reports an unexpected error of an upgrade request's handler. */
  readonly #reportFatal = (error: unknown, request: Request): void =>
    this.#warn(error, request, 'Unexpected error while handling a WebSocket upgrade request');

  #warn(error: unknown, request: Request, message: string): void {
    if (!this.#config.logWarningOnFatalError) return;
    try {
      // The request as received: a middleware may have rewritten the copy that failed.
      const raw = request.raw;
      Log.get().warn({ err: error, method: raw?.method ?? request.method, url: raw?.url ?? request.url }, message);
    } catch {
      // A broken logger must not take the connection down.
    }
  }

  /**
   * Graceful shutdown: refuses new upgrades (503), sends 1001 Going Away to every open
   * WebSocket, and after `timeoutMillis` cuts whatever has not finished its close handshake or
   * its upgrade. Resolves when all are closed.
   */
  async shutdown(timeoutMillis: number): Promise<void> {
    this.#closing = true;
    const sockets = [...this.#open];
    for (const s of sockets) s.close(1001, 'Going Away');
    let timer: NodeJS.Timeout | undefined;
    const all = Promise.all(sockets.map((s) => s.closed));
    const late = await Promise.race([
      all.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(resolve, timeoutMillis, true))),
    ]);
    clearTimeout(timer);
    if (late) {
      for (const s of this.#open) s.terminate();
      for (const socket of [...this.#handshakes.keys()]) this.#abort(socket);
      await all;
    }
    this.#wss.close();
  }
}
