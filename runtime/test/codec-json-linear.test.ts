// The JSON codec's cost is linear in the body whatever the schema: unions choose their member by
// the value's top level and decode it once (no retries, no exponential recursive unions), values
// nested beyond CodecConfig.maxDepth are refused naming the place, keys that reach
// Object.prototype are refused, fields named like Object.prototype's members are read as own
// properties only, and whatever was accepted can be written back, however deep.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  CodecConfig,
  DiscriminatorSetting,
  Endpoint,
  JsonCodec,
  RoutePattern,
  Routes,
  Schema,
  type TSchema,
} from '@kitgen/runtime';
import { stringifyWithoutRecursion } from '../src/codec/json/deepStringify.ts';
import { startServer } from './support/testServer.ts';

const DEFAULT_DEPTH = CodecConfig.default.maxDepth;

// `{x:number,next?:Node} | {y:number,next?:Node}`: two members without a tag, each fitting many bodies.
const XY = Schema.Cyclic(
  {
    Node: Schema.Union([
      Schema.Object({ x: Schema.Number(), next: Schema.Optional(Schema.Ref('Node')) }),
      Schema.Object({ y: Schema.Number(), next: Schema.Optional(Schema.Ref('Node')) }),
    ]),
  },
  'Node',
);
// The literal that tells the members apart comes after the recursive field: a validator trying
// each member in turn descends the whole rest of the value before it reaches the literal.
const TagLast = Schema.Cyclic(
  {
    Node: Schema.Union([
      Schema.Object({ next: Schema.Optional(Schema.Ref('Node')), kind: Schema.Literal('a') }),
      Schema.Object({ next: Schema.Optional(Schema.Ref('Node')), kind: Schema.Literal('b') }),
    ]),
  },
  'Node',
);

/** A chain of `levels` x/y nodes around `leaf`, alternating members. */
function xyChain(levels: number, leaf = '{"x":0}'): string {
  let text = leaf;
  for (let i = 0; i < levels; i++) text = i % 2 === 0 ? `{"y":${i},"next":${text}}` : `{"x":${i},"next":${text}}`;
  return text;
}

const timed = <T>(f: () => T): [T, number] => {
  const t0 = performance.now();
  const out = f();
  return [out, performance.now() - t0];
};

test('a recursive union without a tag decodes each level once: 22 levels and 1,600 levels in milliseconds', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(XY);
  codec.decodeString(xyChain(3));
  for (const levels of [22, 1600, DEFAULT_DEPTH - 1]) {
    const text = xyChain(levels);
    const [r, ms] = timed(() => codec.decodeString(text));
    assert.equal(r._tag, 'right', `${levels} levels`);
    assert.ok(ms < 500, `${levels} levels (${text.length} bytes) took ${ms.toFixed(0)} ms`);
    // Each level kept the fields of its own member, and writing it back gives the same text.
    assert.equal(codec.encodeToString((r as unknown as { right: never }).right), text);
  }
});

test('a recursive union refuses a wrong innermost value with its place, also when very deep', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(XY);
  const shallow = codec.decodeString(xyChain(22, '{"z":0}'));
  assert.equal(shallow._tag, 'left');
  const error = (shallow as { left: { message: string; pointer: string } }).left;
  assert.equal(error.pointer, '/next'.repeat(22));
  assert.match(error.message, /must have required propert/);
  const [deep, ms] = timed(() => codec.decodeString(xyChain(1600, '{"z":0}')));
  assert.equal(deep._tag, 'left');
  assert.match((deep as { left: Error }).left.message, /does not match the schema/);
  assert.ok(ms < 500, `took ${ms.toFixed(0)} ms`);
});

test('a literal after the recursive field still costs one check per level', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(TagLast);
  for (const levels of [30, 3000]) {
    const valid = '{"next":'.repeat(levels) + '{"kind":"a"}' + ',"kind":"b"}'.repeat(levels);
    const [r, ms] = timed(() => codec.decodeString(valid));
    assert.equal(r._tag, 'right', `${levels} levels`);
    assert.ok(ms < 500, `${levels} levels took ${ms.toFixed(0)} ms`);
    const wrong = '{"next":'.repeat(levels) + '{"kind":"c"}' + ',"kind":"b"}'.repeat(levels);
    const [w, wms] = timed(() => codec.decodeString(wrong));
    assert.equal(w._tag, 'left', `${levels} levels, wrong`);
    assert.ok(wms < 500, `${levels} levels, wrong, took ${wms.toFixed(0)} ms`);
  }
  const named = codec.decodeString('{"next":{"next":{"kind":"c"},"kind":"a"},"kind":"b"}');
  assert.equal((named as { left: { pointer: string } }).left.pointer, '/next/next/kind');
});

test('a tagged union without a discriminator picks its case by shape, once per level', () => {
  const Tree = Schema.Cyclic(
    {
      Tree: Schema.TaggedUnion({
        Leaf: Schema.Object({ value: Schema.Number() }),
        Branch: Schema.Object({ left: Schema.Ref('Tree'), right: Schema.Ref('Tree') }),
      }),
    },
    'Tree',
  );
  const codec = JsonCodec.schemaBasedBinaryCodec(
    Tree,
    CodecConfig({ discriminatorSettings: DiscriminatorSetting.NoDiscriminator }),
  );
  const levels = 1500;
  const text = '{"left":{"value":1},"right":'.repeat(levels) + '{"value":2}' + '}'.repeat(levels);
  const [r, ms] = timed(() => codec.decodeString(text));
  assert.equal(r._tag, 'right');
  assert.ok(ms < 500, `took ${ms.toFixed(0)} ms`);
  const value = (r as { right: { type: string; left: { type: string } } }).right;
  assert.equal(value.type, 'Branch');
  assert.equal(value.left.type, 'Leaf');
  assert.equal(codec.encodeToString(value as never), text);
  const none = codec.decodeString('{"left":{"value":1}}');
  assert.match((none as { left: Error }).left.message, /expected one of the cases Leaf, Branch/);
});

test('a union sends a value to the member that declares all its fields, so none is dropped', () => {
  const Either = Schema.Union([
    Schema.Object({ a: Schema.String(), b: Schema.Optional(Schema.Number()) }),
    Schema.Object({ a: Schema.String(), c: Schema.Optional(Schema.Number()) }),
  ]);
  const codec = JsonCodec.schemaBasedBinaryCodec(Either);
  assert.deepEqual(codec.decodeString('{"a":"x","c":1}'), { _tag: 'right', right: { a: 'x', c: 1 } });
  assert.deepEqual(codec.decodeString('{"a":"x","b":1}'), { _tag: 'right', right: { a: 'x', b: 1 } });
  // Neither declares `d`: the first member that fits takes the value.
  assert.deepEqual(codec.decodeString('{"a":"x","d":1}'), { _tag: 'right', right: { a: 'x' } });
  assert.equal(codec.encodeToString({ a: 'x', c: 1 }), '{"a":"x","c":1}');
  // Members that differ in the type of a field: a date-time string goes to the date member.
  const When = Schema.Union([Schema.Object({ at: Schema.DateTime() }), Schema.Object({ at: Schema.Number() })]);
  const when = JsonCodec.schemaBasedBinaryCodec(When);
  const r = when.decodeString('{"at":"2024-02-29T12:00:00Z"}');
  assert.ok(r._tag === 'right' && (r.right.at as unknown) instanceof Date);
  assert.deepEqual(when.decodeString('{"at":5}'), { _tag: 'right', right: { at: 5 } });
});

test('values nested deeper than maxDepth are refused naming the limit and the place; at the limit they are served and written back', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(Schema.Unknown());
  const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const atLimit = codec.decodeString(nested(DEFAULT_DEPTH));
  assert.equal(atLimit._tag, 'right');
  assert.equal(codec.encodeToString((atLimit as { right: unknown }).right), nested(DEFAULT_DEPTH));
  for (const n of [DEFAULT_DEPTH + 1, 100_000]) {
    const [r, ms] = timed(() => codec.decodeString(nested(n)));
    assert.equal(r._tag, 'left');
    const error = (r as { left: { message: string; pointer: string } }).left;
    assert.equal(error.pointer, '/0'.repeat(DEFAULT_DEPTH));
    assert.match(
      error.message,
      new RegExp(`nested deeper than the limit of ${DEFAULT_DEPTH} levels \\(CodecConfig maxDepth\\)`),
    );
    assert.ok(error.message.length < 400, 'the message shortens a long pointer');
    assert.ok(ms < 500, `${n} levels took ${ms.toFixed(0)} ms`);
  }
  // A limit of its own, in objects too; a parsed value given to decodeJson is held to it as well.
  const shallow = JsonCodec.schemaBasedBinaryCodec(Schema.Unknown(), CodecConfig({ maxDepth: 3 }));
  assert.equal(shallow.decodeString('{"a":{"b":[1]}}')._tag, 'right');
  const deep = shallow.decodeString('{"a":{"b":[[1]]}}');
  assert.deepEqual((deep as { left: { pointer: string } }).left.pointer, '/a/b/0');
  assert.equal((shallow.decodeJson({ a: { b: [[1]] } }) as { left: { pointer: string } }).left.pointer, '/a/b/0');
  assert.throws(() => CodecConfig({ maxDepth: 0 }), /maxDepth must be a whole number of at least 1/);
});

test('nesting is counted in the text before parsing: brackets, commas and escapes inside strings do not count, keys name the place', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(Schema.Unknown(), CodecConfig({ maxDepth: 3 }));
  const text = '{"a,[{":[1,{"k~/\\"":[["x"]]}]}';
  const expected = '/a,[{/1/k~0~1"';
  const fromText = codec.decodeString(text);
  assert.equal((fromText as { left: { pointer: string } }).left.pointer, expected);
  // The same place as the walk over a parsed value names.
  assert.equal((codec.decodeJson(JSON.parse(text)) as { left: { pointer: string } }).left.pointer, expected);
  assert.equal(codec.decodeString('["[[[[", {"]]]]": ["{{{{"]}]')._tag, 'right');
  // Too deep and not JSON either: the depth is what is reported, before any parsing.
  assert.match(
    (codec.decodeString('[[[[[[[[ not json') as { left: Error }).left.message,
    /nested deeper than the limit of 3 levels/,
  );
});

test('a deep value of a recursive schema is decoded, validated and written back without a stack overflow', () => {
  const Tree = Schema.Cyclic(
    {
      Tree: Schema.Object({
        n: Schema.Number(),
        kids: Schema.Array(Schema.Ref('Tree')),
        at: Schema.Optional(Schema.DateTime()),
      }),
    },
    'Tree',
  );
  const codec = JsonCodec.schemaBasedBinaryCodec(Tree);
  const levels = Math.floor((DEFAULT_DEPTH - 1) / 2);
  const text =
    '{"n":1,"kids":['.repeat(levels) + '{"n":2,"kids":[],"at":"2024-01-01T00:00:00.000Z"}' + ']}'.repeat(levels);
  const r = codec.decodeString(text);
  assert.equal(r._tag, 'right');
  assert.equal(codec.encodeToString((r as unknown as { right: never }).right), text);
});

test('keys that reach Object.prototype are refused at any depth, escaped or not, inside Unknown values too', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(Schema.Object({ name: Schema.String(), data: Schema.Unknown() }));
  const cases: [string, string][] = [
    ['{"name":"a","__proto__":{"admin":true},"data":1}', '/__proto__'],
    ['{"name":"a","data":[{"k":{"__proto__":{"admin":true}}}]}', '/data/0/k/__proto__'],
    ['{"name":"a","data":{"\\u005f_proto__":{"admin":true}}}', '/data/__proto__'],
    ['{"name":"a","data":{"constructor":{"prototype":{"admin":true}}}}', '/data/constructor/prototype'],
    ['{"name":"a","data":{"constructor":{"\\u0070rototype":{}}}}', '/data/constructor/prototype'],
  ];
  for (const [text, pointer] of cases) {
    const r = codec.decodeString(text);
    assert.equal(r._tag, 'left', text);
    const error = (r as { left: { message: string; pointer: string } }).left;
    assert.equal(error.pointer, pointer, text);
    assert.match(error.message, /is refused/, text);
  }
  assert.equal(({} as Record<string, unknown>).admin, undefined);
  // `constructor` without `prototype`, and the words inside string values, are plain data.
  assert.deepEqual(codec.decodeString('{"name":"__proto__ prototype","data":{"constructor":{"x":1}}}'), {
    _tag: 'right',
    right: { name: '__proto__ prototype', data: { constructor: { x: 1 } } },
  });
});

const Named = Schema.Object({
  a: Schema.String(),
  constructor: Schema.Optional(Schema.String()),
  toString: Schema.Optional(Schema.String()),
  hasOwnProperty: Schema.Optional(Schema.Number()),
  valueOf: Schema.Optional(Schema.Boolean()),
});

test("fields named like Object.prototype's members are present only when the value has them", () => {
  for (const config of [CodecConfig.default, CodecConfig({ explicitNulls: CodecConfig.ExplicitConfig(true, true) })]) {
    const codec = JsonCodec.schemaBasedBinaryCodec(Named, config);
    const plain = codec.decodeString('{"a":"x"}');
    assert.equal(plain._tag, 'right', JSON.stringify(plain));
    assert.deepEqual(Object.keys((plain as { right: object }).right), ['a']);
    assert.deepEqual(codec.decodeString('{"a":"x","constructor":"c","valueOf":true}'), {
      _tag: 'right',
      right: { a: 'x', constructor: 'c', valueOf: true },
    });
    const wrong = codec.decodeString('{"a":"x","constructor":5}');
    assert.equal((wrong as { left: { pointer: string } }).left.pointer, '/constructor');
    // Encoding (the generated writer and the plan alike) writes only what the value holds.
    assert.equal(codec.encodeToString({ a: 'x' } as never), '{"a":"x"}');
    assert.equal(codec.encodeToString({ a: 'x', toString: 't' } as never), '{"a":"x","toString":"t"}');
  }
  // Through a union (the plan's encode, not the generated writer).
  const InUnion = JsonCodec.schemaBasedBinaryCodec(Schema.Union([Named, Schema.Array(Schema.String())]));
  assert.equal(InUnion.encodeToString({ a: 'x' } as never), '{"a":"x"}');
  assert.equal(InUnion.decodeString('{"a":"x"}')._tag, 'right');
});

test("over the wire: a body without a field named like Object.prototype's members is served; a wrong one is refused naming it", async () => {
  const routes = Routes(
    Endpoint(RoutePattern.POST('named'))
      .in(Named)
      .out(Schema.Object({ keys: Schema.Array(Schema.String()) }))
      .implement((body) => ({ keys: Object.keys(body) })),
  );
  const server = await startServer(routes);
  try {
    const post = (body: string) =>
      fetch(`${server.url}/named`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const ok = await post('{"a":"x"}');
    assert.equal(ok.status, 200, await ok.clone().text());
    assert.deepEqual(await ok.json(), { keys: ['a'] });
    const wrong = await post('{"a":"x","constructor":5}');
    assert.equal(wrong.status, 400);
    const answer = (await wrong.json()) as Record<string, string>;
    assert.equal(answer.pointer, '/constructor');
    assert.match(answer.message, /\/constructor/);
    assert.doesNotMatch(JSON.stringify(answer), /\n\s+at /);
  } finally {
    await server.shutdown();
  }
});

/** Values JSON.stringify treats specially, nested to any depth. */
const tricky: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(undefined, null, true, false, 0, -0, 1.5, NaN, Infinity, '', 'é"\\\n\u2028\ud800', () => 1),
    fc.string(),
    fc.date({ noInvalidDate: false }),
    fc.constant(new Number(4)),
    fc.constant(new String('s')),
    fc.constant({ toJSON: (key: string) => `key:${key}` }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('a', 'b', '', '__x', 'constructor'), tie('value'), { maxKeys: 4 }),
  ),
})).value;

test('the stringify that never recurses writes what JSON.stringify writes', () => {
  fc.assert(
    fc.property(tricky, (value) => {
      assert.equal(stringifyWithoutRecursion(value), JSON.stringify(value));
    }),
    { numRuns: 500 },
  );
  const deep: unknown[] = [];
  let at = deep;
  for (let i = 0; i < 50_000; i++) {
    const next: unknown[] = [];
    at.push({ k: i, d: new Date(0) }, next);
    at = next;
  }
  assert.throws(() => JSON.stringify(deep), RangeError);
  const text = stringifyWithoutRecursion(deep)!;
  assert.ok(text.startsWith('[{"k":0,"d":"1970-01-01T00:00:00.000Z"},[{"k":1,'), text.slice(0, 80));
  assert.ok(text.endsWith(`[{"k":49999,"d":"1970-01-01T00:00:00.000Z"},[]${']'.repeat(50_000)}`));
  assert.throws(() => stringifyWithoutRecursion([1n]), TypeError);
  const cycle: unknown[] = [];
  cycle.push(cycle);
  assert.throws(() => stringifyWithoutRecursion(cycle), /circular/);
});

test('codecs for every schema kind still agree with themselves: decode(encode(v)) = v for a few shapes', () => {
  const shapes: [TSchema, unknown][] = [
    [Schema.Union([Schema.String(), Schema.Number()]), 5],
    [Schema.Union([Schema.Object({ a: Schema.Bytes() }), Schema.Null()]), { a: new Uint8Array([1, 2]) }],
    [
      Schema.Array(Schema.Union([Schema.Object({ d: Schema.DateTime() }), Schema.Array(Schema.Int64())])),
      [{ d: new Date(0) }, [1n, -2n]],
    ],
    [
      Schema.Record(
        Schema.String(),
        Schema.Union([
          Schema.Object({ k: Schema.Literal('a') }),
          Schema.Object({ k: Schema.Literal('b'), n: Schema.Number() }),
        ]),
      ),
      { x: { k: 'b', n: 1 } },
    ],
  ];
  for (const [schema, value] of shapes) {
    const codec = JsonCodec.schemaBasedBinaryCodec(schema);
    assert.deepEqual(codec.decodeString(codec.encodeToString(value as never)), { _tag: 'right', right: value });
  }
});
