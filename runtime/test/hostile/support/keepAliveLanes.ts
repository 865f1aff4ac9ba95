// A load client that tells apart what wrk cannot: a request written on an open keep-alive
// connection and then cut without an answer (a reset: the shutdown race), from a new
// connection refused because the server stopped listening (expected during shutdown).
import { connect, type Socket } from 'node:net';

/** Totals over all lanes. */
export interface LaneTotals {
  answered: number;
  /** Requests written and cut before their response was complete. */
  cut: number;
  /** Connections refused (the listener had closed): how each lane ends. */
  refused: number;
}

const REQUEST = 'GET /users/1 HTTP/1.1\r\nHost: a.example\r\n\r\n';

/** Runs `lanes` connections, each sending one request after the other, until every lane is refused or `untilMs` passes. */
export async function runLanes(port: number, lanes: number, untilMs: number): Promise<LaneTotals> {
  const totals: LaneTotals = { answered: 0, cut: 0, refused: 0 };
  const deadline = Date.now() + untilMs;
  await Promise.all(Array.from({ length: lanes }, () => lane(port, deadline, totals)));
  return totals;
}

async function lane(port: number, deadline: number, totals: LaneTotals): Promise<void> {
  while (Date.now() < deadline) {
    const socket = await open(port);
    if (socket === undefined) {
      totals.refused++;
      return;
    }
    // Requests on this connection until the server closes it.
    for (;;) {
      if (Date.now() >= deadline) {
        socket.destroy();
        return;
      }
      const outcome = await exchangeOne(socket);
      if (outcome === 'cut') totals.cut++;
      else totals.answered++;
      if (outcome !== 'kept') break;
    }
    socket.destroy();
  }
}

function open(port: number): Promise<Socket | undefined> {
  return new Promise((resolve) => {
    const s = connect({ port, host: '127.0.0.1' });
    s.once('connect', () => {
      s.removeAllListeners('error');
      resolve(s);
    });
    s.once('error', () => resolve(undefined));
  });
}

/** Writes one request and reads its response: 'kept' (keep-alive), 'closing' (connection: close) or 'cut'. */
function exchangeOne(socket: Socket): Promise<'kept' | 'closing' | 'cut'> {
  return new Promise((resolve) => {
    let buffer = Buffer.alloc(0);
    const done = (outcome: 'kept' | 'closing' | 'cut') => {
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.off('error', onClose);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffer.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffer.length < end + 4 + length) return;
      done(/\r\nconnection: *close/i.test(head) ? 'closing' : 'kept');
    };
    const onClose = () => done('cut');
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.once('error', onClose);
    socket.write(REQUEST);
  });
}
