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

/** Called with each place holding a schema: `holder[key]` is the schema; `component` as in {@link SchemaSlot}. */
export type SlotVisitor = (holder: Record<string, unknown>, key: string, component: boolean) => void;

function each(holder: Record<string, unknown>, key: string, visit: SlotVisitor, component = false): void {
  const schema = holder[key];
  if (typeof schema === 'object' && schema !== null) visit(holder, key, component);
}

function eachMedia(content: Record<string, MediaTypeObject> | undefined, visit: SlotVisitor): void {
  if (content) for (const m of Object.values(content)) each(m as Record<string, unknown>, 'schema', visit);
}

function eachParameter(params: Array<ParameterObject | ReferenceObject> | undefined, visit: SlotVisitor): void {
  for (const p of params ?? []) {
    if ('$ref' in p && p.$ref) continue;
    each(p as unknown as Record<string, unknown>, 'schema', visit);
    eachMedia((p as ParameterObject).content, visit);
  }
}

/** Visits the top-level schemas of one operation: its parameters', bodies' and response headers', in document order. */
export function forEachOperationSlot(op: OperationObject, visit: SlotVisitor): void {
  eachParameter(op.parameters, visit);
  const body = op.requestBody;
  if (body && !('$ref' in body && body.$ref))
    eachMedia((body as { content: Record<string, MediaTypeObject> }).content, visit);
  for (const r of Object.values(op.responses ?? {})) {
    if ('$ref' in r && r.$ref) continue;
    const response = r as {
      content?: Record<string, MediaTypeObject>;
      headers?: Record<string, Record<string, unknown>>;
    };
    eachMedia(response.content, visit);
    for (const h of Object.values(response.headers ?? {})) {
      each(h, 'schema', visit);
      eachMedia(h.content as Record<string, MediaTypeObject> | undefined, visit);
    }
  }
}

/**
 * Visits every top-level schema of a document in {@link schemaSlots}' order, making no object per
 * place (the walk sharing repeats over the whole document).
 */
export function forEachSchemaSlot(doc: OpenAPIDocument, visit: SlotVisitor): void {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(schemas)) each(schemas, name, visit, true);
  for (const item of Object.values(doc.paths ?? {})) {
    eachParameter(item.parameters, visit);
    for (const m of methods) if (item[m]) forEachOperationSlot(item[m] as OperationObject, visit);
  }
}

const collect =
  (out: SchemaSlot[]): SlotVisitor =>
  (holder, key, component) =>
    out.push({ schema: holder[key] as SchemaObject, component, set: (s) => (holder[key] = s) });

/** The top-level schemas of one operation: its parameters', bodies' and response headers'. */
export function operationSlots(op: OperationObject): SchemaSlot[] {
  const out: SchemaSlot[] = [];
  forEachOperationSlot(op, collect(out));
  return out;
}

/** Every top-level schema of a document: component schemas, then those of parameters, bodies and headers. */
export function schemaSlots(doc: OpenAPIDocument): SchemaSlot[] {
  const out: SchemaSlot[] = [];
  forEachSchemaSlot(doc, collect(out));
  return out;
}

/** The schemas directly inside a schema (properties, items, compositions, …), each as a slot. */
export function childSlots(s: SchemaObject): SchemaSlot[] {
  const out: SchemaSlot[] = [];
  forEachChildSchema(s, (holder, key) => collect(out)(holder, key, false));
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
  for (const key of childKeys) if (isNode(rec[key])) visit(rec, key);
  for (const key of childMaps) {
    const map = rec[key] as Record<string, unknown> | undefined;
    if (map) for (const name of Object.keys(map)) if (isNode(map[name])) visit(map, name);
  }
  for (const key of childLists) {
    const list = rec[key] as unknown[] | undefined;
    if (Array.isArray(list))
      for (let i = 0; i < list.length; i++)
        if (isNode(list[i])) visit(list as unknown as Record<string, unknown>, String(i));
  }
}

const isNode = (v: unknown): boolean => typeof v === 'object' && v !== null;
