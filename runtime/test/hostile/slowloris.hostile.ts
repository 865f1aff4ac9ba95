// Hostile suite, slow clients: slowhttptest holds hundreds of connections open sending a
// header line every 2 s (Slowloris) while a legitimate client keeps calling; the legitimate
// client's p99 stays low, every slow connection is cut once request-header-timeout passes,
// and the limit is the same whether or not the server has WebSocket routes (it has one).
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { startHostile } from './support/hostileServer.ts';
import { hasTool, percentile } from './support/tools.ts';

function timedGet(port: number): Promise<{ ok: boolean; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request({ port, host: '127.0.0.1', path: '/users/7', agent: false, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ok: res.statusCode === 200, ms: performance.now() - t0 }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ ok: false, ms: performance.now() - t0 }));
    req.end();
  });
}

test('slowloris: 400 slow-header connections are cut after request-header-timeout and a legitimate client keeps a low p99', async (t: TestContext) => {
  if (!hasTool('slowhttptest')) return t.skip('slowhttptest is not installed (apt-get install slowhttptest)');
  const server = await startHostile({ LIB_HTTP_SERVER_REQUEST_HEADER_TIMEOUT: '3s' });
  const dir = mkdtempSync(join(tmpdir(), 'kitgen-slowloris-'));
  try {
    const attack = spawn(
      'slowhttptest',
      [
        '-H',
        '-c',
        '400',
        '-r',
        '200',
        '-i',
        '2',
        '-x',
        '16',
        '-l',
        '12',
        '-p',
        '3',
        '-g',
        '-o',
        join(dir, 'stats'),
        '-u',
        `http://127.0.0.1:${server.port}/users/1`,
      ],
      { stdio: 'ignore' },
    );
    const started = performance.now();
    const done = new Promise<number | null>((resolve) => attack.on('exit', resolve));
    const latencies: number[] = [];
    let failures = 0;
    let running = true;
    void done.then(() => (running = false));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    while (running) {
      const r = await timedGet(server.port);
      if (r.ok) latencies.push(r.ms);
      else failures++;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const attackSeconds = (performance.now() - started) / 1000;
    const rows = readFileSync(join(dir, 'stats.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',').map(Number));
    // Columns: seconds, closed, pending, connected, service available.
    const closed = Math.max(...rows.map((r) => r[1]));
    const maxConnected = Math.max(...rows.map((r) => r[3]));
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `# slowloris: ${maxConnected} slow connections at most, ${closed} seen cut by the server; the attack ran out of connections after ${attackSeconds.toFixed(1)} s of its 12; legitimate client: ${latencies.length} requests, ${failures} failed, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
    );
    assert.equal(failures, 0, 'no legitimate request may fail');
    assert.ok(latencies.length > 100, `${latencies.length} legitimate requests`);
    assert.ok(p99 < 250, `legitimate p99 ${p99.toFixed(1)} ms`);
    assert.equal(maxConnected, 400, 'the attack got its 400 connections');
    // slowhttptest stops early only when the server has closed every one of its connections.
    assert.ok(
      closed > 0 && attackSeconds < 10,
      `the server cut the slow connections (${closed} seen cut, attack over after ${attackSeconds.toFixed(1)} s)`,
    );
    // Besides the legitimate client only slowhttptest's probe (one request a second) reached a handler.
    const calls = await server.calls();
    assert.ok(
      calls >= latencies.length && calls - latencies.length <= 15,
      `${calls} handler calls for ${latencies.length} legitimate requests`,
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
