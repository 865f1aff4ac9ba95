// Hostile suite, bounded cost per request: bodies whose cost is out of proportion to their
// size, and bodies that never finish. A MsgPack body of a megabyte of 0x91 bytes is a million
// arrays nested one in the next; decoded, it took about 150 MiB and over a second: it must be
// refused with a 400 naming the depth before decoding, cheaply even 20 at once. A Content-Type
// of 300,000 parameters must parse in linear time. A body that stalls must be cut at
// request-header-timeout + request-body-timeout, not held for Node's 300 s.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { exchange } from './support/exchange.ts';
import { helloLatency } from './support/health.ts';
import { startHostile } from './support/hostileServer.ts';
import { percentile } from './support/tools.ts';

const MiB = 1024 * 1024;

/** A POST of `body` to a MsgPack route of support/hostileApp.ts, closing after the answer. */
function postMsgpack(body: Uint8Array, path = '/msgpack'): Buffer {
  const accept = path === '/msgpack/echo' ? 'Accept: application/msgpack\r\n' : '';
  const head = `POST ${path} HTTP/1.1\r\nHost: a.example\r\nContent-Type: application/msgpack\r\n${accept}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
}

/** `{name: 'x', children: [ [[[…]]] ]}` with arrays nested `depth` levels inside the children list. */
function nested(depth: number): Uint8Array {
  const prefix = [0x82, 0xa4, ...Buffer.from('name'), 0xa1, 0x78, 0xa8, ...Buffer.from('children'), 0x91];
  const body = new Uint8Array(prefix.length + depth + 1);
  body.set(prefix);
  body.fill(0x91, prefix.length, prefix.length + depth);
  body[prefix.length + depth] = 0xc0; // nil at the bottom
  return body;
}

const bodyOf = (text: string) => text.slice(text.indexOf('\r\n\r\n') + 4);

test('limits: MsgPack arrays nested a million deep get a 400 naming the depth, 20 at once cost little memory, and the server serves on', async () => {
  const server = await startHostile();
  try {
    // One megabyte of nesting (under the 1 MiB body limit); the route's own two levels come on top.
    const deep = nested(1_000_000);
    const t0 = performance.now();
    const one = await exchange(server.port, postMsgpack(deep), 10_000);
    const ms = performance.now() - t0;
    console.log(`# 1,000,000 levels (${deep.length} bytes) → ${one.status} in ${ms.toFixed(0)} ms`);
    assert.equal(one.status, 400, one.text.slice(0, 300));
    const answer = JSON.parse(bodyOf(one.text)) as { message: string; expected?: string };
    assert.match(answer.message, /MsgPack data: arrays and maps nest deeper than 1000 levels \(at byte \d+\)/);
    assert.equal(answer.expected, 'at most 1000 levels of nested arrays and maps');
    assert.doesNotMatch(one.text, /\n\s+at /, 'no stack trace');
    assert.ok(ms < 2000, `answered after ${ms.toFixed(0)} ms`);

    const before = server.memory();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => exchange(server.port, postMsgpack(deep), 30_000)),
    );
    const after = server.memory();
    const growth = after.peak - before.rss;
    console.log(
      `# 20 at once: RSS ${(before.rss / MiB).toFixed(0)} MiB before, peak ${(after.peak / MiB).toFixed(0)} MiB, growth ${(growth / MiB).toFixed(1)} MiB`,
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(20).fill(400),
    );
    // The bodies themselves are 20 MB; decoded, each would have cost ~150 MiB.
    assert.ok(growth < 64 * MiB, `resident memory grew by ${(growth / MiB).toFixed(1)} MiB`);
    assert.equal(await server.calls(), 0);

    // Nesting up to the limit is still decoded: 998 levels inside children, 1000 in all.
    const ok = await exchange(server.port, postMsgpack(nested(998)));
    assert.equal(ok.status, 200, ok.text.slice(0, 300));
    assert.deepEqual(JSON.parse(bodyOf(ok.text)), { children: 1 });
    const over = await exchange(server.port, postMsgpack(nested(999)));
    assert.equal(over.status, 400, over.text.slice(0, 300));
    // What is read within the limit is written back as it was (the encoder's own limit was 100).
    const echoed = await exchange(server.port, postMsgpack(nested(998), '/msgpack/echo'));
    assert.equal(echoed.status, 200, echoed.text.slice(0, 300));
    assert.deepEqual(Buffer.from(bodyOf(echoed.text), 'latin1'), Buffer.from(nested(998)));
    assert.equal(await server.calls(), 2);
    assert.equal(server.child.exitCode, null);
  } finally {
    await server.stop();
  }
});

test('limits: a Content-Type of 300,000 parameters (max-header-size raised to 1 MiB) is parsed in linear time', async () => {
  const server = await startHostile({ LIB_HTTP_SERVER_MAX_HEADER_SIZE: String(1024 * 1024) });
  try {
    // 600 KB of `;a`: each parameter without a value once made the parser search the rest of the header.
    const type = `application/msgpack${';a'.repeat(300_000)}`;
    const body = nested(1);
    const request = Buffer.concat([
      Buffer.from(
        `POST /msgpack HTTP/1.1\r\nHost: a.example\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      ),
      body,
    ]);
    const t0 = performance.now();
    const r = await exchange(server.port, request, 10_000);
    const ms = performance.now() - t0;
    console.log(`# ${type.length}-byte Content-Type → ${r.status} in ${ms.toFixed(0)} ms`);
    assert.equal(r.status, 200, r.text.slice(0, 300));
    assert.deepEqual(JSON.parse(bodyOf(r.text)), { children: 1 });
    assert.ok(ms < 1000, `answered after ${ms.toFixed(0)} ms`);
  } finally {
    await server.stop();
  }
});

test('limits: 50 bodies that stall half-way are cut with 408 at request-header-timeout + request-body-timeout, /hello answering meanwhile', async () => {
  // 1 s for the head, 2 s more for the body: every stalled request is cut 3-4 s after its first byte.
  const server = await startHostile({
    LIB_HTTP_SERVER_REQUEST_HEADER_TIMEOUT: '1s',
    LIB_HTTP_SERVER_REQUEST_BODY_TIMEOUT: '2s',
  });
  try {
    const half = Buffer.alloc(512 * 1024, 0x61);
    const request = Buffer.concat([
      Buffer.from(`POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: ${2 * half.length}\r\n\r\n`),
      half,
    ]);
    let written = 0;
    const stalled = (): Promise<{ status: number; ms: number; text: string }> =>
      new Promise((resolve) => {
        const t0 = performance.now();
        const socket = connect(server.port, '127.0.0.1');
        let text = '';
        socket.on('connect', () => socket.write(request, () => written++));
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
        socket.on('error', () => undefined);
        socket.on('close', () =>
          resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), ms: performance.now() - t0, text }),
        );
      });
    // The first requests of a fresh server load code paths; the latency to watch is the settled one.
    for (let i = 0; i < 3; i++) await helloLatency(server.port);
    const before = server.memory();
    const cut = Promise.all(Array.from({ length: 50 }, stalled));
    // Once the server holds all 50 half bodies, a legitimate client asks for /hello.
    while (written < 50) await new Promise((resolve) => setTimeout(resolve, 20));
    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      // An answer missing after 3 s counts as 3 s (the bodies are cut at 3 s at the latest).
      latencies.push(await helloLatency(server.port, 3000));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answers = await cut;
    const after = server.memory();
    const times = answers.map((a) => a.ms);
    console.log(
      `# 50 stalled bodies of 512 KiB: cut after ${Math.min(...times).toFixed(0)}-${Math.max(...times).toFixed(0)} ms; ` +
        `RSS ${(before.rss / MiB).toFixed(0)} MiB before, peak ${(after.peak / MiB).toFixed(0)} MiB; /hello ${latencies.map((l) => l.toFixed(0)).join(' ')} ms`,
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(50).fill(408),
    );
    assert.match(answers[0].text, /\r\nconnection: close\r\n/i);
    assert.match(
      answers[0].text,
      /The request body did not arrive in time: a request with a body must be complete within 3000 ms of its first byte/,
    );
    assert.ok(
      times.every((ms) => ms >= 2900 && ms < 5000),
      `cut after ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
    );
    // Every /hello answered; the first may meet the collection of the 25 MiB of half bodies just
    // received (a few hundred ms on a loaded two-core machine), the rest must be quick.
    assert.ok(
      latencies.every((ms) => ms < 3000),
      'every /hello answered 200',
    );
    assert.ok(percentile(latencies, 90) < 100, `/hello p90 ${percentile(latencies, 90).toFixed(1)} ms`);
    assert.equal(await server.calls(), 23, 'only /hello ran');
  } finally {
    await server.stop();
  }
});
