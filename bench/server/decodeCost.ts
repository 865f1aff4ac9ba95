// What decoding the POST route's body costs in process, kitgen's body codec against what the
// hand-written node:http server does (bench/server/servers/node-http.ts), so that bench:server's
// POST gap can be told apart from decoding. Usage: node scripts/run-ts.mjs bench/server/decodeCost.ts
import { bodyCodecFor, CodecConfig, Schema } from '@kitgen/runtime';
import { newUserJsonSchema, validNewUser, type User } from './domain.ts';
import { median } from './report.ts';

const NewUser = Schema.Unsafe<User>(structuredClone(newUserJsonSchema) as object);
const codec = bodyCodecFor('application/json', NewUser, CodecConfig.current())!;
const body = Buffer.from(JSON.stringify({ id: 42, name: 'Ada Lovelace', email: 'ada@example.com' }));
const iterations = 2_000_000;

const contestants: ReadonlyArray<readonly [string, () => number]> = [
  [
    "kitgen: the body codec's decode (UTF-8 check, JSON.parse, JSON plan, schema validator)",
    () => {
      let sum = 0;
      for (let i = 0; i < iterations; i++) {
        const r = codec.decode(body);
        if (r._tag !== 'right') throw new Error('the record did not decode');
        sum += (r.right as User).id;
      }
      return sum;
    },
  ],
  [
    'hand-written: Buffer.concat + toString + JSON.parse + validNewUser',
    () => {
      let sum = 0;
      for (let i = 0; i < iterations; i++) {
        const value: unknown = JSON.parse(Buffer.concat([body]).toString('utf8'));
        if (!validNewUser(value)) throw new Error('the record did not validate');
        sum += value.id;
      }
      return sum;
    },
  ],
];

const samples = new Map<string, number[]>(contestants.map(([name]) => [name, []]));
for (let round = 0; round < 5; round++) {
  for (const [name, run] of round % 2 === 0 ? contestants : [...contestants].reverse()) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    samples.get(name)!.push(((used.user + used.system) / iterations) * 1000);
  }
}
for (const [name, ns] of samples)
  process.stdout.write(`${name}: ${median(ns).toFixed(0)} ns per body (median of 5 rounds, ${iterations} each)\n`);
