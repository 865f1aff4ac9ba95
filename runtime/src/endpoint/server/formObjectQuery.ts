import { coerceParam, coerceScalar } from '../../codec/body/paramCoercion.ts';
import type { QueryNode } from '../CodecNode.ts';
import type { QueryLayout } from './queryLayout.ts';
import { sharedKeyValues } from './sharedQueryKeys.ts';

export { formObjectSchema, queryLayoutOf, type QueryLayout } from './queryLayout.ts';

type S = Record<string, unknown>;

/** A property's schema, or the typed member of its allOf (a `$ref` beside its description), so arrays split. */
function typed(s: S): S {
  if (!Array.isArray(s.allOf)) return s;
  return (s.allOf as S[]).find((m) => m.type !== undefined || Array.isArray(m.enum)) ?? s;
}

/**
 * An object parameter in OpenAPI's default query style (form, exploded), read from one query
 * parameter per property: `?ExpressionName=a&ExpressionValue=b` for `Expression`. Declared
 * properties are read by name; when the object also takes other keys (`additionalProperties`,
 * AWS's attribute maps), every query parameter the endpoint does not declare is one of them. A
 * key several parameters read (a parameter of that name, other objects) is shared out in their
 * order (sharedQueryKeys.ts). Undefined when no key of the object was sent.
 */
export function explodedFormObject(
  node: QueryNode,
  schema: S,
  params: URLSearchParams,
  layout: QueryLayout,
): Record<string, unknown> | undefined {
  const props = (
    typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {}
  ) as Record<string, S>;
  const extra = schema.additionalProperties;
  const extraSchema = typeof extra === 'object' && extra !== null ? (extra as S) : extra === true ? {} : undefined;
  const obj: Record<string, unknown> = {};
  let any = false;
  for (const key of new Set(params.keys())) {
    if (key === '__proto__') continue;
    const own = Object.hasOwn(props, key);
    // A name the endpoint declares as a parameter is never a key of a map, only a declared property.
    if (layout.names.has(key) && !own) continue;
    const prop = own ? typed(props[key]) : extraSchema;
    if (prop === undefined) continue;
    const all = params.getAll(key);
    // JSON text under the name of another object parameter is that object (kitgen's client sends it so).
    if (layout.objects.some((o) => o !== node && o.name === key) && all.some((v) => v.trimStart().startsWith('{')))
      continue;
    const values = sharedKeyValues(node, key, all, params, layout);
    if (values.length === 0) continue;
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
  const props = (
    typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {}
  ) as Record<string, S>;
  const extra =
    typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null
      ? (schema.additionalProperties as S)
      : {};
  const obj: Record<string, unknown> = {};
  for (let i = 0; i < items.length; i += 2) {
    const key = items[i];
    if (key === '__proto__') continue;
    obj[key] = coerceScalar(Object.hasOwn(props, key) ? props[key] : extra, items[i + 1]);
  }
  return obj;
}
