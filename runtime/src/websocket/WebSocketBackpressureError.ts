/**
 * Why `ServerWebSocket.send` was refused: the client was not taking what the server sent, so the
 * server closed the connection (1008 when this connection held its `max-buffered-bytes`, 1013
 * when all connections together held the server's `buffer-budget`) and dropped what it queued.
 */
export class WebSocketBackpressureError extends Error {
  /** The close code the server sent: 1008 Policy Violation, or 1013 Try Again Later. */
  readonly closeCode: 1008 | 1013;
  /** Bytes queued (this connection's for 1008, the whole server's for 1013) when the send was refused. */
  readonly queuedBytes: number;
  /** The limit they reached. */
  readonly limit: number;

  constructor(closeCode: 1008 | 1013, queuedBytes: number, limit: number) {
    super(
      closeCode === 1008
        ? `The WebSocket client is not reading: ${queuedBytes} bytes sent to it are still queued, the limit per connection is ${limit} (max-buffered-bytes); the connection was closed with 1008`
        : `The server's WebSocket connections hold ${queuedBytes} queued bytes, the limit is ${limit} (buffer-budget); this connection, behind on reading, was closed with 1013`,
    );
    this.name = 'WebSocketBackpressureError';
    this.closeCode = closeCode;
    this.queuedBytes = queuedBytes;
    this.limit = limit;
  }
}
