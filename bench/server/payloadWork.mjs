// The payload scenarios' per-request codec work in one process, for two runtime bundles at once
// (say, before and after a change) beside Fastify's road: `node bench/server/payloadWork.mjs
// <bundle A index.js> <bundle B index.js> [--only <road name part>]` after a bench:server run has
// compiled the apps to .tmp/bench-server. Each road writes its text and then makes the response's
// bytes (Buffer.byteLength + Buffer.from, as writing a response does), so a writer that leaves a
// rope of pieces pays for flattening it. CPU time per call, medians of interleaved rounds
// (BENCH_ROUNDS, default 9, of BENCH_CALLS calls, default 400). `--only` runs one road alone, for
// `node --cpu-prof`.
//
// Fastify's road is what Fastify 5 does with a JSON body: the bytes read as UTF-8 text, parsed by
// its secure-json-parse (which scans the text for `__proto__` and `constructor` keys), checked by
// Ajv with its options and formats, the answer written by fast-json-stringify. The same without the
// key scan (plain JSON.parse) is shown too. The order holds 53 em dashes, so it is not ASCII; the
// same order with hyphens instead shows what an ASCII body costs each side.
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fjs from 'fast-json-stringify';

const apps = fileURLToPath(new URL('../../.tmp/bench-server/', import.meta.url));
const [bundleA, bundleB, onlyFlag, only] = process.argv.slice(2);
if (!bundleA || !bundleB || (onlyFlag !== undefined && (onlyFlag !== '--only' || !only)))
  throw new Error('usage: node bench/server/payloadWork.mjs <bundle A index.js> <bundle B index.js> [--only <road>]');
// Fastify's own JSON parser, resolved through Fastify as it loads it.
const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
const { parse: secureJsonParse } = fastifyRequire('secure-json-parse');
// Fastify's defaults for a body holding either key: refuse it.
const fastifyParseOptions = { protoAction: 'error', constructorAction: 'error' };
const a = await import(pathToFileURL(bundleA).href);
const b = await import(pathToFileURL(bundleB).href);
const { catalog, catalogJsonSchema } = await import(pathToFileURL(`${apps}catalog.js`).href);
const { orderBody, orderJsonSchema, orderSummaryJsonSchema, summariseOrder } = await import(
  pathToFileURL(`${apps}payloads.js`).href
);

// Fastify's Ajv options (its defaults) and formats.
const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false });
addFormats(ajv);
const validate = ajv.compile(structuredClone(orderJsonSchema));
const writeList = fjs(catalogJsonSchema);
const writeSummary = fjs(orderSummaryJsonSchema);
const expected = JSON.stringify(catalog);
// Bodies arrive as bytes: kitgen's codec decodes them (strict UTF-8), Fastify reads them as a string.
const orderBytes = Buffer.from(orderBody);
const asciiOrderBytes = Buffer.from(orderBody.replaceAll('\u2014', '-'));
if (orderBytes.length === orderBody.length || asciiOrderBytes.length !== asciiOrderBytes.toString('latin1').length)
  throw new Error('the order is expected to hold non-ASCII text, its copy none');

function kitgen(rt) {
  const codec = (schema) => rt.JsonCodec.schemaBasedBinaryCodec(rt.Schema.Unsafe(structuredClone(schema)));
  const list = codec(catalogJsonSchema);
  const order = codec(orderJsonSchema);
  const summary = codec(orderSummaryJsonSchema);
  if (list.encodeToString(catalog) !== expected) throw new Error('the list is written differently');
  return {
    list: () => list.encodeToString(catalog),
    post: (bytes) => {
      const r = order.decode(bytes);
      if (r._tag !== 'right') throw new Error('the order was refused');
      return summary.encodeToString(summariseOrder(r.right));
    },
  };
}
const fastifyPost = (bytes) => {
  const v = secureJsonParse(bytes.toString('utf8'), fastifyParseOptions);
  if (!validate(v)) throw new Error('Ajv refused the order');
  return writeSummary(summariseOrder(v));
};
const ka = kitgen(a);
const kb = kitgen(b);
const roads = {
  'list: JSON.stringify': () => JSON.stringify(catalog),
  'list: fast-json-stringify': () => writeList(catalog),
  'list: kitgen A': ka.list,
  'list: kitgen B': kb.list,
  'post: Fastify (secure-json-parse, Ajv, fjs)': () => fastifyPost(orderBytes),
  'post: JSON.parse, Ajv, fjs (no key scan)': () => {
    const v = JSON.parse(orderBytes.toString('utf8'));
    if (!validate(v)) throw new Error('Ajv refused the order');
    return writeSummary(summariseOrder(v));
  },
  'post: kitgen A': () => ka.post(orderBytes),
  'post: kitgen B': () => kb.post(orderBytes),
  'ASCII post: Fastify': () => fastifyPost(asciiOrderBytes),
  'ASCII post: kitgen A': () => ka.post(asciiOrderBytes),
  'ASCII post: kitgen B': () => kb.post(asciiOrderBytes),
};
if (only !== undefined) {
  const name = Object.keys(roads).find((k) => k.includes(only));
  if (!name) throw new Error(`--only: no road named like '${only}'`);
  const calls = Number(process.env.BENCH_CALLS ?? 20000);
  for (let i = 0; i < calls; i++) Buffer.from(roads[name]());
  console.log(`${name}: ${calls} calls`);
  process.exit(0);
}
const calls = Number(process.env.BENCH_CALLS ?? 400);
const rounds = Number(process.env.BENCH_ROUNDS ?? 9);
const results = Object.fromEntries(Object.keys(roads).map((k) => [k, []]));
for (const road of Object.values(roads)) for (let i = 0; i < 300; i++) road();
for (let r = 0; r < rounds; r++) {
  for (const [name, road] of Object.entries(roads)) {
    const start = process.cpuUsage();
    for (let i = 0; i < calls; i++) {
      const text = road();
      Buffer.byteLength(text);
      Buffer.from(text);
    }
    const used = process.cpuUsage(start);
    results[name].push((used.user + used.system) / calls);
  }
}
for (const [name, values] of Object.entries(results)) {
  values.sort((x, y) => x - y);
  console.log(
    `${name.padEnd(44)} ${values[rounds >> 1].toFixed(1).padStart(7)} µs CPU per call (median of ${rounds} rounds, min ${values[0].toFixed(1)})`,
  );
}
const median = (name) => results[name][rounds >> 1];
for (const [label, fastify] of [
  ['Fastify', 'post: Fastify (secure-json-parse, Ajv, fjs)'],
  ['JSON.parse + Ajv + fjs', 'post: JSON.parse, Ajv, fjs (no key scan)'],
  ['ASCII Fastify', 'ASCII post: Fastify'],
]) {
  const side = label.startsWith('ASCII') ? 'ASCII post: kitgen' : 'post: kitgen';
  const ratio = (k) => (median(fastify) / median(`${side} ${k}`)).toFixed(2);
  console.log(`kitgen ÷ ${label} by CPU (medians): A ${ratio('A')}×, B ${ratio('B')}×`);
}
