import { taggedUnionInfo } from '../../schema/TaggedUnion.ts';
import { memoryLeafSchemas } from './listAlternatives.ts';
import { collectDefs, refTarget } from './schemaDefs.ts';
import {
  choiceOrder,
  isStructural,
  unionHoldsItself,
  unionLeaves,
  unionMembers,
  type UnionLeaf,
} from './unionShapes.ts';

// The schema the JSON codec validates with. JSON Schema's anyOf (and oneOf) is checked by trying
// every member on the whole value, so unions of objects nested in each other — recursive ones
// above all — cost the product of their sizes, and an error report, which visits every member,
// more still. Here each such union becomes a committed choice, the same one the decoder made:
// the first alternative whose top level fits (unionShapes.ts) is the one the value is checked
// against, so every part of a value is checked once.
//
// A union of alternatives c1…cn becomes, with shapes s1…sn and the first alternative c1 as the
// one a value fitting no shape is checked against (its errors are the report):
//   allOf: [ { if: s1, else: <the same for s2…sn> }, { if: { not: s1 }, else: c1 } ]
// Both halves of each step sit in `else`, whose failures a validator reports in full (failures
// under `then` are reported as the `if` alone). Unions whose alternatives are all scalars keep
// their anyOf: trying each member costs no more than looking at the value; so do tagged unions
// whose tag comes first, as every member but one fails at the tag. A union that holds itself as
// a member (`T = T | X`, which is X) is rewritten whatever its members: tried in turn, it never ends.
//
// Committing is needed only where choices nest: a union none of whose alternatives reaches
// another such union (through fields, items or `$ref`s) costs the size of its value per
// alternative when each is tried, and no tried union lies inside another. Such a union takes a
// value any alternative takes (Mailscript's actions: five objects `{name, type, config}` told
// apart by `config` alone), as JSON Schema says:
//   allOf: [ { if: { anyOf: [c1…cn] }, else: <the committed choice> } ]
// so a value none takes is still explained by the alternative its top level fits.
//
// Where choices nest, the alternatives a validator judges by looking at the value alone, without
// descending (`{ type: object, nullable: true }`, scalars), are tried first the same way:
//   allOf: [ { if: { anyOf: [those alternatives] }, else: <the committed choice> } ]
// Each costs one look per union node, so the whole stays linear, and a value such an alternative
// takes is valid even when the alternative its top level fits first refuses it deeper down
// (Microsoft Graph writes every navigation property as `anyOf: [{ $ref }, { type: object,
// nullable: true }]`). The decoder still decodes the value by the alternative it fits first.
// A oneOf is read as an anyOf here, as when its alternatives are tried.

type Schema = Record<string, unknown>;
type Defs = Readonly<Record<string, Schema>>;

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_VALUES = [
  'additionalProperties',
  'additionalItems',
  'items',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
];
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'];

const isSchemaObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The alternatives of a union that needs a committed choice, or undefined. */
export function committedLeaves(node: Schema, defs: Defs): readonly UnionLeaf[] | undefined {
  const info = taggedUnionInfo(node);
  const leaves = info
    ? (node.anyOf as Schema[]).map((m) => ({ schema: m, form: m }))
    : unionMembers(node)
      ? unionLeaves(node, defs)
      : undefined;
  if (leaves === undefined) return undefined;
  if (!info && unionHoldsItself(node, defs)) return leaves;
  const structural = leaves.filter((leaf) => isStructural(leaf.schema));
  return structural.length < 2 || checkedByTagFirst(structural.map((leaf) => leaf.schema)) ? undefined : leaves;
}

const isScalar = (s: Schema) =>
  !isStructural(s) &&
  s.$ref === undefined &&
  !Array.isArray(s.anyOf) &&
  !Array.isArray(s.oneOf) &&
  !Array.isArray(s.allOf);

// A field a validator checks by looking at the value alone, without descending: a scalar, or an
// object or array that declares nothing about what it holds (`_links: { type: object }`), or a
// union of such (`_links` nullable).
const SUBSCHEMA_KEYS = [
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'contains',
  'propertyNames',
  'dependentSchemas',
  'not',
  'if',
  'allOf',
];
const isShallow = (s: Schema): boolean => {
  if (isScalar(s)) return true;
  if (s.$ref !== undefined || taggedUnionInfo(s) !== undefined || SUBSCHEMA_KEYS.some((k) => s[k] !== undefined))
    return false;
  if (s.additionalProperties !== undefined && typeof s.additionalProperties !== 'boolean') return false;
  const members = [...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(Array.isArray(s.oneOf) ? s.oneOf : [])] as unknown[];
  return members.every((m) => isSchemaObject(m) && isShallow(m));
};

/**
 * True when every alternative is an object with one required field, of the same name, holding
 * a literal no other alternative allows, declared before any field a validator descends into:
 * a tagged union (Schema.TaggedUnion, or a discriminated union written with its tag first). A
 * validator checks required fields and then fields in order, so every alternative but the
 * right one fails at the tag, before it descends, and the union needs no rewriting.
 */
function checkedByTagFirst(alternatives: readonly Schema[]): boolean {
  const first = alternatives[0];
  if (!isSchemaObject(first.properties)) return false;
  return Object.keys(first.properties as Schema).some((tag) => {
    const seen = new Set<unknown>();
    return alternatives.every((alt) => {
      if (!isSchemaObject(alt.properties) || !Array.isArray(alt.required) || !(alt.required as string[]).includes(tag))
        return false;
      const names = Object.keys(alt.properties as Schema);
      const at = names.indexOf(tag);
      if (at < 0 || !names.slice(0, at).every((n) => isShallow((alt.properties as Schema)[n] as Schema))) return false;
      const p = (alt.properties as Schema)[tag] as Schema;
      const values = 'const' in p ? [p.const] : Array.isArray(p.enum) ? (p.enum as unknown[]) : undefined;
      if (values === undefined || values.some((v) => seen.has(v) || (typeof v === 'object' && v !== null)))
        return false;
      for (const v of values) seen.add(v);
      return true;
    });
  });
}

/** Each sub-schema of `node` with a function that puts a replacement in its place on a copy. */
function* children(node: Schema): Generator<[Schema, (copy: Schema, replacement: Schema) => void]> {
  for (const key of SCHEMA_MAPS) {
    const map = node[key];
    if (!isSchemaObject(map)) continue;
    for (const name of Object.keys(map)) {
      if (isSchemaObject(map[name]))
        yield [map[name], (copy, r) => (copy[key] = { ...(copy[key] as Schema), [name]: r })];
    }
  }
  for (const key of SCHEMA_VALUES) if (isSchemaObject(node[key])) yield [node[key], (copy, r) => (copy[key] = r)];
  for (const key of SCHEMA_LISTS) {
    const list = node[key];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      if (isSchemaObject(list[i]))
        yield [list[i], (copy, r) => (copy[key] = (copy[key] as Schema[]).map((m, j) => (j === i ? r : m)))];
    }
  }
}

/**
 * The sub-schemas of `schema` that are rewritten: each union needing a committed choice and each
 * node from which one is reached. Found by walking every node once and then going back up from
 * those unions, so a schema whose objects refer back to an ancestor (a cycle) gets the same
 * answer wherever the walk entered the cycle.
 */
function rewrittenNodes(schema: Schema, defs: Defs): Set<Schema> {
  const parents = new Map<Schema, Schema[]>([[schema, []]]);
  const marked = new Set<Schema>();
  const stack = [schema];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (committedLeaves(node, defs) !== undefined) marked.add(node);
    for (const [child] of children(node)) {
      const known = parents.get(child);
      if (known !== undefined) known.push(node);
      else {
        parents.set(child, [node]);
        stack.push(child);
      }
    }
  }
  const up = [...marked];
  while (up.length > 0) {
    for (const parent of parents.get(up.pop()!)!) {
      if (marked.has(parent)) continue;
      marked.add(parent);
      up.push(parent);
    }
  }
  return marked;
}

/** A shallow copy that keeps every own property as it is (TypeBox keeps refinements and markers on schemas). */
function cloneNode(node: Schema): Schema {
  const descriptors = Object.getOwnPropertyDescriptors(node);
  for (const d of Object.values(descriptors)) {
    d.configurable = true;
    if ('value' in d) d.writable = true;
  }
  return Object.create(Object.getPrototypeOf(node) as object | null, descriptors) as Schema;
}

/** Nodes known to reach no union that needs a committed choice, per set of defs. */
const reachesNone = new WeakMap<Defs, Set<Schema>>();

/** True when a union needing a committed choice is `start` or is reached from it (fields, items, `$ref`s). */
function reachesChoice(start: Schema, defs: Defs): boolean {
  let clean = reachesNone.get(defs);
  if (clean === undefined) reachesNone.set(defs, (clean = new Set()));
  if (clean.has(start)) return false;
  const seen = new Set<Schema>([start]);
  const stack = [start];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (committedLeaves(node, defs) !== undefined) return true;
    const next = [...children(node)].map(([child]) => child);
    const target = refTarget(node, defs);
    if (target !== undefined) next.push(target);
    for (const child of next) {
      if (seen.has(child) || clean.has(child)) continue;
      seen.add(child);
      stack.push(child);
    }
  }
  // Nothing reached from here needs a choice: so for every node on the way.
  for (const node of seen) clean.add(node);
  return false;
}

/**
 * True when the union `node` (one needing a committed choice) may have its alternatives tried
 * in turn: it does not hold itself, and no alternative reaches a union needing a choice, so the
 * work stays the value's size per alternative.
 */
export function mayTryAlternatives(node: Schema, leaves: readonly UnionLeaf[], defs: Defs): boolean {
  if (unionHoldsItself(node, defs)) return false;
  return leaves.every((leaf) => !reachesChoice(leaf.schema, defs));
}

/**
 * `schema` with every union of several structured alternatives replaced by a committed choice
 * (see above), or `schema` itself when it has none. `$ref`s keep pointing at the root's `$defs`,
 * which are rewritten alike.
 */
export function withCommittedUnions(schema: Schema): Schema {
  // Defs nested anywhere (a recursive schema used inside another) resolve as the decoder's do.
  const defs: Defs = collectDefs(schema);
  const needed = rewrittenNodes(schema, defs);
  const needs = (node: Schema): boolean => needed.has(node);
  if (!needs(schema)) return schema;

  // An alternative is named in several steps of its union's choice. Written out each time, an
  // alternative holding a union of its own would make the schema grow with every union nested
  // in another (and validators compile a schema in time that grows faster than its size); such
  // alternatives move to a def of their own, once, and the steps refer to it.
  const hoisted = new Map<string, Schema>();
  const refs = new Map<Schema, Schema>();
  const done = new Map<Schema, Schema>();
  const named = (form: Schema): Schema => {
    // A `$ref` is named as it is, but one that carries the `$defs` it points into (generated code's
    // `{ $defs, $ref: 'Price' }`) carries them rewritten: left as written, the validator would hold
    // the original def beside the rewritten one under one `$id` and check with either.
    if (typeof form.$ref === 'string') return rewrite(form);
    if (!needs(form)) return form;
    let ref = refs.get(form);
    if (ref === undefined) {
      const id = `kitgen-union-alternative-${refs.size}`;
      ref = { $ref: id };
      refs.set(form, ref);
      hoisted.set(id, form);
      rewrite(form);
    }
    return ref;
  };
  const rewrite = (node: Schema): Schema => {
    if (!needs(node)) return node;
    const known = done.get(node);
    if (known !== undefined) return known;
    const copy = cloneNode(node);
    done.set(node, copy);
    for (const [child, put] of children(node)) if (needs(child)) put(copy, rewrite(child));
    const leaves = committedLeaves(node, defs);
    if (leaves !== undefined) {
      const members = (Array.isArray(copy.anyOf) ? copy.anyOf : copy.oneOf) as Schema[];
      const tried = mayTryAlternatives(node, leaves, defs);
      delete copy.anyOf;
      delete copy.oneOf;
      // TypeBox's marker of the kind of schema (Union): the node is a plain JSON Schema now.
      delete copy['~kind'];
      // Nothing but itself (`T = T`): no value is one.
      if (leaves.length === 0) copy.not = {};
      const order = choiceOrder(memoryLeafSchemas(leaves, defs));
      const target = (leaf: number) => named(leaves[leaf].form);
      const step = (j: number, rest: Schema): Schema[] => [
        { if: order[j].test, else: rest },
        { if: { not: order[j].test }, else: target(order[j].leaf) },
      ];
      if (order.length > 0) {
        let rest: Schema = target(0);
        for (let j = order.length - 1; j >= 1; j--) rest = { allOf: step(j, rest) };
        // Alternatives tried before the choice: all of them where that stays linear, else
        // those judged at a glance (see above).
        const glance = tried
          ? members
          : leaves.filter((leaf) => isShallow(leaf.schema)).map((leaf) => named(leaf.form));
        const choice = glance.length > 0 ? [{ if: { anyOf: glance }, else: { allOf: step(0, rest) } }] : step(0, rest);
        copy.allOf = [...(Array.isArray(copy.allOf) ? (copy.allOf as Schema[]) : []), ...choice];
      }
    }
    return copy;
  };
  const root = rewrite(schema);
  if (hoisted.size === 0) return root;
  // The hoisted alternatives are copied last: one may be named while its own rewriting is under
  // way (a union inside it reaching it again), and only now is every rewritten copy complete.
  const out = root === schema ? cloneNode(schema) : root;
  const defsOut: Schema = { ...(isSchemaObject(out.$defs) ? out.$defs : {}) };
  for (const [id, form] of hoisted) {
    const def = cloneNode(done.get(form) ?? form);
    def.$id = id;
    defsOut[id] = def;
  }
  out.$defs = defsOut;
  return out;
}
