import type {
  MediaTypeObject,
  OpenAPIDocument,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  SchemaObject,
} from './model.ts';

/** A place in a document that holds a schema, with a way to put another one there. */
export interface SchemaSlot {
  readonly schema: SchemaObject;
  /** True for a `components/schemas` entry (a shared schema itself, never replaced by a `$ref` to itself). */
  readonly component: boolean;
  set(schema: SchemaObject): void;
}

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function slot(holder: Record<string, unknown>, key: string, component = false): SchemaSlot[] {
  const schema = holder[key];
  if (typeof schema !== 'object' || schema === null) return [];
  return [{ schema: schema as SchemaObject, component, set: (s) => (holder[key] = s) }];
}

function mediaSlots(content: Record<string, MediaTypeObject> | undefined): SchemaSlot[] {
  return Object.values(content ?? {}).flatMap((m) => slot(m as Record<string, unknown>, 'schema'));
}

function parameterSlots(params: Array<ParameterObject | ReferenceObject> | undefined): SchemaSlot[] {
  return (params ?? []).flatMap((p) =>
    '$ref' in p && p.$ref
      ? []
      : [...slot(p as unknown as Record<string, unknown>, 'schema'), ...mediaSlots((p as ParameterObject).content)],
  );
}

function operationSlots(op: OperationObject): SchemaSlot[] {
  const out = parameterSlots(op.parameters);
  const body = op.requestBody;
  if (body && !('$ref' in body && body.$ref))
    out.push(...mediaSlots((body as { content: Record<string, MediaTypeObject> }).content));
  for (const r of Object.values(op.responses ?? {})) {
    if ('$ref' in r && r.$ref) continue;
    const response = r as {
      content?: Record<string, MediaTypeObject>;
      headers?: Record<string, Record<string, unknown>>;
    };
    out.push(...mediaSlots(response.content));
    for (const h of Object.values(response.headers ?? {}))
      out.push(...slot(h, 'schema'), ...mediaSlots(h.content as Record<string, MediaTypeObject> | undefined));
  }
  return out;
}

/** Every top-level schema of a document: component schemas, then those of parameters, bodies and headers. */
export function schemaSlots(doc: OpenAPIDocument): SchemaSlot[] {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  const out = Object.keys(schemas).flatMap((name) => slot(schemas, name, true));
  for (const item of Object.values(doc.paths ?? {})) {
    out.push(...parameterSlots(item.parameters));
    for (const m of methods) if (item[m]) out.push(...operationSlots(item[m] as OperationObject));
  }
  return out;
}

/** The schemas directly inside a schema (properties, items, compositions, …), each as a slot. */
export function childSlots(s: SchemaObject): SchemaSlot[] {
  const out: SchemaSlot[] = [];
  const rec = s as Record<string, unknown>;
  for (const key of ['items', 'additionalProperties', 'not', 'contains', 'propertyNames'] as const)
    out.push(...slot(rec, key));
  for (const key of ['properties', 'patternProperties'] as const) {
    const map = rec[key] as Record<string, unknown> | undefined;
    if (map) for (const name of Object.keys(map)) out.push(...slot(map, name));
  }
  for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const) {
    const list = rec[key] as unknown[] | undefined;
    if (Array.isArray(list))
      list.forEach((_, i) => out.push(...slot(list as unknown as Record<string, unknown>, String(i))));
  }
  return out;
}

const childKeys = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames'] as const;
const childMaps = ['properties', 'patternProperties'] as const;
const childLists = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;

/**
 * Calls `visit(holder, key)` for each schema directly inside `s`, in {@link childSlots}' order,
 * where `holder[key]` is the schema: a walk over a whole document this way allocates nothing per schema.
 */
export function forEachChildSchema(
  s: SchemaObject,
  visit: (holder: Record<string, unknown>, key: string) => void,
): void {
  const rec = s as Record<string, unknown>;
  const each = (holder: Record<string, unknown>, key: string) => {
    const child = holder[key];
    if (typeof child === 'object' && child !== null) visit(holder, key);
  };
  for (const key of childKeys) each(rec, key);
  for (const key of childMaps) {
    const map = rec[key] as Record<string, unknown> | undefined;
    if (map) for (const name of Object.keys(map)) each(map, name);
  }
  for (const key of childLists) {
    const list = rec[key] as unknown[] | undefined;
    if (Array.isArray(list))
      for (let i = 0; i < list.length; i++) each(list as unknown as Record<string, unknown>, String(i));
  }
}
