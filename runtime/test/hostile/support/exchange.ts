// One raw exchange over TCP: write bytes exactly as given, read until the server closes (or a
// deadline), and report the status of the first response, or how the connection ended.
import { connect } from 'node:net';

/** What came back: the first response's status (0 when none) and the bytes, or how it ended. */
export interface Exchange {
  readonly status: number;
  readonly text: string;
  readonly ended: 'closed' | 'reset' | 'timeout';
}

/** Sends `bytes` to 127.0.0.1:`port` (all at once) and waits up to `timeoutMs` for the server to close. */
export function exchange(port: number, bytes: string | Buffer, timeoutMs = 3000): Promise<Exchange> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect({ port, host: '127.0.0.1' });
    let settled = false;
    const finish = (ended: Exchange['ended']) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, text, ended });
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => finish('closed'));
    socket.on('close', () => finish('closed'));
    socket.on('error', (e: NodeJS.ErrnoException) => finish(e.code === 'ECONNRESET' ? 'reset' : 'closed'));
  });
}
