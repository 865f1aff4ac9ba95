// Raw-socket HTTP/1.x client for wire tests: exact bytes out, responses parsed by hand, so a
// test sees precisely what the server wrote (interim 100s, connection headers, body framing)
// and whether the server closed the connection.
import { connect, type Socket } from 'node:net';

/** One response as it came over the wire. */
export interface RawResponse {
  /** e.g. `HTTP/1.1 200 OK` */
  readonly statusLine: string;
  readonly version: string;
  readonly status: number;
  /** Lower-cased names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  /** Header lines as sent, in order. */
  readonly rawHeaders: ReadonlyArray<readonly [string, string]>;
  /** The body after de-chunking (compressed bytes stay compressed). */
  readonly body: Buffer;
  /** Every byte of this response as received (head and body). */
  readonly raw: Buffer;
}

/** Options of {@link RawConnection.response}. */
export interface ReadOptions {
  /** The request was HEAD: the response has no body whatever its headers say. */
  readonly head?: boolean;
  /** Give up after this long (default 5 s). */
  readonly timeoutMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A TCP connection to a test server. Bytes received are buffered; {@link response} takes one
 * parsed response off the front; {@link waitForClose} and {@link waitForData} observe the
 * server's behaviour over time.
 */
export class RawConnection {
  readonly socket: Socket;
  #buffer: Buffer = Buffer.alloc(0);
  #closed = false;
  #error: Error | undefined;
  #waiters: Array<() => void> = [];

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (d: Buffer) => {
      this.#buffer = this.#buffer.length === 0 ? d : Buffer.concat([this.#buffer, d]);
      this.#wake();
    });
    socket.on('error', (e) => {
      this.#error = e;
      this.#wake();
    });
    socket.on('close', () => {
      this.#closed = true;
      this.#wake();
    });
    // The server may close its side while we still read; never write back automatically.
    socket.on('end', () => this.#wake());
  }

  /** Opens a connection to `host:port` (loopback by default). */
  static open(port: number, host = '127.0.0.1'): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host, allowHalfOpen: true }, () => {
        socket.off('error', reject);
        resolve(new RawConnection(socket));
      });
      socket.once('error', reject);
    });
  }

  /** Opens a connection, writes `request`, reads one response and reports whether the server then closed. */
  static async exchange(
    port: number,
    request: string | Uint8Array,
    options: ReadOptions & { closeWaitMs?: number } = {},
  ): Promise<{ response: RawResponse; closed: boolean }> {
    const c = await RawConnection.open(port);
    try {
      c.write(request);
      const response = await c.response(options);
      const closed = await c.waitForClose(options.closeWaitMs ?? 1000);
      return { response, closed };
    } finally {
      c.destroy();
    }
  }

  /** True once the socket closed (the server closed it, or we did). */
  get closed(): boolean {
    return this.#closed;
  }

  /** Bytes received and not yet taken by {@link response}. */
  get pending(): Buffer {
    return this.#buffer;
  }

  /** Writes bytes exactly as given. */
  write(data: string | Uint8Array): void {
    this.socket.write(typeof data === 'string' ? Buffer.from(data, 'latin1') : data);
  }

  /** Half-closes our side. */
  end(): void {
    this.socket.end();
  }

  /** Closes the connection. */
  destroy(): void {
    this.socket.destroy();
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w();
  }

  /** Waits until `ready()` holds, something changes that makes it hold, or the timeout passes. */
  async #until(ready: () => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return true;
  }

  /** Resolves true if the server closes the connection within `ms` (immediately if already closed). */
  async waitForClose(ms: number): Promise<boolean> {
    return this.#until(() => this.#closed || this.socket.readableEnded, ms);
  }

  /** Resolves true if any unread bytes are (or become) available within `ms`. */
  async waitForData(ms: number): Promise<boolean> {
    return this.#until(() => this.#buffer.length > 0, ms);
  }

  /** Waits `ms`, then tells whether the server closed the connection meanwhile. */
  async closedAfter(ms: number): Promise<boolean> {
    await sleep(ms);
    return this.#closed || this.socket.readableEnded;
  }

  /**
   * Takes the next complete response off the buffer (a 1xx interim response counts as one).
   * Rejects when the connection closes first or the timeout passes, with what was received.
   */
  async response(options: ReadOptions = {}): Promise<RawResponse> {
    const timeoutMs = options.timeoutMs ?? 5000;
    let parsed: { response: RawResponse; length: number } | undefined;
    const ok = await this.#until(() => {
      parsed = parseResponse(this.#buffer, options.head === true, this.#closed || this.socket.readableEnded);
      return parsed !== undefined || this.#closed || this.#error !== undefined;
    }, timeoutMs);
    if (!parsed) {
      const seen = JSON.stringify(this.#buffer.toString('latin1').slice(0, 400));
      if (!ok) throw new Error(`no complete response within ${timeoutMs} ms; received ${seen}`);
      throw new Error(
        `connection ${this.#error ? `failed (${this.#error.message})` : 'closed'} before a complete response; received ${seen}`,
      );
    }
    this.#buffer = this.#buffer.subarray(parsed.length);
    return parsed.response;
  }
}

/** Parses one response from the front of `buf`; undefined when more bytes are needed. */
export function parseResponse(
  buf: Buffer,
  head: boolean,
  eof: boolean,
): { response: RawResponse; length: number } | undefined {
  const headEnd = buf.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const lines = buf.subarray(0, headEnd).toString('latin1').split('\r\n');
  const statusLine = lines[0];
  const m = /^(HTTP\/\d\.\d) (\d{3})(?: .*)?$/.exec(statusLine);
  if (!m) throw new Error(`not an HTTP status line: ${JSON.stringify(statusLine)}`);
  const status = Number(m[2]);
  const rawHeaders: Array<[string, string]> = [];
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1).trim();
    rawHeaders.push([name, value]);
    const key = name.toLowerCase();
    headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
  }
  const bodyStart = headEnd + 4;
  const done = (body: Buffer, end: number) => ({
    response: { statusLine, version: m[1], status, headers, rawHeaders, body, raw: buf.subarray(0, end) },
    length: end,
  });
  if (head || status < 200 || status === 204 || status === 304) return done(Buffer.alloc(0), bodyStart);
  if (/\bchunked\b/i.test(headers['transfer-encoding'] ?? '')) {
    const parts: Buffer[] = [];
    let at = bodyStart;
    for (;;) {
      const lineEnd = buf.indexOf('\r\n', at);
      if (lineEnd < 0) return undefined;
      const size = parseInt(buf.subarray(at, lineEnd).toString('latin1').split(';')[0], 16);
      if (Number.isNaN(size)) throw new Error('bad chunk size in response');
      const dataStart = lineEnd + 2;
      if (size === 0) {
        // No trailers expected from our server: the last chunk is followed by one CRLF.
        if (buf.length < dataStart + 2) return undefined;
        return done(Buffer.concat(parts), dataStart + 2);
      }
      if (buf.length < dataStart + size + 2) return undefined;
      parts.push(buf.subarray(dataStart, dataStart + size));
      at = dataStart + size + 2;
    }
  }
  const cl = headers['content-length'];
  if (cl !== undefined) {
    const end = bodyStart + Number(cl);
    if (buf.length < end) return undefined;
    return done(buf.subarray(bodyStart, end), end);
  }
  // Neither length nor chunking: the body runs to the end of the connection.
  if (!eof) return undefined;
  return done(buf.subarray(bodyStart), buf.length);
}

/** Builds a request's bytes: request line, headers (Host added unless given), blank line, body. */
export function rawRequest(
  method: string,
  target: string,
  headers: Record<string, string | number> = {},
  body: string | Uint8Array = '',
  version = 'HTTP/1.1',
): Buffer {
  const lines = [`${method} ${target} ${version}`];
  if (!Object.keys(headers).some((h) => h.toLowerCase() === 'host') && version === 'HTTP/1.1')
    lines.push('Host: localhost');
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return body.length === 0
    ? head
    : Buffer.concat([head, typeof body === 'string' ? Buffer.from(body, 'latin1') : body]);
}
