// The document of endpoint files kept as parts (codefirst/documentParts.ts): joined, the parts
// must be `JSON.stringify(document, null, 2)` byte for byte — on every fixture document, and along
// a random sequence of edits where only the changed parts' texts are sent (KITGEN_SEED=<n> replays one).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ChangePacker, PartReader, partsDocument, PartWriter, topLevelField } from '../src/codefirst/documentParts.ts';
import { DocumentBytes, joinParts } from '../src/codefirst/documentText.ts';
import { generator } from '../src/mock/seeded.ts';
import { fixturesDir } from './support/fixtures.ts';

/** Every document of the fixtures: the OpenAPI inputs, and the documents code-first runs wrote. */
async function fixtureDocuments(): Promise<Array<[string, Record<string, unknown>]>> {
  const docs: Array<[string, Record<string, unknown>]> = [];
  for (const name of (await readdir(fixturesDir)).sort()) {
    for (const file of ['openapi.yaml', 'openapi.json', 'expected/openapi.json']) {
      const text = await readFile(join(fixturesDir, name, file), 'utf8').catch(() => undefined);
      if (text === undefined) continue;
      let doc: unknown;
      try {
        doc = file.endsWith('.json') ? JSON.parse(text) : parse(text);
      } catch {
        continue; // the fixtures of unreadable input
      }
      if (typeof doc === 'object' && doc !== null && !Array.isArray(doc))
        docs.push([`${name}/${file}`, doc as Record<string, unknown>]);
    }
  }
  for (const name of ['pets', 'types', 'operations']) {
    const text = await readFile(join(fixturesDir, 'codefirst', name, 'expected', 'openapi.json'), 'utf8');
    docs.push([`codefirst/${name}`, JSON.parse(text) as Record<string, unknown>]);
  }
  return docs;
}

/** Each writer's packer: a loading thread has one of each. */
const packers = new WeakMap<PartWriter, ChangePacker>();

/** Sends `doc` through a writer and reader as the loading thread and the compiler do. */
function roundTrip(writer: PartWriter, reader: PartReader, doc: object) {
  const changes = writer.changes(doc);
  let packer = packers.get(writer);
  if (packer === undefined) packers.set(writer, (packer = new ChangePacker()));
  const packed = packer.pack(changes);
  // What crosses the thread is cloned: the texts must stand on their own.
  return { changes, packed, parts: reader.applyPacked(structuredClone(packed)) };
}

test('joined parts are the pretty JSON text of every fixture document', async () => {
  const docs = await fixtureDocuments();
  assert.ok(docs.length > 30, `fixture documents found: ${docs.length}`);
  for (const [name, doc] of docs) {
    const { parts } = roundTrip(new PartWriter(), new PartReader(), doc);
    assert.equal(joinParts(parts), JSON.stringify(doc, null, 2), name);
    assert.deepEqual(partsDocument(parts), JSON.parse(JSON.stringify(doc)), name);
    assert.deepEqual(topLevelField(parts, 'info'), doc.info, name);
  }
});

test('edge shapes: empty containers, fields JSON leaves out, keys that look like numbers', () => {
  const docs: object[] = [
    {},
    { openapi: '3.1.0', paths: {}, components: {} },
    { openapi: '3.1.0', paths: { '/a': {} }, components: { schemas: {} } },
    { paths: { '/a': { get: undefined }, '/b': { get: { x: 1 } } }, components: { schemas: { A: undefined } } },
    { paths: { 2: { get: {} }, '/a': { get: {} }, 1: null }, components: { 10: { x: [] }, schemas: { 3: true } } },
    { components: { schemas: { 'we"ird\\name\u2028': { description: 'line\nbreak' } } }, x: () => 1 },
    { paths: [1, 2], components: null, 'x-ext': { nested: { deep: [{}] } } },
  ];
  for (const doc of docs) {
    const { parts } = roundTrip(new PartWriter(), new PartReader(), doc);
    assert.equal(joinParts(parts), JSON.stringify(doc, null, 2), JSON.stringify(doc));
    assert.deepEqual(partsDocument(parts), JSON.parse(JSON.stringify(doc)), JSON.stringify(doc));
  }
});

type Doc = Record<string, Record<string, unknown>>;

const edits: ReadonlyArray<readonly [string, (doc: Doc, pick: (n: number) => number) => void]> = [
  [
    'a path added',
    (d, pick) => void ((d.paths ??= {})[`/new${pick(1000)}`] = { get: { operationId: `n${pick(99)}` } }),
  ],
  [
    'a path removed',
    (d, pick) => {
      const keys = Object.keys(d.paths ?? {});
      if (keys.length > 0) delete d.paths[keys[pick(keys.length)]];
    },
  ],
  [
    'an operation changed',
    (d, pick) => {
      const keys = Object.keys(d.paths ?? {});
      if (keys.length > 0) (d.paths[keys[pick(keys.length)]] as Record<string, unknown>).summary = `s${pick(9)}`;
    },
  ],
  [
    'a schema added',
    (d, pick) => {
      const components = (d.components ??= {}) as Record<string, Record<string, unknown>>;
      (components.schemas ??= {})[`S${pick(50)}`] = { type: 'object', properties: { a: { type: 'string' } } };
    },
  ],
  [
    'every schema removed',
    (d) => {
      delete (d.components ?? {}).schemas;
    },
  ],
  ['the title changed', (d, pick) => void ((d.info ??= {}).title = `API ${pick(5)}`)],
  ['the paths emptied', (d) => void (d.paths = {})],
];

test('after any sequence of edits, the parts kept across answers join to the new document', async () => {
  const seed = Number(process.env.KITGEN_SEED ?? Date.now() % 100_000);
  // Seeded (mulberry32), so a failing sequence can be replayed.
  const next = generator(seed);
  const pick = (n: number) => Math.floor(next() * n);
  const docs = await fixtureDocuments();
  for (const [name, original] of docs.filter((_, i) => i % 5 === 0)) {
    const writer = new PartWriter();
    const reader = new PartReader();
    const bytes = new DocumentBytes();
    const doc = structuredClone(original) as Doc;
    const steps: string[] = [];
    for (let i = 0; i < 12; i++) {
      if (i > 0) {
        const [what, apply] = edits[pick(edits.length)];
        apply(doc, pick);
        steps.push(what);
      }
      const { changes, parts } = roundTrip(writer, reader, doc);
      const where = `seed ${seed}, ${name}, after: ${steps.join(' → ') || 'start'}`;
      assert.equal(joinParts(parts), JSON.stringify(doc, null, 2), where);
      assert.equal(bytes.concat(parts), JSON.stringify(doc, null, 2), where);
      assert.equal(Buffer.concat(bytes.chunks(parts, '\n')).toString(), `${JSON.stringify(doc, null, 2)}\n`, where);
      if (i === 0)
        assert.ok(
          changes.every(([, t]) => t !== null),
          `${where}: the first answer sends every part`,
        );
      if (i > 0 && steps[i - 1] === 'the title changed')
        assert.ok(changes.filter(([, t]) => t !== null).length <= 1, `${where}: only the info part is sent again`);
    }
  }
});

test("the document's bytes: a part's chunk is encoded again only when its text or the text before it changed", () => {
  const writer = new PartWriter();
  const reader = new PartReader();
  const bytes = new DocumentBytes();
  const pathItem = (summary: string) => ({ get: { summary, responses: { '200': { description: 'ok' } } } });
  const doc: Record<string, unknown> = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: { '/a': pathItem('A'), '/b': pathItem('B'), '/c': pathItem('C') },
  };
  const first = bytes.chunks(roundTrip(writer, reader, doc).parts, '\n');
  (doc.paths as Record<string, unknown>)['/b'] = pathItem('B, edited');
  const second = bytes.chunks(roundTrip(writer, reader, doc).parts, '\n');
  assert.equal(Buffer.concat(second).toString(), `${JSON.stringify(doc, null, 2)}\n`);
  // openapi, info, /a, /b, /c and the end: only /b's chunk is new.
  assert.equal(second.length, 6);
  assert.deepEqual(
    second.map((c, i) => c === first[i]),
    [true, true, true, false, true, true],
  );
  // A part added at the end moves the closing characters, not the parts before it.
  (doc.paths as Record<string, unknown>)['/d'] = pathItem('D');
  const third = bytes.chunks(roundTrip(writer, reader, doc).parts, '\n');
  assert.equal(Buffer.concat(third).toString(), `${JSON.stringify(doc, null, 2)}\n`);
  assert.deepEqual(
    third.slice(0, 5).map((c, i) => c === second[i]),
    [true, true, true, true, true],
  );
});

test('an answer whose parts did not move sends the changed texts only, without the places', () => {
  const writer = new PartWriter();
  const reader = new PartReader();
  const pathItem = (summary: string) => ({ get: { summary, responses: { '200': { description: 'ok' } } } });
  const doc: Record<string, unknown> = { openapi: '3.1.0', paths: { '/a': pathItem('A'), '/b': pathItem('B') } };
  const first = roundTrip(writer, reader, doc);
  assert.equal(first.packed.paths?.length, 3);
  (doc.paths as Record<string, unknown>)['/b'] = pathItem('B, edited');
  const second = roundTrip(writer, reader, doc);
  assert.equal(second.packed.paths, undefined);
  assert.deepEqual(
    second.packed.texts.map(([i]) => i),
    [2],
  );
  assert.equal(joinParts(second.parts), JSON.stringify(doc, null, 2));
  // The places of the unchanged parts are the last answer's arrays.
  assert.equal(second.parts[1][0], first.parts[1][0]);
  (doc.paths as Record<string, unknown>)['/c'] = pathItem('C');
  const third = roundTrip(writer, reader, doc);
  assert.equal(third.packed.paths?.length, 4);
  assert.equal(joinParts(third.parts), JSON.stringify(doc, null, 2));
});

test('a part left out that was never sent is a bug said so, not a wrong document', () => {
  const reader = new PartReader();
  assert.throws(() => reader.apply([[['info'], null]]), /kitgen bug: the part \["info"\] was not sent before/);
  assert.throws(() => new PartReader().applyPacked({ texts: [] }), /kitgen bug: an answer without places came first/);
});

test('frozen schemas inside a path item: a changed one is sent, an equal copy or an untouched one is not', () => {
  const frozen = <T>(v: T): T => {
    if (typeof v === 'object' && v !== null) for (const c of Object.values(v)) frozen(c);
    return Object.freeze(v);
  };
  const schema = (field: string) => frozen({ type: 'object', properties: { [field]: { type: 'string' } } });
  const pathItem = (s: object, summary: string) => ({
    get: { summary, responses: { '200': { description: 'ok', content: { 'application/json': { schema: s } } } } },
  });
  const writer = new PartWriter();
  const reader = new PartReader();
  const sent = (doc: object) =>
    roundTrip(writer, reader, doc)
      .changes.filter(([, t]) => t !== null)
      .map(([path]) => path.join(' '));
  const doc = (a: object, b: object, summary = 'A') => ({
    openapi: '3.1.0',
    paths: { '/a': pathItem(a, summary), '/b': pathItem(b, 'B') },
  });
  const a = schema('name');
  const b = schema('id');
  assert.deepEqual(sent(doc(a, b)), ['openapi', 'paths /a', 'paths /b']);
  // New path item objects around the same frozen schemas: equal fingerprints spare writing the texts at all.
  assert.deepEqual(sent(doc(a, b)), []);
  assert.equal(writer.textsWritten, 0);
  // A new path item object around the same frozen schema, and an equal schema in another frozen object.
  assert.deepEqual(sent(doc(a, schema('id'))), []);
  assert.equal(writer.textsWritten, 1, 'the copy of b is written and found equal');
  assert.deepEqual(sent(doc(schema('age'), b)), ['paths /a']);
  assert.deepEqual(sent(doc(schema('age'), b, 'A again')), ['paths /a']);
  const last = doc(schema('age'), b, 'A again');
  const { parts } = roundTrip(writer, reader, last);
  assert.equal(joinParts(parts), JSON.stringify(last, null, 2));
});

test('a one-shot answer (nothing kept) sends every part, and the next answer sends every part again', async () => {
  const [[, doc]] = await fixtureDocuments();
  const writer = new PartWriter();
  const reader = new PartReader();
  for (let i = 0; i < 2; i++) {
    const changes = writer.changes(doc, false);
    assert.ok(changes.every(([, t]) => t !== null));
    assert.equal(joinParts(reader.apply(changes)), JSON.stringify(doc, null, 2));
  }
  assert.ok(
    writer.changes(doc).every(([, t]) => t !== null),
    'nothing was kept to compare with',
  );
});
