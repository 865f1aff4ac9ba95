import type { DocNotes } from './jsdocTags.ts';

/** A JSON value (the derived schema is plain data, written into source as a literal). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A use of a named schema, resolved to `$id`/`$defs`/`$ref` form once every named body is known. */
export class Ref {
  constructor(readonly name: string) {}
}

/** A schema under construction: JSON, with {@link Ref}s where named schemas are used. */
export type Ir = Ref | null | boolean | number | string | Ir[] | { [key: string]: Ir };

/** An object node of the schema under construction. */
export type IrObject = { [key: string]: Ir };

// The key order of the contract-first emitter (schemaValue.ts), so both inputs read alike.
const rank = [
  '$id',
  '$defs',
  '$ref',
  'type',
  'format',
  'enum',
  'const',
  'items',
  'additionalItems',
  'properties',
  'required',
  'additionalProperties',
  '*',
  'anyOf',
  'allOf',
  'discriminator',
  'title',
  'description',
  'deprecated',
  'default',
  'readOnly',
  'writeOnly',
  'examples',
];
const rankOf = (k: string) => {
  const i = rank.indexOf(k);
  return i === -1 ? (k.startsWith('x-') ? rank.length : rank.indexOf('*')) : i;
};

/** The node with its keys in the emitter's order. */
export function ordered(node: IrObject): IrObject {
  const keys = Object.keys(node);
  const sorted = [...keys].sort((a, b) => rankOf(a) - rankOf(b));
  return Object.fromEntries(sorted.map((k) => [k, node[k]]));
}

/** `x | null`, as the contract-first emitter writes it. */
export function nullable(node: Ir): IrObject {
  const out: IrObject = { anyOf: [node, { type: 'null' }] };
  nullables.add(out);
  return out;
}

const nullables = new WeakSet<object>();

const isObject = (ir: Ir): ir is IrObject =>
  typeof ir === 'object' && ir !== null && !Array.isArray(ir) && !(ir instanceof Ref);

/**
 * `node` with the JSDoc notes of its property or declaration. A named schema used by reference
 * takes none (as in the contract-first emitter: a component is the same wherever it is used);
 * a nullable node takes them on its non-null member; `@nullable` makes the node nullable.
 */
export function withNotes(node: Ir, notes: DocNotes): Ir {
  if (notes.nullable && !(isObject(node) && nullables.has(node)))
    return nullable(withNotes(node, { ...notes, nullable: false }));
  if (!isObject(node)) return node;
  if (nullables.has(node)) {
    const [inner] = node.anyOf as Ir[];
    return nullable(withNotes(inner, notes));
  }
  const out: IrObject = { ...node };
  if (notes.integer && out.type === 'number') out.type = 'integer';
  const marker = Object.keys(out).some((k) => k.startsWith('x-kitgen-'));
  if (notes.format !== undefined && out.format === undefined && !marker) out.format = notes.format;
  for (const [k, v] of Object.entries(notes.constraints)) out[k] = v;
  if (notes.title !== undefined) out.title = notes.title;
  if (notes.description !== undefined) out.description = notes.description;
  if (notes.deprecated) out.deprecated = true;
  if (notes.default !== undefined) out.default = notes.default.value as Ir;
  if (notes.readOnly) out.readOnly = true;
  if (notes.writeOnly) out.writeOnly = true;
  if (notes.examples !== undefined) out.examples = notes.examples as Ir[];
  return ordered(out);
}

/** The names of the schemas an IR node uses directly. */
function refsOf(ir: Ir, out: Set<string>): Set<string> {
  if (ir instanceof Ref) out.add(ir.name);
  else if (Array.isArray(ir)) ir.forEach((x) => refsOf(x, out));
  else if (isObject(ir)) Object.values(ir).forEach((x) => refsOf(x, out));
  return out;
}

/** Strongly connected groups of named schemas (Tarjan), each in first-named order. */
function groups(bodies: ReadonlyMap<string, Ir>): Map<string, { members: string[]; recursive: boolean }> {
  const order = [...bodies.keys()];
  const deps = new Map(order.map((n) => [n, [...refsOf(bodies.get(n)!, new Set())].filter((d) => bodies.has(d))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out = new Map<string, { members: string[]; recursive: boolean }>();
  let counter = 0;
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of deps.get(v)!) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const members: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    members.sort((a, b) => order.indexOf(a) - order.indexOf(b));
    const group = { members, recursive: members.length > 1 || deps.get(v)!.includes(v) };
    members.forEach((m) => out.set(m, group));
  };
  order.forEach((n) => index.has(n) || connect(n));
  return out;
}

/**
 * The final JSON: a named schema is written in place with `$id` (its component name); schemas
 * that refer to each other share TypeBox's Cyclic form `{ $defs: { A: { $id: 'A', … } }, $ref: 'A' }`,
 * with `{ $ref: 'B' }` between members of the group.
 */
export function materialize(root: Ir, bodies: ReadonlyMap<string, Ir>): Json {
  const groupOf = groups(bodies);
  const done = new Map<string, Json>();
  const withId = (name: string, body: Json): Json => {
    const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
    return { $id: name, ...fields };
  };
  const named = (name: string): Json => {
    const known = done.get(name);
    if (known !== undefined) return known;
    const group = groupOf.get(name)!;
    let value: Json;
    if (!group.recursive) value = withId(name, emit(bodies.get(name)!, undefined));
    else {
      const inGroup = new Set(group.members);
      value = {
        $defs: Object.fromEntries(group.members.map((m) => [m, withId(m, emit(bodies.get(m)!, inGroup))])),
        $ref: name,
      };
    }
    done.set(name, value);
    return value;
  };
  const emit = (ir: Ir, group: ReadonlySet<string> | undefined): Json => {
    if (ir instanceof Ref) return group?.has(ir.name) ? { $ref: ir.name } : named(ir.name);
    if (Array.isArray(ir)) return ir.map((x) => emit(x, group));
    if (isObject(ir)) return Object.fromEntries(Object.entries(ir).map(([k, v]) => [k, emit(v, group)]));
    return ir;
  };
  return emit(root, undefined);
}
