import { coerceParam, coerceScalar } from '../../codec/body/paramCoercion.ts';
import { leaves, type CodecNode, type QueryNode } from '../CodecNode.ts';

type S = Record<string, unknown>;

/** The object schema of a form-style query parameter without `content`, or undefined when it is not an object. */
export function formObjectSchema(node: QueryNode): S | undefined {
  if (node.style !== 'form' || node.mediaType !== undefined) return undefined;
  const s = node.schema as unknown as S;
  return s.type === 'object' ? s : undefined;
}

/** What an endpoint's input declares in the query: every parameter name, and its form-exploded objects. */
export interface QueryLayout {
  readonly names: ReadonlySet<string>;
  /** Its form-exploded object parameters, in order. */
  readonly objects: readonly QueryNode[];
}

/** True when the form-exploded object `node` reads query key `key` (a property of it, or a key of its map). */
function claims(node: QueryNode, key: string): boolean {
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
    layout = { names: new Set(queries.map((q) => q.name)), objects };
    layouts.set(input, layout);
  }
  return layout;
}

/** A property's schema, or the typed member of its allOf (a `$ref` beside its description), so arrays split. */
function typed(s: S): S {
  if (!Array.isArray(s.allOf)) return s;
  return (s.allOf as S[]).find((m) => m.type !== undefined || Array.isArray(m.enum)) ?? s;
}

/**
 * An object parameter in OpenAPI's default query style (form, exploded), read from one query
 * parameter per property: `?ExpressionName=a&ExpressionValue=b` for `Expression`. Declared
 * properties are read by name (a name the endpoint declares as a parameter is that parameter's); when the object also takes other keys (`additionalProperties`,
 * AWS's attribute maps), every query parameter the endpoint does not declare otherwise is one of
 * them; a key several such objects read, sent once for each, is read in their order (each
 * wrote it once). Undefined when no key of the object was sent.
 */
export function explodedFormObject(node: QueryNode, schema: S, params: URLSearchParams, layout: QueryLayout): Record<string, unknown> | undefined {
  const props = (typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {}) as Record<string, S>;
  const extra = schema.additionalProperties;
  const extraSchema = typeof extra === 'object' && extra !== null ? (extra as S) : extra === true ? {} : undefined;
  const obj: Record<string, unknown> = {};
  let any = false;
  for (const key of new Set(params.keys())) {
    if (key === '__proto__') continue;
    // A key the endpoint declares as a parameter of its own is that parameter's, never a property.
    if (layout.names.has(key)) continue;
    const own = Object.hasOwn(props, key);
    const prop = own ? typed(props[key]) : extraSchema;
    if (prop === undefined) continue;
    let values = params.getAll(key);
    if (values.length > 1) {
      // Several exploded objects of the endpoint wrote this key (RDS's two scaling configurations
      // both have MinCapacity): one value each, read in their order.
      const claimants = layout.objects.filter((o) => claims(o, key));
      const at = claimants.indexOf(node);
      if (claimants.length > 1 && values.length === claimants.length && at >= 0) values = [values[at]];
    }
    obj[key] = coerceParam(prop as never, values, 'form', true);
    any = true;
  }
  return any ? obj : undefined;
}

/**
 * An object parameter in form style, not exploded: `Expression=ExpressionName,a,ExpressionValue,b`
 * (name, value, name, value). Undefined when the text is not such pairs (an odd count of items),
 * so the caller reads it as before (JSON text, what kitgen's client sends for an object).
 */
export function unexplodedFormObject(schema: S, text: string): Record<string, unknown> | undefined {
  if (text.trimStart().startsWith('{')) return undefined;
  const items = text === '' ? [] : text.split(',');
  if (items.length % 2 !== 0) return undefined;
  const props = (typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {}) as Record<string, S>;
  const extra = typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null ? (schema.additionalProperties as S) : {};
  const obj: Record<string, unknown> = {};
  for (let i = 0; i < items.length; i += 2) {
    const key = items[i];
    if (key === '__proto__') continue;
    obj[key] = coerceScalar(Object.hasOwn(props, key) ? props[key] : extra, items[i + 1]);
  }
  return obj;
}
