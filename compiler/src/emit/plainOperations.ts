import type { Api, Operation, Parameter, SchemaNode } from '../model/Api.ts';

/**
 * Whether a schema's JSON is the value itself under the default CodecConfig, so a generated
 * function can send `JSON.stringify(value)` and take a parsed body once it checks: no 64-bit
 * integers (bigint), bytes (base64), unions or allOf (chosen and merged by the codec's plans),
 * nullable values (a union with null) or recursion. `$ref`s are followed, each judged once.
 */
export function plainSchemaJudge(api: Api): (node: SchemaNode) => boolean {
  const byKey = new Map(api.schemas.map((s) => [s.key, s.schema]));
  const verdicts = new Map<string, boolean>();
  const judge = (node: SchemaNode, path: ReadonlySet<string>): boolean => {
    if (node.nullable && node.kind !== 'null' && node.kind !== 'any') return false;
    switch (node.kind) {
      case 'ref': {
        const known = verdicts.get(node.target);
        if (known !== undefined) return known;
        const target = byKey.get(node.target);
        if (!target || path.has(node.target)) return false;
        const verdict = judge(target, new Set([...path, node.target]));
        verdicts.set(node.target, verdict);
        return verdict;
      }
      case 'string':
      case 'integer':
      case 'number':
      case 'boolean':
      case 'null':
      case 'any':
      case 'const':
        return true;
      case 'array':
        return judge(node.items, path) && (node.prefixItems ?? []).every((n) => judge(n, path));
      case 'object':
        return (
          node.properties.every((p) => judge(p.schema, path)) &&
          (typeof node.additional !== 'object' || judge(node.additional, path))
        );
      default:
        return false;
    }
  };
  return (node) => judge(node, new Set());
}

/** The path codecs a generated function writes itself (the runtime's RequestWriter). */
const pathKinds = new Set(['int', 'integer', 'long', 'number', 'string']);
const scalarKinds = new Set(['string', 'integer', 'number', 'boolean', 'int64']);

/** A query parameter of a primitive type (or a list of them) in form style, as RequestWriter writes it. */
function plainQuery(p: Parameter): boolean {
  if (p.in !== 'query' || p.mediaType !== undefined || p.style !== 'form' || p.credential !== undefined) return false;
  const s = p.schema.kind === 'array' ? p.schema.items : p.schema;
  return scalarKinds.has(s.kind) && !s.nullable;
}

const isJson = (mediaTypes: readonly string[]) => mediaTypes.length === 1 && mediaTypes[0] === 'application/json';

/**
 * Whether the generator compiles an operation to a function of its own (RequestWriter and the
 * plain response decoder) instead of calling its endpoint through the executor: no credentials,
 * path parameters each a whole segment with a codec RequestWriter writes, no constraints and no
 * JSON text,
 * query parameters as {@link plainQuery}, no header or cookie parameters, a JSON body or none,
 * and every response a status code, a range or (for errors) `default`, never a redirect, with no
 * headers and a plain JSON body or none.
 */
export function isPlainOperation(op: Operation, plain: (node: SchemaNode) => boolean): boolean {
  if (op.auth.kind !== 'none') return false;
  for (const p of op.parameters) {
    if (p.in === 'path') {
      if (
        !pathKinds.has(p.pathCodec ?? '') ||
        p.pathConstraints !== undefined ||
        p.mediaType !== undefined ||
        p.credential !== undefined
      )
        return false;
    } else if (!plainQuery(p)) return false;
  }
  if (op.segments.some((s) => 'mixed' in s)) return false;
  if (
    op.body &&
    (op.body.kind !== 'json' ||
      op.body.variants ||
      op.body.parts ||
      !isJson(op.body.mediaTypes) ||
      !plain(op.body.schema))
  )
    return false;
  if (op.outputs.length === 0) return false;
  // A 3xx is a value to decode, not a redirect to follow: the executor's business.
  const key = (k: string, error: boolean) => /^[1245](\d\d|XX)$/i.test(k) || (error && k === 'default');
  return [...op.outputs.map((r) => [r, false] as const), ...op.errors.map((r) => [r, true] as const)].every(
    ([r, error]) =>
      key(r.key, error) &&
      r.headers.length === 0 &&
      (r.content === undefined || (!r.content.variants && isJson(r.content.mediaTypes) && plain(r.content.schema))),
  );
}
