import type { Request } from '../http/Request.ts';
import type { CloseStatus } from './WebSocketConfig.ts';

/**
 * One message the application receives. `text` and `binary` are data messages; `pong` frames
 * arrive only when `dropPongFrames` is false, and the peer's `close` frame only when
 * `handleCloseFrames` is false (it is then the last message).
 */
export type WebSocketMessage =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'binary'; readonly data: Uint8Array }
  | { readonly type: 'pong'; readonly data: Uint8Array }
  | { readonly type: 'close'; readonly code: number; readonly reason: string };

/** How a connection ended: the close code and reason received (1006 when it was cut without a close frame). */
export interface WebSocketClose {
  readonly code: number;
  readonly reason: string;
}

/** @internal Per-server settings a socket acts on, taken from `WebSocketConfig`. */
export interface SocketSettings {
  readonly sendCloseFrame: CloseStatus;
  readonly forwardCloseFrames: boolean;
  readonly forwardPongFrames: boolean;
  /** Close the connection after this long without a frame in either direction; -1: never. */
  readonly forceCloseTimeoutMillis: number;
}

/**
 * The server side of one accepted WebSocket connection, as a {@link WebSocketApp} sees it:
 * send text or binary messages, close with a code, and read messages either with
 * `for await (const message of socket)` or with {@link ServerWebSocket.onMessage} listeners.
 * Messages that arrive while nobody reads are queued; past 256 queued messages, or the server's
 * `webSocketMaxBufferedBytes` (1 MiB by default) of them, the server stops reading from the
 * client until the application catches up. In the other direction, a client that does not take
 * what it is sent is closed once that many bytes wait for it (see {@link ServerWebSocket.send}).
 */
export interface ServerWebSocket {
  /** The upgrade request, as the route saw it (after middleware). */
  readonly request: Request;
  /** The negotiated subprotocol, or `''`. */
  readonly protocol: string;
  /** The negotiated extensions (`permessage-deflate`, …), or `''`. */
  readonly extensions: string;
  /** Resolves when the connection has closed, with the code and reason received. */
  readonly closed: Promise<WebSocketClose>;
  /** True while messages can be sent (the close handshake has not begun). */
  readonly isOpen: boolean;
  /**
   * Sends a text (string) or binary (bytes) message; resolves once it is written to the
   * connection, rejects if the connection is closing or closed. When the client has not taken
   * `webSocketMaxBufferedBytes` of earlier messages (or the server's connections together hold
   * `webSocketBufferBudget` and this one is behind), the connection is closed with 1008 (1013)
   * and the send rejects with a `WebSocketBackpressureError`. Awaiting each send keeps a
   * connection within the limit whatever the client does. A rejection nobody handles is ignored.
   */
  send(data: string | Uint8Array): Promise<void>;
  /** Sends a ping frame (the client answers with a pong). */
  ping(data?: Uint8Array): void;
  /**
   * Starts the close handshake. Without a code the server's `sendCloseFrame` status is sent.
   * A code must be 1000-1003, 1007-1014 or 3000-4999 and the reason at most 123 bytes.
   */
  close(code?: number, reason?: string): void;
  /** Cuts the connection at once, without a close handshake. */
  terminate(): void;
  /**
   * Calls `listener` for each message (queued ones first); returns a function that removes it.
   * While a listener is registered, messages are not queued for `for await`.
   */
  onMessage(listener: (message: WebSocketMessage) => void): () => void;
  /** Iterates over the messages until the connection closes. One reader at a time. */
  [Symbol.asyncIterator](): AsyncIterator<WebSocketMessage, undefined>;
}
