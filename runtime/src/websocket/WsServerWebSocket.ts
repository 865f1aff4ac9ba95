import type { RawData, WebSocket as WsSocket } from 'ws';
import type { Request } from '../http/Request.ts';
import type { ServerWebSocket, SocketSettings, WebSocketClose, WebSocketMessage } from './ServerWebSocket.ts';
import { WebSocketBackpressureError } from './WebSocketBackpressureError.ts';
import type { WebSocketBufferBudget } from './WebSocketBufferBudget.ts';

/** Messages queued for a reader before the socket stops reading from the client (bytes are bounded too). */
const HIGH_WATER = 256;

/**
 * How long a connection closed for not reading may take to finish its close handshake before it
 * is cut: the close frame waits behind everything queued, which is what must be released.
 */
const BEHIND_GRACE_MS = 1000;

/** A message waiting for the application, with what it counts against the buffer limits. */
interface Queued {
  readonly message: WebSocketMessage;
  readonly bytes: number;
}

/** Marks a promise's rejection as handled, so an application that ignores `send`'s result is not brought down by it. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

const asBytes = (data: RawData): Uint8Array =>
  Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? new Uint8Array(data) : data;

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
  readonly #budget: WebSocketBufferBudget;
  readonly #queue: Queued[] = [];
  /** Bytes of the messages in #queue. */
  #queuedBytes = 0;
  /** This connection's unsent bytes as last counted against the budget. */
  #outgoing = 0;
  /** Set once closed: from then on nothing counts against the budget. */
  #released = false;
  /** Why the connection was closed for not reading, once it was; later sends reject with it too. */
  #behindError: WebSocketBackpressureError | undefined;
  #behindTimer: NodeJS.Timeout | undefined;
  readonly #listeners = new Set<(message: WebSocketMessage) => void>();
  #waiter: ((result: IteratorResult<WebSocketMessage, undefined>) => void) | undefined;
  #ended = false;
  #paused = false;
  #idle: NodeJS.Timeout | undefined;

  /** @internal Created by the server for each accepted connection. */
  constructor(ws: WsSocket, request: Request, settings: SocketSettings, budget: WebSocketBufferBudget) {
    this.#ws = ws;
    this.request = request;
    this.#settings = settings;
    this.#budget = budget;
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
      const bytes = asBytes(data);
      this.#push(
        isBinary ? { type: 'binary', data: bytes } : { type: 'text', text: bytes.toString() },
        bytes.byteLength,
      );
    });
    ws.on('ping', () => this.#active());
    ws.on('pong', (data: Buffer) => {
      this.#active();
      if (settings.forwardPongFrames) this.#push({ type: 'pong', data }, data.byteLength);
    });
    // Protocol errors (bad frames, too big, bad UTF-8): `ws` has already sent the close frame
    // with the matching code (1002, 1009, 1007); 'close' follows.
    ws.on('error', () => undefined);
    ws.on('close', (code: number, reason: Buffer) => {
      clearTimeout(this.#idle);
      clearTimeout(this.#behindTimer);
      // The connection's buffers are gone; messages still queued for the application stay
      // readable, but no longer count against the server's budget.
      this.#released = true;
      budget.add(-this.#outgoing - this.#queuedBytes);
      this.#outgoing = 0;
      const text = reason.toString();
      if (settings.forwardCloseFrames && code !== 1006) this.#push({ type: 'close', code, reason: text }, 0);
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
   * connection, rejects if the connection is closing or closed. A client that does not read
   * what it is sent is closed (1008, or 1013 when the server's budget is spent) and the send
   * rejects with a {@link WebSocketBackpressureError}. A rejection nobody handles is ignored.
   */
  send(data: string | Uint8Array): Promise<void> {
    if (!this.isOpen) return quiet(Promise.reject(this.#behindError ?? new Error('The WebSocket is not open')));
    // What the client has not taken yet (ws's queue and the TCP socket's): a client that reads
    // keeps it near zero, since the kernel takes writes at once while its buffers have room.
    const backlog = this.#ws.bufferedAmount;
    if (backlog > 0) {
      const budget = this.#budget;
      if (backlog >= budget.perConnection)
        return this.#fallBehind(new WebSocketBackpressureError(1008, backlog, budget.perConnection));
      if (budget.exhausted) return this.#fallBehind(new WebSocketBackpressureError(1013, budget.used, budget.limit));
    }
    this.#active();
    const sent = new Promise<void>((resolve, reject) =>
      this.#ws.send(data, { binary: typeof data !== 'string' }, (error) => {
        this.#countOutgoing();
        if (error) reject(error);
        else resolve();
      }),
    );
    this.#countOutgoing();
    return quiet(sent);
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
    while (this.#queue.length > 0 && this.#listeners.has(listener)) listener(this.#shift()!);
    this.#resume();
    return () => void this.#listeners.delete(listener);
  }

  /** Iterates over the messages until the connection closes. One reader at a time. */
  [Symbol.asyncIterator](): AsyncIterator<WebSocketMessage, undefined> {
    return {
      next: () => {
        const message = this.#shift();
        if (message !== undefined) {
          this.#resume();
          return Promise.resolve({ done: false, value: message });
        }
        if (this.#ended) return Promise.resolve({ done: true, value: undefined });
        if (this.#waiter !== undefined)
          return Promise.reject(new Error('ServerWebSocket: only one reader may wait for messages at a time'));
        return new Promise((resolve) => (this.#waiter = resolve));
      },
      return: () => Promise.resolve({ done: true, value: undefined }),
    };
  }

  #active(): void {
    this.#idle?.refresh();
  }

  /**
   * Closes a connection whose client does not take what it is sent, with `error.closeCode`, and
   * cuts it if the close handshake has not finished soon after: what it held is released.
   */
  #fallBehind(error: WebSocketBackpressureError): Promise<never> {
    this.#behindError = error;
    this.#ws.close(error.closeCode, error.closeCode === 1008 ? 'Client not reading' : 'Server busy');
    this.#behindTimer = setTimeout(() => this.#ws.terminate(), BEHIND_GRACE_MS);
    this.#behindTimer.unref();
    return quiet(Promise.reject(error));
  }

  /** Brings the budget up to date with this connection's unsent bytes. */
  #countOutgoing(): void {
    if (this.#released) return;
    const now = this.#ws.bufferedAmount;
    this.#budget.add(now - this.#outgoing);
    this.#outgoing = now;
  }

  #shift(): WebSocketMessage | undefined {
    const entry = this.#queue.shift();
    if (entry === undefined) return undefined;
    this.#queuedBytes -= entry.bytes;
    if (!this.#released) this.#budget.add(-entry.bytes);
    return entry.message;
  }

  #push(message: WebSocketMessage, bytes: number): void {
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
    this.#queue.push({ message, bytes });
    this.#queuedBytes += bytes;
    if (!this.#released) this.#budget.add(bytes);
    // Stop reading from the client while the application is behind: too many messages, too
    // many bytes, or the server's budget spent (then until this queue has been read).
    const budget = this.#budget;
    const full = this.#queue.length >= HIGH_WATER || this.#queuedBytes >= budget.perConnection || budget.exhausted;
    if (full && !this.#paused && !this.#ended) {
      this.#paused = true;
      this.#ws.pause();
    }
  }

  #resume(): void {
    if (!this.#paused) return;
    const budget = this.#budget;
    const low = this.#queue.length < HIGH_WATER / 2 && this.#queuedBytes < budget.perConnection / 2;
    // An empty queue always resumes, whatever the budget: a paused connection nobody reads could never resume otherwise.
    if (low && (this.#queue.length === 0 || !budget.exhausted)) {
      this.#paused = false;
      this.#ws.resume();
    }
  }

  #wake(): void {
    const waiter = this.#waiter;
    if (waiter === undefined) return;
    this.#waiter = undefined;
    const message = this.#shift();
    waiter(message !== undefined ? { done: false, value: message } : { done: true, value: undefined });
  }
}
