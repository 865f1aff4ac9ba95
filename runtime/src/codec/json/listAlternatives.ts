import type { CodecConfig } from './CodecConfig.ts';
import { memoryLeafSchema, unionLeaves, wireLeafTest, type LeafTest, type UnionLeaf } from './unionShapes.ts';

// A union with several list alternatives (OpenAI's `prompt`: a text, texts, numbers or lists of
// numbers; GitHub's labels: names, or objects holding a name) cannot tell them apart by a value's
// own top level, which is a list for each, so every list went to the first of them and was
// refused item by item. Such alternatives are recognised by their items' top level as well: one
// level further down, each item looked at once, so choosing stays linear in the value. A list that
// no alternative's items fit goes, after every other test, to the first alternative that takes
// lists, whose check then names the item that fits nowhere.

type Schema = Record<string, unknown>;
type Defs = Readonly<Record<string, Schema>>;

const isList = (s: Schema) => s.type === 'array' || (s.items !== undefined && s.type === undefined);
const itemsOf = (s: Schema): Schema | undefined =>
  typeof s.items === 'object' && s.items !== null && !Array.isArray(s.items) ? (s.items as Schema) : undefined;

/** The leaf tests with each list alternative's test narrowed to its items, when the union has several lists. */
function narrowed<T>(
  leaves: readonly UnionLeaf[],
  tests: readonly LeafTest<T>[],
  itemsFit: (items: Schema) => T,
): LeafTest<T>[] {
  const lists = leaves.filter((leaf) => isList(leaf.schema) && itemsOf(leaf.schema) !== undefined);
  if (lists.length < 2) return [...tests];
  return tests.map((test, i) => {
    const items = isList(leaves[i].schema) ? itemsOf(leaves[i].schema) : undefined;
    return items === undefined ? test : { ...test, fits: itemsFit(items), loose: test.fits };
  });
}

/** {@link wireLeafTest} of each leaf, list alternatives told apart by their items' top level on the wire. */
export function wireLeafTests(
  leaves: readonly UnionLeaf[],
  config: CodecConfig,
  defs: Defs,
): LeafTest<(value: unknown) => boolean>[] {
  const tests = leaves.map((leaf) => wireLeafTest(leaf.schema, config, defs));
  return narrowed(leaves, tests, (items) => {
    const fits = unionLeaves(items, defs).map((leaf) => wireLeafTest(leaf.schema, config, defs).fits);
    return (v) => Array.isArray(v) && v.every((item) => fits.some((fit) => fit(item)));
  });
}

/** {@link memoryLeafSchema} of each leaf, list alternatives told apart by their items' top level in memory. */
export function memoryLeafSchemas(leaves: readonly UnionLeaf[], defs: Defs): LeafTest<Schema>[] {
  const tests = leaves.map((leaf) => memoryLeafSchema(leaf.schema, defs));
  return narrowed(leaves, tests, (items) => {
    const fits = unionLeaves(items, defs).map((leaf) => memoryLeafSchema(leaf.schema, defs).fits);
    return { type: 'array', items: fits.length === 1 ? fits[0] : { anyOf: fits } };
  });
}
