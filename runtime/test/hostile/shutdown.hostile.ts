// Hostile suite, shutdown under load: wrk keeps 50 connections busy and 20 more keep-alive
// lanes (support/keepAliveLanes.ts) send request after request while the server gets SIGTERM.
// A request already written on an open connection must be answered (with
// `connection: close`), never cut; new connections are refused once the listener closed.
// wrk cannot tell a refused reconnect from a reset (both count as its read errors), so the
// lanes do the counting. HOSTILE_SIGTERM_RUNS sets the runs (5 by default; docs/security.md
// records 20).
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { startHostile } from './support/hostileServer.ts';
import { runLanes, type LaneTotals } from './support/keepAliveLanes.ts';
import { hasTool } from './support/tools.ts';

test('SIGTERM under wrk load: every request written on an open connection is answered, none cut', async (t: TestContext) => {
  if (!hasTool('wrk')) return t.skip('wrk is not installed (apt-get install wrk)');
  const runs = Number(process.env.HOSTILE_SIGTERM_RUNS ?? 5);
  const results: LaneTotals[] = [];
  const wrkRequests: number[] = [];
  for (let run = 0; run < runs; run++) {
    const server = await startHostile();
    const wrk = spawn('wrk', ['-t1', '-c50', '-d3s', `http://127.0.0.1:${server.port}/users/1`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    wrk.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const wrkDone = new Promise((resolve) => wrk.on('exit', resolve));
    const lanes = runLanes(server.port, 20, 5000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const code = await server.stop();
    results.push(await lanes);
    await wrkDone;
    wrkRequests.push(Number(/(\d+) requests in/.exec(out)?.[1] ?? 0));
    assert.equal(code, 0, 'the server exits 0 after a graceful shutdown');
  }
  console.log(
    `# SIGTERM under wrk (-c50) + 20 keep-alive lanes, ${runs} runs: lane requests answered ${results.map((r) => r.answered).join(', ')}; cut ${results.map((r) => r.cut).join(', ')}; refused reconnects ${results.map((r) => r.refused).join(', ')}; wrk requests ${wrkRequests.join(', ')}`,
  );
  assert.deepEqual(
    results.map((r) => r.cut),
    results.map(() => 0),
    'no request cut in any run',
  );
  assert.ok(
    results.every((r) => r.answered > 100 && r.refused === 20),
    'the lanes ran until the listener closed',
  );
});
