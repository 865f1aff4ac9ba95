// The payload scenarios' per-request codec work in one process, for two runtime bundles at once
// (say, before and after a change) beside Fastify's road: `node bench/server/payloadWork.mjs
// <bundle A index.js> <bundle B index.js>` after a bench:server run has compiled the apps to
// .tmp/bench-server. Each road writes its text and then makes the response's bytes
// (Buffer.byteLength + Buffer.from, as writing a response does), so a writer that leaves a rope
// of pieces pays for flattening it. CPU time per call, medians of interleaved rounds.
import { Buffer } from 'node:buffer';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fjs from 'fast-json-stringify';

const apps = fileURLToPath(new URL('../../.tmp/bench-server/', import.meta.url));
const [bundleA, bundleB] = process.argv.slice(2);
if (!bundleA || !bundleB)
  throw new Error('usage: node bench/server/payloadWork.mjs <bundle A index.js> <bundle B index.js>');
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

function kitgen(rt) {
  const codec = (schema) => rt.JsonCodec.schemaBasedBinaryCodec(rt.Schema.Unsafe(structuredClone(schema)));
  const list = codec(catalogJsonSchema);
  const order = codec(orderJsonSchema);
  const summary = codec(orderSummaryJsonSchema);
  if (list.encodeToString(catalog) !== expected) throw new Error('the list is written differently');
  return {
    list: () => list.encodeToString(catalog),
    post: () => {
      const r = order.decode(orderBytes);
      if (r._tag !== 'right') throw new Error('the order was refused');
      return summary.encodeToString(summariseOrder(r.right));
    },
  };
}
const ka = kitgen(a);
const kb = kitgen(b);
const roads = {
  'list: JSON.stringify': () => JSON.stringify(catalog),
  'list: fast-json-stringify': () => writeList(catalog),
  'list: kitgen A': ka.list,
  'list: kitgen B': kb.list,
  'post: bytes, JSON.parse, Ajv, fjs': () => {
    const v = JSON.parse(orderBytes.toString('utf8'));
    if (!validate(v)) throw new Error('Ajv refused the order');
    return writeSummary(summariseOrder(v));
  },
  'post: kitgen A': ka.post,
  'post: kitgen B': kb.post,
};
const calls = 400;
const rounds = 9;
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
    `${name.padEnd(32)} ${values[rounds >> 1].toFixed(1).padStart(7)} µs CPU per call (median of ${rounds} rounds, min ${values[0].toFixed(1)})`,
  );
}
