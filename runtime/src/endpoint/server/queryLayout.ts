import { leaves, type CodecNode, type QueryNode } from '../CodecNode.ts';

type S = Record<string, unknown>;

/**
 * The object schema of a form-style query parameter without `content` (the object member of a
 * nullable one, sinao's `contact_infos`), or undefined when it is not an object.
 */
export function formObjectSchema(node: QueryNode): S | undefined {
  if (node.style !== 'form' || node.mediaType !== undefined) return undefined;
  const s = node.schema as unknown as S;
  if (s.type === 'object') return s;
  const members = Array.isArray(s.anyOf) ? (s.anyOf as S[]) : undefined;
  if (members?.length !== 2 || !members.some((m) => m.type === 'null')) return undefined;
  return members.find((m) => m.type === 'object');
}

/** What an endpoint's input declares in the query: every parameter name, its query parameters and its form-exploded objects. */
export interface QueryLayout {
  readonly names: ReadonlySet<string>;
  /** Its query parameters, in order. */
  readonly queries: readonly QueryNode[];
  /** Its form-exploded object parameters, in order. */
  readonly objects: readonly QueryNode[];
}

/** True when the form-exploded object `node` reads query key `key` (a property of it, or a key of its map). */
export function claims(node: QueryNode, key: string): boolean {
  const s = formObjectSchema(node);
  if (s === undefined) return false;
  const props = s.properties as Record<string, unknown> | undefined;
  if (props !== undefined && Object.hasOwn(props, key)) return true;
  return s.additionalProperties !== undefined && s.additionalProperties !== false;
}

const layouts = new WeakMap<CodecNode, QueryLayout>();

/** The query layout of an endpoint's input (computed once per input node). */
export function queryLayoutOf(input: CodecNode): QueryLayout {
  let layout = layouts.get(input);
  if (layout === undefined) {
    const queries = leaves(input).flatMap((l) => (l.kind === 'query' ? [l] : []));
    const objects = queries.filter((q) => q.explode && formObjectSchema(q) !== undefined);
    layout = { names: new Set(queries.map((q) => q.name)), queries, objects };
    layouts.set(input, layout);
  }
  return layout;
}
