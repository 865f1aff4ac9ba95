// Hostile suite, connection-level limits: the request-header timeout holds for every
// connection whether or not the server has WebSocket routes (a request head that never ends
// gets 408 once it passes), and max-connections refuses connections beyond the cap at once
// while those within it are served.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { exchange } from './support/exchange.ts';
import { startHostile } from './support/hostileServer.ts';

for (const ws of [true, false]) {
  test(`request-header-timeout: a head that never ends gets 408 within the timeout (${ws ? 'with' : 'without'} a WebSocket route)`, async () => {
    const server = await startHostile({
      LIB_HTTP_SERVER_REQUEST_HEADER_TIMEOUT: '2s',
      ...(ws ? {} : { HOSTILE_NO_WS: '1' }),
    });
    try {
      const cases = {
        'HTTP/0.9 style line': 'GET /users/1\r\n',
        'head without its empty line': 'GET /users/1 HTTP/1.1\r\nHost: a.example\r\n',
        'nothing at all': '',
      };
      for (const [name, bytes] of Object.entries(cases)) {
        const t0 = performance.now();
        const r = await exchange(server.port, bytes, 8000);
        const s = (performance.now() - t0) / 1000;
        // With a WebSocket route the handshake timer (10 s) is longer than the 2 s limit here.
        assert.ok(r.ended !== 'timeout' && s >= 1.9 && s < 3.5, `${name}: ended '${r.ended}' after ${s.toFixed(1)} s`);
        if (bytes !== '') assert.equal(r.status, 408, `${name}: ${r.text.slice(0, 80)}`);
      }
      assert.equal(await server.calls(), 0);
    } finally {
      await server.stop();
    }
  });
}

function openSocket(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve({ socket, closed }));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

test('max-connections: connections beyond the cap are closed at once, those within it are served', async () => {
  const server = await startHostile({ LIB_HTTP_SERVER_MAX_CONNECTIONS: '100' });
  try {
    const held: Array<{ socket: Socket; closed: Promise<void> }> = [];
    for (let i = 0; i < 100; i++) held.push(await openSocket(server.port));
    const extra = [];
    for (let i = 0; i < 20; i++) extra.push(await openSocket(server.port).catch(() => undefined));
    const cut = await Promise.all(
      extra.map((e) =>
        e ? Promise.race([e.closed.then(() => true), new Promise((r) => setTimeout(r, 1000, false))]) : true,
      ),
    );
    assert.equal(cut.filter(Boolean).length, 20, 'every connection beyond the cap is closed');
    // One of the held connections is served.
    const r = await new Promise<string>((resolve) => {
      const s = held[0].socket;
      let text = '';
      s.on('data', (d: Buffer) => {
        text += d.toString();
        if (text.includes('\r\n\r\n')) resolve(text);
      });
      s.write('GET /users/1 HTTP/1.1\r\nHost: a.example\r\n\r\n');
    });
    assert.match(r, /^HTTP\/1\.1 200 /);
    // Closing held connections makes room again.
    for (const h of held) h.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(
      (await exchange(server.port, 'GET /users/2 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n')).status,
      200,
    );
  } finally {
    await server.stop();
  }
});
