// Hostile suite, decompression bombs: bodies of a few kilobytes that inflate to 64 MiB, in the
// four codings the server decodes (gzip, zlib deflate, raw deflate, brotli). Each alone must
// get 413 at the 1 MiB body limit; 50 at once of one coding must not grow the server's
// resident memory by 100 MB or more (decompression slots and the brotli window limit).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliCompressSync, constants, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { exchange } from './support/exchange.ts';
import { startHostile, type HostileServer } from './support/hostileServer.ts';

const MiB = 1024 * 1024;
const zeros = Buffer.alloc(64 * MiB);
const bombs = {
  gzip: gzipSync(zeros, { level: 9 }),
  deflate: deflateSync(zeros, { level: 9 }),
  'raw deflate': deflateRawSync(zeros, { level: 9 }),
  // lgwin 22 is brotli's default window (4 MiB): accepted, so it is inflated up to the limit.
  br: brotliCompressSync(zeros, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 22 },
  }),
  // lgwin 24 (16 MiB), as the bombs that grew memory by 16 MB each: refused before decoding.
  'br, 16 MiB window': brotliCompressSync(zeros, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 24 },
  }),
} as const;
type Bomb = keyof typeof bombs;
const coding: Record<Bomb, string> = {
  gzip: 'gzip',
  deflate: 'deflate',
  'raw deflate': 'deflate',
  br: 'br',
  'br, 16 MiB window': 'br',
};
const expected: Record<Bomb, number> = {
  gzip: 413,
  deflate: 413,
  'raw deflate': 413,
  br: 413,
  'br, 16 MiB window': 415,
};

function request(bomb: Bomb): Buffer {
  const body = bombs[bomb];
  const head = `POST /echo HTTP/1.1\r\nHost: a.example\r\nContent-Encoding: ${coding[bomb]}\r\nContent-Length: ${body.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
}

async function serve(): Promise<HostileServer> {
  return startHostile({ LIB_HTTP_SERVER_REQUEST_DECOMPRESSION: 'non-strict' });
}

test('bombs: each coding alone gets its answer at the body limit (413; a 16 MiB brotli window 415)', async () => {
  const server = await serve();
  try {
    for (const bomb of Object.keys(bombs) as Bomb[]) {
      const t0 = performance.now();
      const r = await exchange(server.port, request(bomb), 10_000);
      const ms = performance.now() - t0;
      console.log(`# bomb ${bomb}: ${bombs[bomb].length} bytes → ${r.status} in ${ms.toFixed(0)} ms`);
      assert.equal(r.status, expected[bomb], `${bomb}: ${r.text.slice(0, 200)}`);
      assert.ok(ms < 2000, `${bomb}: answered after ${ms.toFixed(0)} ms`);
    }
    assert.equal(await server.calls(), 0);
  } finally {
    await server.stop();
  }
});

for (const bomb of Object.keys(bombs) as Bomb[]) {
  test(`bombs: 50 concurrent ${bomb} bombs grow resident memory by less than 100 MB, then the server serves`, async () => {
    const server = await serve();
    try {
      // Warm up the paths a bomb takes (parser, decoder, error answer) before the baseline.
      for (let i = 0; i < 3; i++) await exchange(server.port, request(bomb), 10_000);
      const before = server.memory();
      const answers = await Promise.all(Array.from({ length: 50 }, () => exchange(server.port, request(bomb), 30_000)));
      const after = server.memory();
      const growth = after.peak - before.rss;
      console.log(
        `# 50 × ${bomb}: RSS ${(before.rss / MiB).toFixed(0)} MiB before, peak ${(after.peak / MiB).toFixed(0)} MiB, growth ${(growth / MiB).toFixed(1)} MiB; ${(after.rss / MiB).toFixed(0)} MiB after`,
      );
      const statuses = new Map<number, number>();
      for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      assert.deepEqual([...statuses], [[expected[bomb], 50]], `every bomb answered ${expected[bomb]}`);
      assert.ok(growth < 100 * 1000 * 1000, `resident memory grew by ${(growth / MiB).toFixed(1)} MiB`);
      const ok = await exchange(server.port, 'GET /users/1 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
      assert.equal(ok.status, 200);
      assert.equal(await server.calls(), 1);
    } finally {
      await server.stop();
    }
  });
}
