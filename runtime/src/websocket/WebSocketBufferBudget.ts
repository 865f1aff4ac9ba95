/**
 * @internal What the WebSocket connections of one server hold queued, against its limits: each
 * connection's bytes sent and not yet taken by the client's TCP connection, and bytes received
 * and not yet read by the application. One per server, shared by its connections.
 */
export class WebSocketBufferBudget {
  /** Most bytes one connection may hold queued in each direction. */
  readonly perConnection: number;
  /** Most bytes all connections together may hold queued. */
  readonly limit: number;
  #used = 0;

  constructor(perConnection: number, limit: number) {
    this.perConnection = perConnection;
    this.limit = limit;
  }

  /** Bytes held now, all connections together. */
  get used(): number {
    return this.#used;
  }

  /** True once the connections hold the whole budget. */
  get exhausted(): boolean {
    return this.#used >= this.limit;
  }

  /** Counts bytes taken (positive) or given back (negative). */
  add(bytes: number): void {
    this.#used += bytes;
  }
}
