// Hostile suite, JSON bodies: a recursive union without a tag (`{x,next?}|{y,next?}`) nested 22,
// 1,600, 4,999 levels and a whole mebibyte deep; 100,000 nested arrays; `__proto__` and
// `constructor.prototype` keys. Each must be answered within milliseconds — a 400 naming the
// place, or the body echoed back when it is within the limits — while GET /hello, polled all
// along, keeps answering within 100 ms of its idle latency (300 ms with 20 such bodies at once).
// The same bodies go to Fastify 5 with its defaults, in a process of its own, and both timings
// are printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exchange, type Exchange } from './support/exchange.ts';
import { hellos, idleLatency, pollHealth } from './support/health.ts';
import { startHostile } from './support/hostileServer.ts';
import { startReferee } from './support/referee.ts';

const MAX_DEPTH = 5000; // CodecConfig's default maxDepth
const WARM_ROUNDS = 5;
const BODY_LIMIT = 1024 * 1024;

const post = (path: string, body: string): string =>
  `POST /json/${path} HTTP/1.1\r\nHost: a.example\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;

async function timed(
  port: number,
  request: string,
  timeoutMs = 30_000,
): Promise<Exchange & { ms: number; body: string }> {
  const start = performance.now();
  const r = await exchange(port, request, timeoutMs);
  return { ...r, ms: performance.now() - start, body: r.text.slice(r.text.indexOf('\r\n\r\n') + 4) };
}

/** A chain of `levels` nodes alternating the union's members around `leaf`, written as JSON. */
function chain(levels: number, leaf = '{"x":0}'): string {
  let open = '';
  let close = '';
  for (let i = levels; i > 0; i--) {
    open += i % 2 === 0 ? `{"x":${i},"next":` : `{"y":${i},"next":`;
    close += '}';
  }
  return open + leaf + close;
}

/** `levels` nodes of `{next,v:"s"}`: each fits the second member of `{next?,v?:number}|{next?,v?:string}` only, which is known after `next`. */
const looseChain = (levels: number): string => '{"next":'.repeat(levels) + '{}' + ',"v":"s"}'.repeat(levels);

/** The deepest chain that fits in `bytes`. */
function chainOf(bytes: number): string {
  let levels = Math.floor(bytes / 20);
  while (chain(levels).length > bytes) levels -= 100;
  return chain(levels);
}

const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepChain = chainOf(BODY_LIMIT - 1024);

interface Case {
  readonly label: string;
  readonly path: 'chain' | 'any' | 'either';
  readonly body: string;
  /** The body Fastify gets instead (ajv tries every member of every level: 40 levels would take days). */
  readonly fastify?: string;
  /** 200 with the body echoed, or 400 with a message matching `says`. */
  readonly status: 200 | 400;
  readonly says?: RegExp;
}

const cases: Case[] = [
  { label: 'recursive union, 22 levels (337 bytes)', path: 'chain', body: chain(22), status: 200 },
  {
    label: 'recursive union, 22 levels, wrong innermost node',
    path: 'chain',
    body: chain(22, '{"z":0}'),
    status: 400,
    says: new RegExp(`body at ${'/next'.repeat(22)}: must have required propert`),
  },
  {
    label: `recursive union, 1,600 levels (${chain(1600).length} bytes)`,
    path: 'chain',
    body: chain(1600),
    status: 200,
  },
  {
    label: 'recursive union, 1,600 levels, wrong innermost node',
    path: 'chain',
    body: chain(1600, '{"z":0}'),
    status: 400,
    says: /body: does not match the schema/,
  },
  {
    label: `recursive union, ${MAX_DEPTH - 1} levels, the limit (${chain(MAX_DEPTH - 1).length} bytes)`,
    path: 'chain',
    body: chain(MAX_DEPTH - 1),
    status: 200,
  },
  {
    label: `recursive union, a mebibyte deep (${deepChain.length} bytes)`,
    path: 'chain',
    body: deepChain,
    status: 400,
    says: new RegExp(`body at /next/next.*: nested deeper than the limit of ${MAX_DEPTH} levels`),
  },
  // The server picks the declared output the echoed value fits, each union by its committed member.
  {
    label: 'recursive union under two declared outputs, 40 levels',
    path: 'either',
    body: looseChain(40),
    status: 200,
    fastify: looseChain(16),
  },
  { label: `Unknown value, ${MAX_DEPTH} nested arrays (the limit)`, path: 'any', body: nested(MAX_DEPTH), status: 200 },
  {
    label: 'Unknown value, 100,000 nested arrays',
    path: 'any',
    body: nested(100_000),
    status: 400,
    says: new RegExp(`body at /0/0/0.*: nested deeper than the limit of ${MAX_DEPTH} levels`),
  },
  {
    label: '__proto__ key',
    path: 'any',
    body: '{"a":[{"__proto__":{"polluted":true}}]}',
    status: 400,
    says: /body at \/a\/0\/__proto__: a field named "__proto__" is refused/,
  },
  {
    label: 'escaped __proto__ key',
    path: 'any',
    body: '{"\\u005f_proto__":{"polluted":true}}',
    status: 400,
    says: /body at \/__proto__: /,
  },
  {
    label: 'constructor.prototype',
    path: 'any',
    body: '{"a":{"constructor":{"prototype":{"polluted":true}}}}',
    status: 400,
    says: /body at \/a\/constructor\/prototype: a "prototype" field inside "constructor" is refused/,
  },
];

test('JSON: recursive unions, deep nesting and prototype keys are answered in milliseconds, and /hello stays fast', async () => {
  const server = await startHostile();
  const referee = await startReferee(new URL('./support/fastifyJsonApp.ts', import.meta.url));
  try {
    // Warm both servers (codec compilation, the JIT of every road) outside the measurements:
    // what is measured is what a server that has been running answers. kitgen's roads get a few
    // rounds: a road run once or twice is still interpreted, and the deep echoes then hold the
    // event loop 100-160 ms on this shared machine instead of the 7-25 ms they settle at.
    let warm = 0;
    for (let round = 0; round < WARM_ROUNDS; round++) {
      for (const c of cases) {
        await timed(server.port, post(c.path, c.body));
        if (round === 0) await timed(referee.port, post(c.path, c.fastify ?? c.body));
        if (c.status === 200) warm++;
      }
    }
    const idle = await idleLatency(server.port);
    const slowest = (list: number[]) => Math.max(...list);
    // One body at a time, GET /hello waits at most 100 ms beyond idle (the 4,999-level echo, the
    // slowest road, holds the loop 7-25 ms on a quiet machine). Twenty at once are 4.5 MB of
    // bodies arriving together, each read, UTF-8-checked and scanned before the next /hello is
    // served: 150-250 ms under a load average of 9-14 on the two cores, so that bound is 300 ms.
    const bound = 100 + idle;
    const burstBound = 300 + idle;
    // GET /hello's worst latency is measured while the bodies are sent one by one, then twenty at
    // once. Fastify gets each body after kitgen has answered and GET /hello is no longer asked:
    // its work (half a second of CPU for some bodies) would take the cores from the server
    // measured. The client shares the machine's two cores with the servers, so a round over the
    // bound is run again (up to three rounds); a decoder whose cost is not linear misses every round.
    let served = 0;
    const singles = async (): Promise<number> => {
      let worst = 0;
      for (const c of cases) {
        const health = pollHealth(server.port);
        let latencies: number[];
        let r: Awaited<ReturnType<typeof timed>>;
        try {
          // GET /hello is asked before the body arrives and until the answer is in.
          await new Promise((resolve) => setTimeout(resolve, 15));
          r = await timed(server.port, post(c.path, c.body));
        } finally {
          latencies = await health.stop();
        }
        worst = Math.max(worst, slowest(latencies));
        const sent = c.fastify ?? c.body;
        const f = await timed(referee.port, post(c.path, sent));
        const fastifySays =
          f.status === 200
            ? f.body === sent
              ? 'echoed'
              : 'answered'
            : (/"message":"([^"]{0,80})/.exec(f.body)?.[1] ?? f.ended);
        const fastifyGot = c.fastify === undefined ? '' : `, sent ${sent.length} bytes`;
        console.log(
          `# ${c.label}: kitgen ${r.status} in ${r.ms.toFixed(1)} ms (GET /hello at worst ${slowest(latencies).toFixed(1)} ms); ` +
            `Fastify ${f.status || f.ended} in ${f.ms.toFixed(1)} ms (${fastifySays}${fastifyGot})`,
        );
        assert.equal(r.status, c.status, `${c.label}: ${r.text.slice(0, 300)}`);
        if (c.status === 200) {
          assert.equal(r.body, c.body, `${c.label}: the body comes back as it was sent`);
          served++;
        } else assert.match((JSON.parse(r.body) as { message: string }).message, c.says!, c.label);
        assert.doesNotMatch(r.text, /\n\s+at /, `${c.label}: no stack trace`);
        assert.ok(r.ms < 1000, `${c.label}: answered after ${r.ms.toFixed(0)} ms`);
      }
      console.log(
        `# GET /hello, slowest answer: ${idle.toFixed(1)} ms idle, ${worst.toFixed(1)} ms during the single bodies`,
      );
      return worst;
    };
    let single = await singles();
    for (let round = 1; round < 3 && single >= bound; round++) single = await singles();
    assert.ok(
      single < bound,
      `GET /hello took ${single.toFixed(0)} ms during the single bodies (idle: ${idle.toFixed(0)} ms)`,
    );

    // Twenty hostile bodies at once, the mebibyte ones among them. The shallow wrong chain is
    // left out: it is no attack on decoding, and naming the place of a validation failure costs
    // milliseconds (in Fastify too), twenty of which would be the bound by themselves. The
    // requests are built once: the client's work competes with the servers'.
    const hostile = cases
      .filter((c) => c.status === 400 && !c.label.includes('22 levels'))
      .map((c) => Buffer.from(post(c.path, c.body), 'latin1'));
    const burst = async (port: number) => {
      const health = pollHealth(port);
      const start = performance.now();
      try {
        // GET /hello is asked while the twenty arrive and are answered.
        await new Promise((resolve) => setTimeout(resolve, 30));
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => exchange(port, hostile[i % hostile.length], 30_000)),
        );
        // A quick burst may hold a single slow /hello: two answers at least.
        return { answers, ms: performance.now() - start, latencies: await health.stop(2) };
      } catch (error) {
        await health.stop();
        throw error;
      }
    };
    const statuses = (list: Exchange[]) => [...new Set(list.map((a) => a.status || a.ended))].join('/');
    const theirs = await burst(referee.port);
    let ours = await burst(server.port);
    const report = () =>
      console.log(
        `# 20 hostile bodies at once: kitgen ${statuses(ours.answers)} in ${ours.ms.toFixed(0)} ms, GET /hello at worst ${slowest(ours.latencies).toFixed(1)} ms; ` +
          `Fastify ${statuses(theirs.answers)} in ${theirs.ms.toFixed(0)} ms, GET /hello at worst ${slowest(theirs.latencies).toFixed(1)} ms`,
      );
    report();
    for (let round = 1; round < 3 && slowest(ours.latencies) >= burstBound; round++) {
      ours = await burst(server.port);
      report();
    }
    assert.deepEqual(
      ours.answers.map((a) => a.status),
      Array(20).fill(400),
    );
    assert.ok(
      slowest(ours.latencies) < burstBound,
      `GET /hello took ${slowest(ours.latencies).toFixed(0)} ms during the burst (idle: ${idle.toFixed(0)} ms)`,
    );

    // Only the bodies within the limits reached a handler (besides the warm-up and GET /hello).
    assert.equal(await server.calls(), warm + served + hellos(server.port));
    assert.equal(server.child.exitCode, null);
  } finally {
    await referee.stop();
    await server.stop();
  }
});
