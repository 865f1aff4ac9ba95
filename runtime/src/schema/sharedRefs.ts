// The validator's copy of a schema whose references all name plain `$id`s (generated code's
// `{ $ref: 'Account' }`, the committed unions' hoisted alternatives) is given one root, so TypeBox
// compiles each named schema once.
//
// TypeBox compiles a `$ref` into a function per target and per base URI of the place it is met
// at, and a sub-schema written in place at each of its places. Generated code embeds a named
// schema by its object wherever it is used (`anyOf: [Address]`) and every named schema carries an
// `$id` (a base URI of its own), so a schema holding the same named schemas in many places, each
// holding others, compiled to the schema written out as a tree, and each referenced one once per
// schema referring to it: Stripe's error answer (an error holding the object it is about, which
// holds nearly every other object of the API) came to 22 MB of code and a minute of compiling on
// the server's first refusal.
//
// Here every named schema becomes a def of the root, without its `$id`: each `$ref` by id and each
// further place of a named schema met more than once points at that def (`#/$defs/…`, found by
// TypeBox as a JSON pointer from the root). With no `$id` left there is one base URI, so one
// function per named schema. The root gets `$schema`, which tells TypeBox that no reference
// needs the search of older drafts for the resource a target sits in (a walk of the whole
// schema for each reference). A schema with any other kind of reference, anchor or `$id` is
// left as it is.
import { REFINED, SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_VALUES } from './prepareSchema.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const PLAIN_ID = /^[^:/#]+$/;
const UNHANDLED = ['$anchor', '$dynamicAnchor', '$dynamicRef', '$recursiveRef', '$recursiveAnchor', '$schema'];
const DEFINITIONS = new Set(['$defs', 'definitions']);

/** Each place of a sub-schema in `node`: the sub-schema, whether it is a definition, and a setter. */
function* places(node: Json): Generator<[unknown, boolean, (replacement: Json) => void]> {
  for (const key of SCHEMA_MAPS) {
    const map = node[key];
    if (!isObject(map)) continue;
    for (const name of Object.keys(map)) yield [map[name], DEFINITIONS.has(key), (r) => (map[name] = r)];
  }
  for (const key of SCHEMA_VALUES) if (isObject(node[key])) yield [node[key], false, (r) => (node[key] = r)];
  if (isObject(node.items)) yield [node.items, false, (r) => (node.items = r)];
  for (const key of [...SCHEMA_LISTS, 'items', REFINED]) {
    const list = node[key];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) yield [list[i], false, (r) => (list[i] = r)];
  }
}

/** Every schema node under the roots (themselves first), each once. */
function nodesOf(roots: readonly Json[]): Json[] {
  const seen = new Set<object>(roots);
  const order: Json[] = [...new Set(roots)];
  for (let i = 0; i < order.length; i++) {
    for (const [child] of places(order[i])) {
      if (isObject(child) && !seen.has(child)) {
        seen.add(child);
        order.push(child);
      }
    }
  }
  return order;
}

/**
 * Gives the validator's own copy `prepared` (prepareSchema.ts) one root (see above), changing it
 * in place; `context` maps each plain `$id` to the node a reference to it resolves to
 * (idContext.ts). False, with nothing changed, when the schema has a reference, anchor or `$id`
 * of another kind.
 */
export function flattenResources(prepared: unknown, context: Readonly<Record<string, unknown>>): boolean {
  if (!isObject(prepared)) return false;
  // Only the copy's own schema nodes change: a named node anywhere else (under `examples`, say)
  // may be the caller's object.
  const nodes = nodesOf([prepared]);
  const inCopy = new Set<unknown>(nodes);
  if (Object.values(context).some((target) => !inCopy.has(target))) return false;
  const has = (id: unknown) => typeof id === 'string' && Object.prototype.hasOwnProperty.call(context, id);
  for (const node of nodes) {
    if (UNHANDLED.some((key) => key in node)) return false;
    if ('$ref' in node && !has(node.$ref)) return false;
    if ('$id' in node && !(typeof node.$id === 'string' && PLAIN_ID.test(node.$id))) return false;
  }
  // The place each named node gets among the root's defs, and how often it is met in place.
  const pointers = new Map<unknown, string>();
  const defs: Json = isObject(prepared.$defs) ? { ...prepared.$defs } : {};
  const pointerOf = (target: unknown): string => {
    if (target === prepared) return '#';
    let pointer = pointers.get(target);
    if (pointer === undefined) {
      const key = `kitgen-named-${pointers.size}`;
      defs[key] = target;
      pointers.set(target, (pointer = `#/$defs/${key}`));
    }
    return pointer;
  };
  const uses = new Map<object, number>();
  for (const node of nodes) {
    for (const [child, definition] of places(node)) {
      if (!definition && isObject(child) && has(child.$id) && context[child.$id as string] === child)
        uses.set(child, (uses.get(child) ?? 0) + 1);
    }
  }
  for (const node of nodes) {
    if (typeof node.$ref === 'string') node.$ref = pointerOf(context[node.$ref]);
    for (const [child, definition, put] of places(node)) {
      if (!definition && child !== prepared && isObject(child) && (uses.get(child) ?? 0) > 1)
        put({ $ref: pointerOf(child) });
    }
  }
  for (const node of nodes) delete node.$id;
  if (pointers.size > 0) prepared.$defs = defs;
  prepared.$schema = 'https://json-schema.org/draft/2020-12/schema';
  return true;
}
