import type { RawData, WebSocket as WsSocket } from 'ws';
import type { Request } from '../http/Request.ts';
import type { ServerWebSocket, SocketSettings, WebSocketClose, WebSocketMessage } from './ServerWebSocket.ts';

/** Messages queued for a reader before the socket stops reading from the client. */
const HIGH_WATER = 256;

const asBytes = (data: RawData): Uint8Array => (Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? new Uint8Array(data) : data);

/** @internal The {@link ServerWebSocket} on a `ws` connection (kept out of the public types). */
export class WsServerWebSocket implements ServerWebSocket {
  /** The upgrade request, as the route saw it (after middleware). */
  readonly request: Request;
  /** The negotiated subprotocol, or `''`. */
  readonly protocol: string;
  /** The negotiated extensions (`permessage-deflate`, …), or `''`. */
  readonly extensions: string;
  /** Resolves when the connection has closed, with the code and reason received. */
  readonly closed: Promise<WebSocketClose>;
  readonly #ws: WsSocket;
  readonly #settings: SocketSettings;
  readonly #queue: WebSocketMessage[] = [];
  readonly #listeners = new Set<(message: WebSocketMessage) => void>();
  #waiter: ((result: IteratorResult<WebSocketMessage, undefined>) => void) | undefined;
  #ended = false;
  #paused = false;
  #idle: NodeJS.Timeout | undefined;

  /** @internal Created by the server for each accepted connection. */
  constructor(ws: WsSocket, request: Request, settings: SocketSettings) {
    this.#ws = ws;
    this.request = request;
    this.#settings = settings;
    this.protocol = ws.protocol;
    this.extensions = ws.extensions;
    let resolveClosed!: (close: WebSocketClose) => void;
    this.closed = new Promise((resolve) => (resolveClosed = resolve));
    const ms = settings.forceCloseTimeoutMillis;
    if (ms >= 0) {
      this.#idle = setTimeout(() => ws.terminate(), ms);
      this.#idle.unref();
    }
    ws.on('message', (data: RawData, isBinary: boolean) => {
      this.#active();
      this.#push(isBinary ? { type: 'binary', data: asBytes(data) } : { type: 'text', text: asBytes(data).toString() });
    });
    ws.on('ping', () => this.#active());
    ws.on('pong', (data: Buffer) => {
      this.#active();
      if (settings.forwardPongFrames) this.#push({ type: 'pong', data });
    });
    // Protocol errors (bad frames, too big, bad UTF-8): `ws` has already sent the close frame
    // with the matching code (1002, 1009, 1007); 'close' follows.
    ws.on('error', () => undefined);
    ws.on('close', (code: number, reason: Buffer) => {
      clearTimeout(this.#idle);
      const text = reason.toString();
      if (settings.forwardCloseFrames && code !== 1006) this.#push({ type: 'close', code, reason: text });
      this.#ended = true;
      this.#wake();
      resolveClosed({ code, reason: text });
    });
  }

  /** True while messages can be sent (the close handshake has not begun). */
  get isOpen(): boolean {
    return this.#ws.readyState === 1;
  }

  /**
   * Sends a text (string) or binary (bytes) message; resolves once it is written to the
   * connection, rejects if the connection is closing or closed.
   */
  send(data: string | Uint8Array): Promise<void> {
    if (!this.isOpen) return Promise.reject(new Error('The WebSocket is not open'));
    this.#active();
    return new Promise((resolve, reject) => this.#ws.send(data, { binary: typeof data !== 'string' }, (error) => (error ? reject(error) : resolve())));
  }

  /** Sends a ping frame (the client answers with a pong). */
  ping(data?: Uint8Array): void {
    if (this.isOpen) this.#ws.ping(data);
  }

  /**
   * Starts the close handshake. Without a code the server's `sendCloseFrame` status is sent.
   * A code must be 1000-1003, 1007-1014 or 3000-4999 and the reason at most 123 bytes.
   */
  close(code?: number, reason?: string): void {
    if (this.#ws.readyState >= 2) return;
    const status = this.#settings.sendCloseFrame;
    if (code === undefined) this.#ws.close(status.code, status.reason);
    else this.#ws.close(code, reason);
  }

  /** Cuts the connection at once, without a close handshake. */
  terminate(): void {
    this.#ws.terminate();
  }

  /**
   * Calls `listener` for each message (queued ones first); returns a function that removes it.
   * While a listener is registered, messages are not queued for `for await`.
   */
  onMessage(listener: (message: WebSocketMessage) => void): () => void {
    this.#listeners.add(listener);
    while (this.#queue.length > 0 && this.#listeners.has(listener)) listener(this.#queue.shift()!);
    this.#resume();
    return () => void this.#listeners.delete(listener);
  }

  /** Iterates over the messages until the connection closes. One reader at a time. */
  [Symbol.asyncIterator](): AsyncIterator<WebSocketMessage, undefined> {
    return {
      next: () => {
        const message = this.#queue.shift();
        if (message !== undefined) {
          this.#resume();
          return Promise.resolve({ done: false, value: message });
        }
        if (this.#ended) return Promise.resolve({ done: true, value: undefined });
        if (this.#waiter !== undefined) return Promise.reject(new Error('ServerWebSocket: only one reader may wait for messages at a time'));
        return new Promise((resolve) => (this.#waiter = resolve));
      },
      return: () => Promise.resolve({ done: true, value: undefined }),
    };
  }

  #active(): void {
    this.#idle?.refresh();
  }

  #push(message: WebSocketMessage): void {
    if (this.#listeners.size > 0) {
      for (const listener of this.#listeners) {
        try {
          listener(message);
        } catch {
          // A listener that throws ends the conversation as a failed application would.
          this.close(1011, 'Internal Error');
        }
      }
      return;
    }
    const waiter = this.#waiter;
    if (waiter !== undefined) {
      this.#waiter = undefined;
      waiter({ done: false, value: message });
      return;
    }
    this.#queue.push(message);
    if (this.#queue.length >= HIGH_WATER && !this.#paused && !this.#ended) {
      this.#paused = true;
      this.#ws.pause();
    }
  }

  #resume(): void {
    if (this.#paused && this.#queue.length < HIGH_WATER / 2) {
      this.#paused = false;
      this.#ws.resume();
    }
  }

  #wake(): void {
    const waiter = this.#waiter;
    if (waiter === undefined) return;
    this.#waiter = undefined;
    const message = this.#queue.shift();
    waiter(message !== undefined ? { done: false, value: message } : { done: true, value: undefined });
  }
}
