// A tsserver child process spoken to over stdio with its JSON protocol, as an editor does:
// requests are JSON lines in, answers come back framed by Content-Length headers.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The tsserver.js of the TypeScript this repository depends on. */
export const tsserverPath = join(dirname(require.resolve('typescript/package.json')), 'lib', 'tsserver.js');

/** One answer of tsserver to a request. */
export interface Response {
  readonly request_seq: number;
  readonly command: string;
  readonly success: boolean;
  readonly message?: string;
  readonly body?: unknown;
}

/** A running tsserver. `maxMemoryMb` is V8's heap limit (VS Code's default is 3072). */
export class TsServer {
  private readonly child: ChildProcess;
  private seq = 0;
  private buffer = Buffer.alloc(0);
  private readonly pending = new Map<number, { resolve: (r: Response) => void; reject: (e: Error) => void }>();
  private stderr = '';
  private exited: Error | undefined;

  constructor(maxMemoryMb: number) {
    this.child = spawn(
      process.execPath,
      [
        `--max-old-space-size=${maxMemoryMb}`,
        tsserverPath,
        '--disableAutomaticTypingAcquisition',
        '--noGetErrOnBackgroundUpdate',
        '--locale',
        'en',
      ],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: { ...process.env, NODE_OPTIONS: '' },
      },
    );
    this.child.stdout!.on('data', (chunk: Buffer) => this.read(chunk));
    this.child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    this.child.on('exit', (code, signal) => {
      this.exited = new Error(
        `tsserver exited (${signal ?? code}) with requests pending${this.stderr ? `:\n${this.stderr}` : ''}`,
      );
      for (const p of this.pending.values()) p.reject(this.exited);
      this.pending.clear();
    });
  }

  /** The process id (for its peak memory). */
  get pid(): number {
    return this.child.pid!;
  }

  /** Sends a request that tsserver answers (quickinfo, completionInfo, configure, …) and waits for the answer. */
  request(command: string, args: object): Promise<Response> {
    if (this.exited) return Promise.reject(this.exited);
    const seq = this.write(command, args);
    return new Promise((resolve, reject) => this.pending.set(seq, { resolve, reject }));
  }

  /** Sends a request tsserver does not answer (open, change, close); it is handled before any later request. */
  notify(command: string, args: object): void {
    this.write(command, args);
  }

  /** The peak resident set size of the process so far, in MB (Linux: VmHWM). */
  peakRssMb(): number {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'));
    if (!m) throw new Error('tsserver: no VmHWM in /proc status');
    return Number(m[1]) / 1024;
  }

  /** Ends the process and waits for it to exit. */
  async close(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill();
    await gone;
  }

  private write(command: string, args: object): number {
    const seq = ++this.seq;
    this.child.stdin!.write(`${JSON.stringify({ seq, type: 'request', command, arguments: args })}\n`);
    return seq;
  }

  private read(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd === -1) return;
      const m = /Content-Length: (\d+)/.exec(this.buffer.subarray(0, headerEnd).toString());
      if (!m) throw new Error(`tsserver: unexpected output ${this.buffer.subarray(0, 200).toString()}`);
      const start = headerEnd + 4;
      const end = start + Number(m[1]);
      if (this.buffer.length < end) return;
      const message = JSON.parse(this.buffer.subarray(start, end).toString()) as { type: string } & Response;
      this.buffer = this.buffer.subarray(end);
      if (message.type !== 'response') continue;
      const p = this.pending.get(message.request_seq);
      if (p === undefined) continue;
      this.pending.delete(message.request_seq);
      if (message.success) p.resolve(message);
      else p.reject(new Error(`tsserver ${message.command} failed: ${message.message}`));
    }
  }
}
