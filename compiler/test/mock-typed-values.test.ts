// The mock lifts every JSON answer into the generated types' values (int64 as bigint, bytes as
// Uint8Array) at every request. Walking all of a large answer took most of its time (Microsoft
// Graph's driveItem lists: seconds an answer), so parts whose schemas hold no int64 and no bytes
// are kept as they are; one reaching an int64 only through a cycle of schemas is still lifted,
// wherever the cycle is entered first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SchemaNode } from '../src/model/Schema.ts';
import { TypedValues } from '../src/mock/typedValues.ts';

const ref = (target: string) => ({ kind: 'ref', target }) as SchemaNode;
const text = { kind: 'string', constraints: {} } as SchemaNode;
const object = (properties: Record<string, SchemaNode>) =>
  ({
    kind: 'object',
    properties: Object.entries(properties).map(([name, schema]) => ({ name, schema, required: false })),
    additional: undefined,
    constraints: {},
  }) as SchemaNode;
const list = (items: SchemaNode) => ({ kind: 'array', items, constraints: {} }) as SchemaNode;

const schemas = new Map<string, SchemaNode>([
  // Meta reaches an int64 only through Node, which refers back to it.
  ['Meta', object({ name: text, tags: list(text), owner: ref('Node') })],
  [
    'Node',
    object({ size: { kind: 'int64', constraints: {} } as SchemaNode, meta: ref('Meta'), kids: list(ref('Node')) }),
  ],
  ['Plain', object({ name: text, next: ref('Plain') })],
]);

test('int64s are lifted through a cycle of schemas entered anywhere; a part with nothing to lift is kept as it is', () => {
  const typed = new TypedValues(schemas);
  const meta = { name: 'm', tags: ['a'], owner: { size: 1, meta: { name: 'n', owner: { size: 2 } } } };
  assert.deepEqual(typed.lift(ref('Meta'), meta), {
    name: 'm',
    tags: ['a'],
    owner: { size: 1n, meta: { name: 'n', owner: { size: 2n } } },
  });
  const tags = ['x', 'y'];
  const node = typed.lift(ref('Node'), { size: 3, kids: [{ size: 4 }], meta: { name: 'k', tags } }) as {
    kids: unknown[];
    meta: { tags: unknown };
  };
  assert.deepEqual(node.kids, [{ size: 4n }]);
  assert.equal(node.meta.tags, tags, 'a list of texts is not copied');
  const plain = { name: 'p', next: { name: 'q', next: { name: 'r' } } };
  assert.equal(typed.lift(ref('Plain'), plain), plain, 'nothing to lift: the value itself');
});
