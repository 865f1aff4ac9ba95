import { coerceParam, coerceScalar } from '../../codec/body/paramCoercion.ts';
import { leaves, type CodecNode, type QueryNode } from '../CodecNode.ts';

type S = Record<string, unknown>;

/** The object schema of a form-style query parameter without `content`, or undefined when it is not an object. */
export function formObjectSchema(node: QueryNode): S | undefined {
  if (node.style !== 'form' || node.mediaType !== undefined) return undefined;
  const s = node.schema as unknown as S;
  return s.type === 'object' ? s : undefined;
}

const namesOfInputs = new WeakMap<CodecNode, ReadonlySet<string>>();

/** The query parameter names an endpoint's input declares (computed once per input node). */
export function queryNamesOf(input: CodecNode): ReadonlySet<string> {
  let names = namesOfInputs.get(input);
  if (names === undefined) {
    names = new Set(leaves(input).flatMap((l) => (l.kind === 'query' ? [l.name] : [])));
    namesOfInputs.set(input, names);
  }
  return names;
}

/**
 * An object parameter in OpenAPI's default query style (form, exploded), read from one query
 * parameter per property: `?ExpressionName=a&ExpressionValue=b` for `Expression`. Declared
 * properties are read by name; when the object also takes other keys (`additionalProperties`,
 * AWS's attribute maps), every query parameter the endpoint does not declare otherwise is one of
 * them. Undefined when no key of the object was sent.
 */
export function explodedFormObject(schema: S, params: URLSearchParams, declared: ReadonlySet<string>): Record<string, unknown> | undefined {
  const props = (typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {}) as Record<string, S>;
  const extra = schema.additionalProperties;
  const extraSchema = typeof extra === 'object' && extra !== null ? (extra as S) : extra === true ? {} : undefined;
  const obj: Record<string, unknown> = {};
  let any = false;
  for (const key of new Set(params.keys())) {
    if (key === '__proto__') continue;
    const prop = Object.hasOwn(props, key) ? props[key] : !declared.has(key) ? extraSchema : undefined;
    if (prop === undefined) continue;
    obj[key] = coerceParam(prop as never, params.getAll(key), 'form', true);
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
