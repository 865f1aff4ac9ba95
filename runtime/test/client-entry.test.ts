// The client entry (@kitgen/runtime/client): the part of the runtime a browser, a worker or Deno
// loads. Its names are the main entry's own values (one runtime when both are imported); alone it
// carries no server, and says so when asked to serve; its binary formats load on first use; and
// the web-standard helpers that replace Buffer and node:crypto give what Node's did.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import fc from 'fast-check';
import Type from 'typebox';
import * as runtime from '@kitgen/runtime';
import * as client from '@kitgen/runtime/client';
import { portableBase64, fromBase64, toBase64 } from '../src/util/base64.ts';
import { concatBytes, latin1Text, utf8Text } from '../src/util/bytes.ts';
import { randomHex } from '../src/util/randomHex.ts';

// Run from here, the runtime's own tests' folder, `@kitgen/runtime` is its sources (scripts/register-runtime-build.cjs).
const testDir = fileURLToPath(new URL('./', import.meta.url));

test("every name of the client entry is the main entry's value of that name; the server is not among them", () => {
  const names = Object.keys(client);
  assert.ok(names.length > 40, names.join(', '));
  for (const name of names)
    assert.equal((runtime as Record<string, unknown>)[name], (client as Record<string, unknown>)[name], name);
  for (const serverName of [
    'Server',
    'Routes',
    'Middleware',
    'routesFromHandlers',
    'OpenAPIGen',
    'DocsUI',
    'HttpCliApp',
    'Log',
  ])
    assert.equal(serverName in client, false, serverName);
});

// Schema keeps the TypeBox builders the runtime declares itself (its declarations stay light under
// `skipLibCheck: false`); the others are an `import { Type } from 'typebox'` away.
const keptBuilders = [
  'String',
  'Number',
  'Integer',
  'BigInt',
  'Boolean',
  'Null',
  'Undefined',
  'Unknown',
  'Any',
  'Never',
  'Literal',
  'Enum',
  'Array',
  'Tuple',
  'Object',
  'Optional',
  'Readonly',
  'Record',
  'Union',
  'Intersect',
  'Evaluate',
  'Ref',
  'Cyclic',
  'Refine',
  'Unsafe',
];

test("Schema has the TypeBox builders it declares, each TypeBox's own, and the runtime's own", () => {
  const schema = client.Schema as unknown as Record<string, unknown>;
  const builders = Type as unknown as Record<string, unknown>;
  for (const name of keptBuilders) {
    assert.equal(typeof builders[name], 'function', `TypeBox has ${name}`);
    assert.ok(schema[name] !== undefined, name);
    // Unsafe is wrapped (marked free of side effects for bundlers); every other member is TypeBox's own.
    if (name !== 'Unsafe') assert.equal(schema[name], builders[name], name);
  }
  const own = ['TaggedUnion', 'Int64', 'Bytes', 'DateTime'];
  for (const name of own) assert.equal(typeof schema[name], 'function', name);
  // Nothing else: a builder on Schema that the declarations do not name would be untyped.
  assert.deepEqual(Object.keys(schema).sort(), [...keptBuilders, ...own].sort());
  assert.deepEqual(
    { ...client.Schema.Unsafe<string>({ type: 'string', minLength: 1 }) },
    { ...Type.Unsafe<string>({ type: 'string', minLength: 1 }) },
  );
});

// A fresh node that imports the client entry's sources and nothing else, as a browser would.
function clientAlone(script: string): unknown {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: testDir,
    env: process.env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test('alone, the client entry defines endpoints but serves none: implement names the entry to import', () => {
  const out = clientAlone(`import { Endpoint, RoutePattern, Schema } from '@kitgen/runtime/client';
const ping = Endpoint(RoutePattern.GET('ping')).out(Schema.String());
let error;
try { ping.implement(() => 'pong'); } catch (e) { error = { code: e.code, message: e.message }; }
console.log(JSON.stringify({ route: ping.toString(), error }));
`) as { route: string; error: { code: string; message: string } };
  assert.equal(out.route, 'GET /ping');
  assert.equal(out.error.code, 'KITGEN_ERR_SERVER_PART_MISSING');
  assert.match(
    out.error.message,
    /^GET \/ping: Endpoint\.implement serves the endpoint, .*import it from '@kitgen\/runtime'/,
  );
});

test('alone, the client entry has DeriveSchema: an expanded call gives the schema, an unexpanded one says how to expand it', () => {
  const out = clientAlone(`import { DeriveSchema, DeriveSchemaError, validatorFor } from '@kitgen/runtime/client';
const When = DeriveSchema.gen({ type: 'object', properties: { at: { 'x-kitgen-date': true, type: 'string', format: 'date-time' } }, required: ['at'] });
const valid = validatorFor(When).check({ at: new Date(0) });
let error;
try { DeriveSchema.gen(); } catch (e) { error = { isDerive: e instanceof DeriveSchemaError, site: e.callSite ?? null, message: e.message }; }
console.log(JSON.stringify({ valid, error }));
`) as { valid: boolean; error: { isDerive: boolean; site: string | null; message: string } };
  assert.equal(out.valid, true, 'the date marker became Schema.DateTime');
  assert.equal(out.error.isDerive, true);
  // The call site is read from the caller's source through node:fs, which only the main entry loads.
  assert.equal(out.error.site, null);
  assert.match(
    out.error.message,
    /^DeriveSchema\.gen<T>\(\) was not expanded ahead of time\. Run `kitgen generate <file>`/,
  );
});

test('alone, the client entry loads a binary format when first asked, and takes its library from the application', () => {
  const out = clientAlone(`import * as msgpack from '@msgpack/msgpack';
import { CodecConfig, Schema, bodyCodecFor, provideCodecLibrary } from '@kitgen/runtime/client';
import { loadBodyCodecs } from '../src/codec/body/BodyCodecs.ts';
const schema = Schema.Object({ n: Schema.Integer() });
const config = CodecConfig.default;
const before = bodyCodecFor('application/msgpack', schema, config) === undefined;
await loadBodyCodecs(['application/msgpack']);
let missing;
try { bodyCodecFor('application/msgpack', schema, config); } catch (e) { missing = e.message; }
provideCodecLibrary('@msgpack/msgpack', msgpack);
const codec = bodyCodecFor('application/msgpack', Schema.Object({ m: Schema.Integer() }), config);
const decoded = codec.decode(codec.encode({ m: 3 }));
const avro = bodyCodecFor('application/avro', schema, config) === undefined;
console.log(JSON.stringify({ before, missing, decoded, avro, again: loadBodyCodecs(['application/msgpack']) === undefined }));
`) as { before: boolean; missing: string; decoded: unknown; avro: boolean; again: boolean };
  assert.equal(out.before, true, 'no MessagePack codec before it is loaded');
  assert.match(
    out.missing,
    /needs the optional peer dependency "@msgpack\/msgpack"; here there is no require\(\) to load it, so give it to the runtime/,
  );
  assert.deepEqual(out.decoded, { _tag: 'right', right: { m: 3 } });
  assert.equal(out.avro, true, 'Avro needs Node: only the main entry registers it');
  assert.equal(out.again, true, 'nothing left to load');
});

test("base64 without Buffer reads and writes what Node's Buffer does", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      const text = Buffer.from(bytes).toString('base64');
      assert.equal(portableBase64.encode(bytes), text);
      assert.deepEqual([...portableBase64.decode(text)], [...bytes]);
      assert.deepEqual(
        [...portableBase64.decode(text.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'))],
        [...bytes],
      );
    }),
  );
  // Lenient text as the JSON bytes plan admits it (either alphabet, up to two `=`), any length.
  fc.assert(
    fc.property(fc.stringMatching(/^[A-Za-z0-9+/_-]{0,40}={0,2}$/), (text) => {
      assert.deepEqual([...portableBase64.decode(text)], [...Buffer.from(text, 'base64')]);
    }),
  );
  assert.equal(toBase64(new Uint8Array([0xfb, 0xff])), '+/8=');
  assert.deepEqual([...fromBase64('-_8')], [0xfb, 0xff]);
});

test('text, joining and random hex without Buffer or node:crypto', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
      assert.equal(latin1Text(bytes), Buffer.from(bytes).toString('latin1'));
      assert.equal(utf8Text(bytes), Buffer.from(bytes).toString('utf8'));
    }),
  );
  const joined = concatBytes([new Uint8Array([1, 2]), new Uint8Array(0), new Uint8Array([3])]);
  assert.deepEqual([...joined], [1, 2, 3]);
  assert.match(randomHex(16), /^[0-9a-f]{32}$/);
  assert.notEqual(randomHex(16), randomHex(16));
});

test("a Secret prints as <secret> under node's inspect, through the registered symbol", () => {
  const secret = new client.Secret('hunter2');
  assert.equal(inspect(secret), '<secret>');
  assert.equal(inspect({ password: secret }), '{ password: <secret> }');
  assert.equal(secret.equals('hunter2'), true);
  assert.equal(secret.equals('hunter3'), false);
});
