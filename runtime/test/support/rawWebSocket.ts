// A WebSocket client on a bare TCP socket, for what no well-behaved client sends: partial
// handshakes, unmasked frames, bad UTF-8, reserved bits, oversize frames. Frames are built and
// read here byte by byte (RFC 6455 §5.2), independently of the server's code.
import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';

/** A frame as the server sent it. */
export interface RawFrame {
  readonly fin: boolean;
  readonly opcode: number;
  readonly payload: Buffer;
}

/** Frame options; by default a final, masked frame without reserved bits. */
export interface FrameOptions {
  readonly mask?: boolean;
  readonly fin?: boolean;
  readonly rsv1?: boolean;
}

/** Encodes one client frame. */
export function frame(opcode: number, payload: Buffer | string, options: FrameOptions = {}): Buffer {
  const data = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const mask = options.mask ?? true;
  const first = ((options.fin ?? true) ? 0x80 : 0) | (options.rsv1 ? 0x40 : 0) | opcode;
  const len = data.length;
  const head =
    len < 126 ? Buffer.from([first, (mask ? 0x80 : 0) | len]) : len < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  if (len >= 126 && len < 65536) {
    head[0] = first;
    head[1] = (mask ? 0x80 : 0) | 126;
    head.writeUInt16BE(len, 2);
  } else if (len >= 65536) {
    head[0] = first;
    head[1] = (mask ? 0x80 : 0) | 127;
    head.writeBigUInt64BE(BigInt(len), 2);
  }
  if (!mask) return Buffer.concat([head, data]);
  const key = randomBytes(4);
  const masked = Buffer.from(data.map((b, i) => b ^ key[i % 4]));
  return Buffer.concat([head, key, masked]);
}

/** A raw connection: the handshake's answer, then the server's frames. */
export class RawWebSocket {
  readonly socket: Socket;
  /** Everything before the first frame: the HTTP response head. */
  response = '';
  readonly frames: RawFrame[] = [];
  /** Resolves when the TCP connection closes. */
  readonly ended: Promise<void>;
  #buffer = Buffer.alloc(0);
  #headDone = false;
  #waiters: Array<() => void> = [];

  private constructor(socket: Socket) {
    this.socket = socket;
    this.ended = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      this.#parse();
      for (const w of this.#waiters.splice(0)) w();
    });
  }

  /** Opens a TCP connection to the server. */
  static open(port: number): Promise<RawWebSocket> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new RawWebSocket(socket)));
      socket.once('error', reject);
    });
  }

  /** Opens a connection and completes a handshake on `path`; throws unless it is answered 101. */
  static async upgraded(port: number, path: string, extraHeaders = ''): Promise<RawWebSocket> {
    const raw = await RawWebSocket.open(port);
    raw.socket.write(upgradeRequest(path, extraHeaders));
    await raw.until(() => raw.#headDone || raw.socket.destroyed);
    if (!raw.response.startsWith('HTTP/1.1 101')) throw new Error(`handshake refused: ${raw.response}`);
    return raw;
  }

  /** Writes bytes. */
  write(bytes: Buffer | string): void {
    this.socket.write(bytes);
  }

  /** Resolves once `ready()` holds (checked whenever bytes arrive or the connection ends). */
  async until(ready: () => boolean, ms = 5000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!ready()) {
      if (Date.now() > deadline)
        throw new Error(`timed out; received ${this.response} and ${this.frames.length} frames`);
      await Promise.race([
        new Promise<void>((r) => this.#waiters.push(r)),
        this.ended,
        new Promise((r) => setTimeout(r, 50)),
      ]);
      if (this.socket.destroyed && !ready()) return;
    }
  }

  /** Waits for the server's close frame and returns its code (undefined if the connection ended without one). */
  async closeCode(): Promise<number | undefined> {
    await this.until(() => this.frames.some((f) => f.opcode === 8) || this.socket.destroyed);
    const close = this.frames.find((f) => f.opcode === 8);
    return close === undefined || close.payload.length < 2 ? undefined : close.payload.readUInt16BE(0);
  }

  /** Waits for the next data frame of the server (text or binary) and returns it. */
  async nextData(): Promise<RawFrame> {
    await this.until(() => this.frames.some((f) => f.opcode === 1 || f.opcode === 2));
    const i = this.frames.findIndex((f) => f.opcode === 1 || f.opcode === 2);
    if (i < 0) throw new Error('the connection ended before a data frame');
    return this.frames.splice(i, 1)[0];
  }

  #parse(): void {
    if (!this.#headDone) {
      const end = this.#buffer.indexOf('\r\n\r\n');
      if (end < 0) {
        this.response = this.#buffer.toString('latin1');
        return;
      }
      this.response = this.#buffer.subarray(0, end + 4).toString('latin1');
      this.#buffer = this.#buffer.subarray(end + 4);
      this.#headDone = true;
      if (!this.response.startsWith('HTTP/1.1 101')) return;
    }
    for (;;) {
      const b = this.#buffer;
      if (b.length < 2) return;
      let len = b[1] & 0x7f;
      let at = 2;
      if (len === 126) {
        if (b.length < 4) return;
        len = b.readUInt16BE(2);
        at = 4;
      } else if (len === 127) {
        if (b.length < 10) return;
        len = Number(b.readBigUInt64BE(2));
        at = 10;
      }
      if (b.length < at + len) return;
      this.frames.push({ fin: (b[0] & 0x80) !== 0, opcode: b[0] & 0x0f, payload: b.subarray(at, at + len) });
      this.#buffer = b.subarray(at + len);
    }
  }
}

/** The bytes of an upgrade request with a fixed key. */
export function upgradeRequest(path: string, extraHeaders = ''): string {
  return `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: Upgrade\r\nupgrade: websocket\r\nsec-websocket-version: 13\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n${extraHeaders}\r\n`;
}
