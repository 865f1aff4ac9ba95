/**
 * Holds idle keep-alive connections open against a server, for bench:routes' memory figure:
 * `node holdConnections.js <port> <count>` opens `count` connections, sends one GET on each and
 * reads its answer, then prints `HELD <open> <failed>` and keeps them idle. On the line `status`
 * from stdin it prints `OPEN <n>` (how many are still open); on `more` it opens `count` more the
 * same way and prints `HELD` again (totals); stdin's end closes everything.
 */
import { connect, type Socket } from 'node:net';

const [portText = '', countText = '10000', host = '127.0.0.1'] = process.argv.slice(2);
const port = Number(portText);
const count = Number(countText);
const request = `GET /users/1 HTTP/1.1\r\nHost: ${host}:${port}\r\n\r\n`;
const sockets: Socket[] = [];
let open = 0;
let failed = 0;

/** Opens one connection, sends the request, resolves when the answer's first bytes came back. */
function one(): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      if (ok) open++;
      else failed++;
      resolve();
    };
    socket.once('connect', () => socket.write(request));
    socket.once('data', () => done(true));
    socket.once('error', () => done(false));
    socket.once('close', () => {
      if (settled) open--;
      done(false);
    });
    sockets.push(socket);
  });
}

/** Opens `count` connections, in batches so that the server's accept queue is never the limit, then prints the totals. */
async function openMore(): Promise<void> {
  for (let i = 0; i < count; i += 250) {
    await Promise.all(Array.from({ length: Math.min(250, count - i) }, one));
  }
  process.stdout.write(`HELD ${open} ${failed}\n`);
}

await openMore();
process.stdin.setEncoding('utf8');
process.stdin.on('data', (text: string) => {
  if (text.includes('status')) process.stdout.write(`OPEN ${open}\n`);
  if (text.includes('more')) void openMore();
});
process.stdin.on('end', () => {
  for (const s of sockets) s.destroy();
  process.exit(0);
});
