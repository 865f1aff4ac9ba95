// Type tests: `Static` over every `Schema.*` builder reads what TypeBox's own `Static` reads for
// the same schema built with TypeBox (the runtime declares its schema kinds itself, so its
// declarations check light under `skipLibCheck: false`; users lose nothing the types told them).
// Checked by `tsc` (runtime/test/typecheck.test.ts); each @ts-expect-error line must fail.
import { Type, type Static as TypeBoxStatic } from 'typebox';
import { Schema, type Static } from '@kitgen/runtime';

type Equals<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
function assertType<T extends true>(_?: T): void {}

const Address = Schema.Object({ street: Schema.String(), zip: Schema.Optional(Schema.String()) });
const TbAddress = Type.Object({ street: Type.String(), zip: Type.Optional(Type.String()) });
assertType<Equals<Static<typeof Address>, TypeBoxStatic<typeof TbAddress>>>();

const Everything = Schema.Object({
  i: Schema.Integer(),
  n: Schema.Number(),
  b: Schema.Boolean(),
  big: Schema.BigInt(),
  nil: Schema.Null(),
  any: Schema.Any(),
  unknown: Schema.Unknown(),
  lit: Schema.Literal('cat'),
  num: Schema.Literal(3),
  en: Schema.Enum(['red', 'blue']),
  arr: Schema.Array(Address),
  tuple: Schema.Tuple([Schema.String(), Schema.Integer()]),
  union: Schema.Union([Schema.String(), Schema.Null()]),
  rec: Schema.Record(Schema.String(), Schema.Integer()),
  byIndex: Schema.Record(Schema.Integer(), Schema.String()),
  both: Schema.Intersect([Address, Schema.Object({ city: Schema.String() })]),
  refined: Schema.Refine(Schema.Object({ a: Schema.String() }), (v) => v.a !== 'x'),
  ro: Schema.Readonly(Schema.String()),
  empty: Schema.Object({}),
});
const TbEverything = Type.Object({
  i: Type.Integer(),
  n: Type.Number(),
  b: Type.Boolean(),
  big: Type.BigInt(),
  nil: Type.Null(),
  any: Type.Any(),
  unknown: Type.Unknown(),
  lit: Type.Literal('cat'),
  num: Type.Literal(3),
  en: Type.Enum(['red', 'blue']),
  arr: Type.Array(TbAddress),
  tuple: Type.Tuple([Type.String(), Type.Integer()]),
  union: Type.Union([Type.String(), Type.Null()]),
  rec: Type.Record(Type.String(), Type.Integer()),
  byIndex: Type.Record(Type.Integer(), Type.String()),
  both: Type.Intersect([TbAddress, Type.Object({ city: Type.String() })]),
  refined: Type.Refine(Type.Object({ a: Type.String() }), (v) => v.a !== 'x'),
  ro: Type.Readonly(Type.String()),
  empty: Type.Object({}),
});
type Ours = Static<typeof Everything>;
type Theirs = TypeBoxStatic<typeof TbEverything>;
assertType<Equals<keyof Ours, keyof Theirs>>();
assertType<Equals<Ours['i'] | Ours['n'], Theirs['i'] | Theirs['n']>>();
assertType<Equals<Ours['b'], Theirs['b']>>();
assertType<Equals<Ours['big'], Theirs['big']>>();
assertType<Equals<Ours['nil'], Theirs['nil']>>();
assertType<Equals<Ours['any'], Theirs['any']>>();
assertType<Equals<Ours['unknown'], Theirs['unknown']>>();
assertType<Equals<Ours['lit'], Theirs['lit']>>();
assertType<Equals<Ours['num'], Theirs['num']>>();
assertType<Equals<Ours['en'], Theirs['en']>>();
assertType<Equals<Ours['arr'], Theirs['arr']>>();
assertType<Equals<Ours['tuple'], Theirs['tuple']>>();
assertType<Equals<Ours['union'], Theirs['union']>>();
assertType<Equals<Ours['rec'], Theirs['rec']>>();
assertType<Equals<Ours['byIndex'], Theirs['byIndex']>>();
assertType<Equals<Ours['refined'], Theirs['refined']>>();
assertType<Equals<Ours['empty'], Theirs['empty']>>();
// An intersection reads as both objects' fields (TypeBox leaves it an intersection type).
const both: Ours['both'] = { street: 'Main', city: 'Oslo' };
const theirBoth: Theirs['both'] = both;
void theirBoth;
// @ts-expect-error an intersection needs every object's fields
const half: Ours['both'] = { street: 'Main' };
void half;
// A readonly property stays readonly.
declare const value: Ours;
// @ts-expect-error readonly
value.ro = 'x';

// Recursive definitions, through objects, arrays and unions.
const Tree = Schema.Cyclic(
  { Node: Schema.Object({ v: Schema.Integer(), kids: Schema.Array(Schema.Ref('Node')) }) },
  'Node',
);
type Tree = Static<typeof Tree>;
const tree: Tree = { v: 1, kids: [{ v: 2, kids: [] }] };
void tree;
assertType<Equals<Tree['kids'][number]['kids'][number]['v'], number>>();
// @ts-expect-error a child is a node too
const badTree: Tree = { v: 1, kids: [{ v: 'x', kids: [] }] };
void badTree;
const List = Schema.Cyclic(
  {
    Node: Schema.Union([
      Schema.Object({ x: Schema.Number(), next: Schema.Optional(Schema.Ref('Node')) }),
      Schema.Object({ y: Schema.Number(), next: Schema.Optional(Schema.Ref('Node')) }),
    ]),
  },
  'Node',
);
const list: Static<typeof List> = { x: 1, next: { y: 2, next: { x: 3 } } };
void list;
// @ts-expect-error a next node is one of the two objects
const badList: Static<typeof List> = { x: 1, next: { z: 2 } };
void badList;

// The runtime's own builders.
const Shape = Schema.TaggedUnion(
  { Circle: Schema.Object({ r: Schema.Number() }), Dot: Schema.Object({}) },
  { tag: 'kind' },
);
assertType<
  Equals<Static<typeof Shape>, ({ r: number } & { readonly kind: 'Circle' }) | (object & { readonly kind: 'Dot' })>
>();
const Stamp = Schema.Object({ at: Schema.DateTime(), blob: Schema.Bytes(), id: Schema.Int64() });
assertType<Equals<Static<typeof Stamp>, { at: Date; blob: Uint8Array; id: bigint }>>();
const Given = Schema.Unsafe<{ a: 1 }>({ type: 'object' });
assertType<Equals<Static<typeof Given>, { a: 1 }>>();
// A schema a user builds with TypeBox reads the same through the runtime's `Static`.
assertType<Equals<Static<typeof TbAddress>, { street: string; zip?: string }>>();
