// The schema and edge-value corpus every binary codec test and referee runs over: every kind of
// schema position and the values that break codecs (int64 extremes, NaN,
// infinities, empty collections, unicode, absent and null fields, recursion).
import { Schema, type Static } from '@kitgen/runtime';

export const Color = Schema.Union([Schema.Literal('red'), Schema.Literal('green'), Schema.Literal('dark-blue')], {
  title: 'Color',
});

export const Address = Schema.Object(
  { street: Schema.String({ description: 'Street and number' }), zip: Schema.Optional(Schema.String()) },
  { title: 'Address' },
);

export const Shape = Schema.TaggedUnion(
  {
    Circle: Schema.Object({ radius: Schema.Number() }),
    Rect: Schema.Object({ w: Schema.Number(), h: Schema.Number() }),
    Empty: Schema.Object({}),
  },
  { tag: 'kind', title: 'Shape' },
);

export const Tree = Schema.Cyclic(
  { Tree: Schema.Object({ label: Schema.String(), children: Schema.Array(Schema.Ref('Tree')) }) },
  'Tree',
);

/** Every schema position all four formats can express. */
export const Everything = Schema.Object(
  {
    i32: Schema.Integer(),
    i64: Schema.Int64(),
    i64n: Schema.Integer({ format: 'int64' }),
    f32: Schema.Number({ format: 'float' }),
    f64: Schema.Number(),
    flag: Schema.Boolean(),
    text: Schema.String(),
    blob: Schema.Bytes(),
    color: Color,
    maybeColor: Schema.Union([Color, Schema.Null()]),
    nick: Schema.Optional(Schema.String()),
    count: Schema.Optional(Schema.Integer()),
    note: Schema.Union([Schema.String(), Schema.Null()]),
    tags: Schema.Array(Schema.String()),
    longs: Schema.Array(Schema.Int64()),
    matrix: Schema.Array(Schema.Array(Schema.Number())),
    scores: Schema.Record(Schema.String(), Schema.Int64()),
    byName: Schema.Record(Schema.String(), Address),
    home: Address,
    work: Schema.Union([Address, Schema.Null()]),
    shape: Shape,
    shapes: Schema.Array(Shape),
    maybeShape: Schema.Union([Shape, Schema.Null()]),
    tree: Tree,
  },
  { title: 'Everything', description: 'One field of every kind' },
);

export type EverythingValue = Static<typeof Everything>;

const typical: EverythingValue = {
  i32: 42,
  i64: 1234567890123n,
  i64n: 9876543210,
  f32: 1.5,
  f64: 3.141592653589793,
  flag: true,
  text: 'hello',
  blob: new Uint8Array([1, 2, 3, 254, 255]),
  color: 'green',
  maybeColor: 'red',
  nick: 'ada',
  count: 7,
  note: 'a note',
  tags: ['a', 'b'],
  longs: [1n, -1n],
  matrix: [[1, 2.5], [], [-3]],
  scores: { ada: 10n, bob: -20n },
  byName: { home: { street: 'Main St 1', zip: '12345' } },
  home: { street: 'Elm St 2' },
  work: { street: 'Office Rd 3', zip: '999' },
  shape: { kind: 'Circle', radius: 2 },
  shapes: [{ kind: 'Rect', w: 1, h: 2 }, { kind: 'Empty' }, { kind: 'Circle', radius: 0.5 }],
  maybeShape: { kind: 'Rect', w: 3, h: 4 },
  tree: {
    label: 'root',
    children: [
      { label: 'a', children: [] },
      { label: 'b', children: [{ label: 'c', children: [] }] },
    ],
  },
};

const extremes: EverythingValue = {
  ...typical,
  i32: -(2 ** 31),
  i64: -(2n ** 63n),
  i64n: -(2 ** 53 - 1),
  f32: -Infinity,
  f64: NaN,
  longs: [2n ** 63n - 1n, -(2n ** 63n), 0n, 2n ** 32n, -(2n ** 31n) - 1n],
  scores: { max: 2n ** 63n - 1n, min: -(2n ** 63n) },
  matrix: [[Number.MAX_VALUE, Number.MIN_VALUE, -Number.MAX_VALUE, Infinity, NaN, 5e-324]],
  shape: { kind: 'Rect', w: 1e308, h: -1e-308 },
};

const extremesHigh: EverythingValue = {
  ...typical,
  i32: 2 ** 31 - 1,
  i64: 2n ** 63n - 1n,
  i64n: 2 ** 53 - 1,
  f32: Math.fround(3.4028234663852886e38),
  f64: Infinity,
  count: -(2 ** 31),
};

// proto3 writes none of these (they are its defaults); a decoder must still produce them.
const empty: EverythingValue = {
  i32: 0,
  i64: 0n,
  i64n: 0,
  f32: 0,
  f64: 0,
  flag: false,
  text: '',
  blob: new Uint8Array(0),
  color: 'red',
  maybeColor: null,
  nick: '',
  count: 0,
  note: '',
  tags: [],
  longs: [],
  matrix: [],
  scores: {},
  byName: {},
  home: { street: '' },
  work: null,
  shape: { kind: 'Empty' },
  shapes: [],
  maybeShape: null,
  tree: { label: '', children: [] },
};

const unicode: EverythingValue = {
  ...typical,
  text: 'héllo wörld — 你好 — مرحبا — 🌍👩‍👩‍👧 — e\u0301 — \u0000nul — \uffff',
  nick: '😀',
  note: 'ascii\ttab\nnewline "quotes" \\backslash',
  tags: ['日本語', '', 'Ω≈ç√∫', '\u{1F600}'],
  color: 'dark-blue',
  scores: { ключ: 1n, '🔑': 2n, '': 3n, 'with space': 4n },
  byName: { naïve: { street: 'Rue de l’Église', zip: '75001' } },
  blob: new Uint8Array(Array.from({ length: 256 }, (_, i) => i)),
  tree: {
    label: '木',
    children: [{ label: '🌳', children: [{ label: 'ß', children: [{ label: 'deep', children: [] }] }] }],
  },
};

const absent: EverythingValue = {
  ...typical,
  nick: undefined,
  count: undefined,
  maybeColor: null,
  note: null,
  work: null,
  maybeShape: null,
};
delete absent.nick;
delete absent.count;

/** Named corpus values; all four codecs must round-trip each one exactly. */
export const corpus: readonly (readonly [string, EverythingValue])[] = [
  ['typical', typical],
  ['extremes (low)', extremes],
  ['extremes (high)', extremesHigh],
  ['empty and zero', empty],
  ['unicode', unicode],
  ['absent and null', absent],
];

/** A byte array as hex, for referee scripts. */
export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/** Hex back to bytes. */
export function unhex(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'hex'));
}

/** Collects an async iterable. */
export async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

/** Yields values asynchronously. */
export async function* from<T>(values: readonly T[]): AsyncGenerator<T> {
  for (const value of values) yield value;
}

/** Yields `bytes` in chunks of `size` (1 splits at every byte boundary). */
export async function* chunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** Concatenates byte arrays. */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength))));
}
