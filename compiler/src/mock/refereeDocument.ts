// The document as the mock's referee reads it. OpenAPI 3.0's `nullable: false` is the default and
// says nothing, but ajv refuses it beside no `type` ("nullable" cannot be used without "type"), and
// a schema the referee cannot compile leaves every sample under it unjudged and uncompleted: Box's
// File (`allOf: [{ $ref: User--Mini }, {}, { nullable: false }]` in its properties) was answered
// without the `accessed` its shared link requires, which the generated server then refused.

/** Keys whose children are names, not schema keywords (a property called `nullable` stays). */
const nameMaps = new Set(['properties', 'patternProperties', 'schemas', '$defs', 'definitions']);

function withoutIdle(value: unknown, parentKey: string): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutIdle(v, ''));
  if (value === null || typeof value !== 'object') return value;
  const names = nameMaps.has(parentKey);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (!names && k === 'nullable' && v === false && !('type' in value)) continue;
    out[k] = withoutIdle(v, names ? '' : k);
  }
  return out;
}

/**
 * `doc` without the `nullable: false` flags that stand beside no `type` (an OpenAPI 3.0 document's
 * only; 3.1 has no such keyword); the document itself is not changed.
 */
export function refereeDocument<T>(doc: T): T {
  const version = (doc as { openapi?: unknown } | null)?.openapi;
  return typeof version === 'string' && version.startsWith('3.0') ? (withoutIdle(doc, '') as T) : doc;
}
