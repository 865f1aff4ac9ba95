import { coerceParam, coerceScalar } from '../../codec/body/paramCoercion.ts';
import { leaves, type CodecNode, type QueryNode } from '../CodecNode.ts';

type S = Record<string, unknown>;

/** The object schema of a form-style query parameter without `content`, or undefined when it is not an object. */
export function formObjectSchema(node: QueryNode): S | undefined {
  if (node.style !== 'form' || node.mediaType !== undefined) return undefined;
  const s = node.schema as unknown as S;
  return s.type === 'object' ? s : undefined;
}

/** What an endpoint's input declares in the query: every parameter name, and its form-exploded maps in order. */
export interface QueryLayout {
  readonly names: ReadonlySet<string>;
  readonly maps: readonly QueryNode[];
}

const layouts = new WeakMap<CodecNode, QueryLayout>();

/** The query layout of an endpoint's input (computed once per input node). */
export function queryLayoutOf(input: CodecNode): QueryLayout {
  let layout = layouts.get(input);
  if (layout === undefined) {
    const queries = leaves(input).flatMap((l) => (l.kind === 'query' ? [l] : []));
    const maps = queries.filter((q) => {
      const extra = q.explode ? formObjectSchema(q)?.additionalProperties : undefined;
      return extra !== undefined && extra !== false;
    });
    layout = { names: new Set(queries.map((q) => q.name)), maps };
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
 * them; with several such maps, a key sent once for each is read in their order (each map wrote
 * it once). Undefined when no key of the object was sent.
 */
export function explodedFormObject(node: QueryNode, schema: S, params: URLSearchParams, layout: QueryLayout): Record<string, unknown> | undefined {
  const props = (typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {}) as Record<string, S>;
  const extra = schema.additionalProperties;
  const extraSchema = typeof extra === 'object' && extra !== null ? (extra as S) : extra === true ? {} : undefined;
  const mapIndex = layout.maps.indexOf(node);
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
    if (!own && layout.maps.length > 1 && values.length === layout.maps.length && mapIndex >= 0) values = [values[mapIndex]];
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
