// The JSON codec inside allOf, oneOf and recursive schemas brought inside other schemas: 64-bit
// integers, bytes and dates are converted there as anywhere else, both ways; an allOf of objects
// is one object (fields of every member, undeclared ones dropped or refused as for any object);
// a union of allOfs picks the member whose fields the value has. And the explicitNulls rule:
// absent stays absent, a null the value holds is written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CodecConfig, JsonCodec, Schema, type TSchema } from '@kitgen/runtime';

const big = 9007199254740993n;
const codec = (schema: unknown, config?: CodecConfig) => JsonCodec.schemaBasedBinaryCodec(schema as TSchema, config);
const decoded = (schema: unknown, text: string, config?: CodecConfig): unknown => {
  const r = codec(schema, config).decodeString(text);
  if (r._tag === 'left') throw new Error(`refused: ${r.left.message}`);
  return r.right;
};
const refusal = (schema: unknown, text: string): { message: string; pointer?: string } => {
  const r = codec(schema).decodeString(text);
  assert.equal(r._tag, 'left', `accepted ${text}`);
  return r.left as never;
};

const NewItem = Schema.Unsafe({
  $id: 'NewItem',
  type: 'object',
  properties: { name: { type: 'string' }, blob: Schema.Bytes(), at: Schema.DateTime() },
  required: ['name'],
});
const Item = Schema.Unsafe({
  $id: 'Item',
  allOf: [NewItem, { type: 'object', properties: { id: { type: 'bigint', format: 'int64' } }, required: ['id'] }],
});

test('allOf: the fields of every member are converted both ways', () => {
  const at = new Date('2024-05-06T07:08:09.000Z');
  const value = { name: 'n', blob: new Uint8Array([1, 2, 3]), at, id: big };
  const text = codec(Item).encodeToString(value as never);
  assert.equal(text, `{"name":"n","blob":"AQID","at":"2024-05-06T07:08:09.000Z","id":${big}}`);
  assert.deepEqual(decoded(Item, text), value);
  // Nested in an object, an array and a nullable union, as generated code holds it.
  const Holder = Schema.Unsafe({
    type: 'object',
    properties: { items: { type: 'array', items: Item }, maybe: { anyOf: [Item, { type: 'null' }] } },
  });
  const holder = { items: [value], maybe: { name: 'm', id: 1n } };
  const held = codec(Holder).encodeToString(holder as never);
  assert.equal(held, `{"items":[${text}],"maybe":{"name":"m","id":1}}`);
  assert.deepEqual(decoded(Holder, held), holder);
  assert.deepEqual(decoded(Holder, '{"maybe":null}'), { maybe: null });
});

test('allOf: wrong values are refused naming the field; undeclared fields go as for an object', () => {
  assert.equal(refusal(Item, '{"name":"n","id":1.5}').pointer, '/id');
  assert.equal(refusal(Item, '{"name":"n","id":1,"blob":"%%"}').pointer, '/blob');
  assert.deepEqual(decoded(Item, '{"name":"n","id":1,"extra":true}'), { name: 'n', id: 1n });
  const strict = codec(Item, CodecConfig({ rejectExtraFields: true })).decodeString('{"name":"n","id":1,"extra":true}');
  assert.equal(strict._tag, 'left');
  assert.match((strict as { left: Error }).left.message, /extra/);
  // Wire names of the config apply to every member's fields.
  const snake = CodecConfig({ fieldNameFormat: 'SnakeCase' as never });
  const Named = Schema.Unsafe({
    allOf: [
      { type: 'object', properties: { firstName: { type: 'string' } } },
      { type: 'object', properties: { bigCount: { type: 'bigint' } } },
    ],
  });
  assert.equal(
    codec(Named, snake).encodeToString({ firstName: 'a', bigCount: big } as never),
    `{"first_name":"a","big_count":${big}}`,
  );
  assert.deepEqual(decoded(Named, `{"first_name":"a","big_count":${big}}`, snake), { firstName: 'a', bigCount: big });
});

test('oneOf of allOfs: the member whose fields the value has is chosen, and converted', () => {
  const Named = Schema.Unsafe({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });
  const Cat = Schema.Unsafe({
    allOf: [
      Named,
      { type: 'object', properties: { meows: { type: 'boolean' }, lives: { type: 'bigint' } }, required: ['meows'] },
    ],
  });
  const Dog = Schema.Unsafe({
    allOf: [Named, { type: 'object', properties: { bark: { type: 'bigint' } }, required: ['bark'] }],
  });
  const Pet = Schema.Unsafe({ oneOf: [Cat, Dog] });
  assert.deepEqual(decoded(Pet, `{"name":"Rex","bark":${big}}`), { name: 'Rex', bark: big });
  assert.deepEqual(decoded(Pet, '{"name":"Tom","meows":true,"lives":9}'), { name: 'Tom', meows: true, lives: 9n });
  assert.equal(codec(Pet).encodeToString({ name: 'Rex', bark: big } as never), `{"name":"Rex","bark":${big}}`);
  // A plain oneOf holding a 64-bit integer.
  const Id = Schema.Unsafe({
    type: 'object',
    properties: { id: { oneOf: [{ type: 'boolean' }, { type: 'bigint' }] } },
  });
  assert.deepEqual(decoded(Id, `{"id":${big}}`), { id: big });
  assert.equal(codec(Id).encodeToString({ id: big } as never), `{"id":${big}}`);
});

test('allOf holding a union: each alternative merged with the other members', () => {
  const Shape = Schema.Unsafe({
    allOf: [
      {
        oneOf: [
          { type: 'object', properties: { radius: { type: 'bigint' } }, required: ['radius'] },
          { type: 'object', properties: { side: { type: 'bigint' } }, required: ['side'] },
        ],
      },
      { type: 'object', properties: { id: { type: 'bigint' } }, required: ['id'] },
    ],
  });
  assert.deepEqual(decoded(Shape, `{"side":${big},"id":2}`), { side: big, id: 2n });
  assert.equal(codec(Shape).encodeToString({ radius: 1n, id: big } as never), `{"radius":1,"id":${big}}`);
});

test('recursive schemas through allOf, and inside other schemas, convert at every level and any depth', () => {
  const $defs = {
    Tree: {
      $id: 'Tree',
      allOf: [
        { type: 'object', properties: { data: Schema.Bytes() } },
        {
          type: 'object',
          properties: { size: { type: 'bigint' }, children: { type: 'array', items: { $ref: 'Tree' } } },
        },
      ],
    },
  };
  const Tree = Schema.Unsafe({ $defs, $ref: 'Tree' });
  // Used inside another schema, as generated code embeds it: its $defs come along.
  const Forest = Schema.Unsafe({ type: 'object', properties: { trees: { type: 'array', items: Tree } } });
  const text = `{"trees":[{"data":"AQ==","size":${big},"children":[{"size":1,"children":[]}]}]}`;
  const forest = { trees: [{ data: new Uint8Array([1]), size: big, children: [{ size: 1n, children: [] }] }] };
  assert.deepEqual(decoded(Forest, text), forest);
  assert.equal(codec(Forest).encodeToString(forest as never), text);
  // Deep (two levels of nesting per tree level, within maxDepth): the walk keeps its own stack.
  const depth = 2400;
  const deep = `${'{"size":1,"children":['.repeat(depth)}${']}'.repeat(depth)}`;
  let node = decoded(Tree, deep) as { size: bigint; children: unknown[] };
  let levels = 0;
  while (node.children.length > 0) {
    assert.equal(node.size, 1n);
    node = node.children[0] as typeof node;
    levels++;
  }
  assert.equal(levels, depth - 1);
});

test('explicitNulls: an absent nullable field stays absent, a null the value holds is written (writer and plan alike)', () => {
  const Profile = Schema.Unsafe({
    type: 'object',
    properties: {
      name: { type: 'string' },
      archivedAt: { anyOf: [Schema.DateTime(), { type: 'null' }] },
      nick: { type: 'string' },
      limits: { description: 'any value' },
    },
    required: ['name'],
  });
  // The closed object goes through the generated writer; inside an allOf, through the plan.
  const InAllOf = Schema.Unsafe({ allOf: [Profile] });
  for (const schema of [Profile, InAllOf]) {
    assert.equal(codec(schema).encodeToString({ name: 'a' } as never), '{"name":"a"}');
    assert.equal(
      codec(schema).encodeToString({ name: 'a', archivedAt: null } as never),
      '{"name":"a","archivedAt":null}',
    );
    assert.equal(
      codec(schema).encodeToString({ name: 'a', nick: null } as never),
      '{"name":"a"}',
      'no null where the schema admits none',
    );
    const off = CodecConfig({ explicitNulls: CodecConfig.ExplicitConfig(false, false) });
    // A field of any value (OpenAPI's `{ nullable: true }` with no type) admits null, and keeps it.
    assert.equal(codec(schema).encodeToString({ name: 'a', limits: null } as never), '{"name":"a","limits":null}');
    assert.equal(codec(schema, off).encodeToString({ name: 'a', archivedAt: null } as never), '{"name":"a"}');
  }
});

test('allOf: a member that is the recursive schema itself (AWS Cost Explorer Expression.Not) compiles and converts', () => {
  // Expression { Not: allOf [Expression] (with a description), And: Expression[], Id: int64 },
  // as generated code holds a recursive schema: $defs beside a $ref.
  const defs = {
    Expression: {
      $id: 'Expression',
      type: 'object',
      properties: {
        Not: { allOf: [{ $ref: 'Expression' }, { description: 'the expression negated' }] },
        And: { type: 'array', items: { $ref: 'Expression' } },
        Id: { type: 'bigint', format: 'int64' },
      },
    },
  };
  const Expression = Schema.Unsafe({ $defs: defs, $ref: 'Expression' });
  const value = { Not: { Not: { Id: 1n }, And: [{ Not: { Id: big }, Id: 2n }] }, Id: big };
  const text = codec(Expression).encodeToString(value as never);
  assert.equal(text, `{"Not":{"Not":{"Id":1},"And":[{"Not":{"Id":${big}},"Id":2}]},"Id":${big}}`);
  assert.deepEqual(decoded(Expression, text), value);
  assert.equal(refusal(Expression, '{"Not":{"Not":{"Id":"x"}}}').pointer, '/Not/Not/Id');
});
