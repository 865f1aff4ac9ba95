// The context TypeBox compiles a schema with: every plain `$id` of the schema, mapped to the node
// a `$ref` naming it resolves to.
//
// TypeBox resolves a `$ref` it finds in its context by a map lookup, and any other by walking the
// whole schema for the `$id`: every key of every node, without stopping at the first match and
// without remembering a node it has already seen. A schema holding thousands of `$ref`s to
// hundreds of `$id`s (a published document's response union, rewritten as a committed choice)
// took a minute to compile on its first request; one whose nodes are shared (the same `$defs`
// object embedded wherever one of its schemas is used) costs that walk the size of the schema
// written out as a tree, which grows exponentially with its depth: Stripe's error answer, with an
// id written twice, stalled its server for more than ten minutes.
//
// So every plain `$id` is put in the context. An id that occurs once maps to its node. An id on
// several nodes (a copy beside its original, or two schemas sharing a name) maps to the node
// TypeBox's own walk picks: a node that carries the id itself wins over its sub-schemas, and a
// later key (or array item) over an earlier one. The walk is the same, but each node is visited
// once and its answer reused wherever it is shared.

const PLAIN_ID = /^[^:/#]+$/;

type Node = Record<string, unknown>;

// As TypeBox's own search: a const or enum value is data, not a schema.
const isData = (key: string) => key === 'const' || key === 'enum';

/** The context of plain `$id`s for compiling `schema` with TypeBox (see above). */
export function idContext(schema: unknown): Record<string, unknown> {
  const found = new Map<string, unknown>();
  const repeated = new Set<string>();
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const id = (node as Node).$id;
    if (typeof id === 'string' && PLAIN_ID.test(id)) {
      if (found.has(id) && found.get(id) !== node) repeated.add(id);
      found.set(id, node);
    }
    for (const key of Object.keys(node)) if (!isData(key)) visit((node as Node)[key]);
  };
  visit(schema);
  const context: Record<string, unknown> = {};
  for (const [id, node] of found) context[id] = repeated.has(id) ? typeBoxMatch(schema, id) : node;
  return context;
}

/**
 * The node carrying `$id: id` that TypeBox's walk from `schema` returns: the node itself when it
 * carries the id, else the match of its last key (or item) that has one. Each node is answered
 * once; a node met again while its own answer is being worked out (an object cycle, which TypeBox
 * would never leave) counts as no match.
 */
function typeBoxMatch(schema: unknown, id: string): unknown {
  const answers = new Map<object, unknown>();
  const match = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return undefined;
    if (answers.has(node)) return answers.get(node);
    answers.set(node, undefined);
    let result: unknown;
    if (!Array.isArray(node) && (node as Node).$id === id) result = node;
    else {
      const children = Array.isArray(node)
        ? (node as unknown[])
        : Object.keys(node)
            .filter((key) => !isData(key))
            .map((key) => (node as Node)[key]);
      for (const child of children) {
        const m = match(child);
        if (m !== undefined) result = m;
      }
    }
    answers.set(node, result);
    return result;
  };
  return match(schema);
}
