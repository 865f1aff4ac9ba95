/**
 * `npm run bench:json`: the JSON body path of POST /users in isolation, to choose the validator
 * and the encoder by figures (issue: "measure the alternatives (ajv, a compiled encoder)").
 * Decoding: kitgen's JSON codec against JSON.parse + TypeBox's compiled check, JSON.parse + ajv,
 * and Fastify's own road (secure-json-parse + ajv); the checks alone on a parsed value. Encoding:
 * kitgen's codec against JSON.stringify and fast-json-stringify (Fastify's serializer). Same
 * interleaved, CPU-time harness as bench:codecs; medians in ns per operation.
 */
import { cpus, loadavg } from 'node:os';
import { Ajv } from 'ajv';
import fastJson from 'fast-json-stringify';
import secureJson from 'secure-json-parse';
import { Compile } from 'typebox/compile';
import { CodecConfig, JsonCodec, Schema } from '@kitgen/runtime';
import { consume, measure, type Job } from '../codecs/measure.ts';
import { newUserBody, newUserJsonSchema, type User } from '../server/domain.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const sampleMs = Number(process.env.BENCH_SAMPLE_MS ?? 40);

const NewUser = Schema.Unsafe<User>(structuredClone(newUserJsonSchema) as object);
const codec = JsonCodec.schemaBasedBinaryCodec(NewUser, CodecConfig.default);
const bytes = Buffer.from(newUserBody);
const value: User = JSON.parse(newUserBody);

const typeboxCheck = Compile(Schema.Unsafe<User>(structuredClone(newUserJsonSchema) as object));
// Fastify's validator settings (coercion off for bodies, all errors off).
const ajv = new Ajv({ coerceTypes: false, useDefaults: true, removeAdditional: true, allErrors: false });
const ajvValidate = ajv.compile(structuredClone(newUserJsonSchema));
const stringify = fastJson(structuredClone(newUserJsonSchema) as unknown as Parameters<typeof fastJson>[0]);

const check = (ok: boolean) => {
  if (!ok) throw new Error('the record must validate');
  consume(1);
};

const jobs: Job[] = [
  { label: 'decode kitgen codec.decode(bytes)', ops: 1, run: () => check(codec.decode(bytes)._tag === 'right') },
  {
    label: 'decode JSON.parse + TypeBox Check',
    ops: 1,
    run: () => check(typeboxCheck.Check(JSON.parse(bytes.toString()))),
  },
  { label: 'decode JSON.parse + ajv', ops: 1, run: () => check(ajvValidate(JSON.parse(bytes.toString())) as boolean) },
  {
    label: 'decode secure-json-parse + ajv (Fastify)',
    ops: 1,
    run: () => check(ajvValidate(secureJson.parse(bytes.toString())) as boolean),
  },
  { label: 'check TypeBox Check', ops: 1, run: () => check(typeboxCheck.Check(value)) },
  { label: 'check ajv', ops: 1, run: () => check(ajvValidate(value) as boolean) },
  { label: 'check kitgen codec.check', ops: 1, run: () => check(codec.check(value)) },
  { label: 'encode kitgen encodeToString', ops: 1, run: () => consume(codec.encodeToString(value).length) },
  { label: 'encode JSON.stringify', ops: 1, run: () => consume(JSON.stringify(value).length) },
  { label: 'encode fast-json-stringify (Fastify)', ops: 1, run: () => consume(stringify(value).length) },
];

// The contestants must agree before they are timed.
const expected = JSON.stringify(value);
for (const text of [codec.encodeToString(value), stringify(value)]) {
  if (text !== expected) throw new Error(`encoders disagree: ${text} vs ${expected}`);
}

console.log(`date:     ${new Date().toISOString()}`);
console.log(
  `machine:  ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `workload: the POST /users record (${bytes.byteLength} bytes), ${rounds} interleaved rounds of ~${sampleMs} ms CPU per contestant, medians of CPU time\n`,
);
const results = measure(jobs, rounds, sampleMs);
const width = Math.max(...jobs.map((j) => j.label.length));
for (const [label, ns] of results) console.log(`${label.padEnd(width)}  ${ns.toFixed(0).padStart(6)} ns/op`);
