// The copy of a published document that openapi-sampler samples: a few of its readings that
// differ from kitgen's (and ajv's) put right, and, for a value made from the schemas alone, the
// document's examples and defaults left out.

/**
 * Keys whose children are names, not schema keywords (a property called `example` is no example,
 * a `default` response no default: left out, fec.gov's `/legal/search/` had no schema to sample).
 */
const nameMaps = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  'schemas',
  '$defs',
  'definitions',
  'responses',
  'content',
  'headers',
  'links',
  'callbacks',
  'encoding',
  'mapping',
  'requestBodies',
  'securitySchemes',
  'pathItems',
  'variables',
]);

/** Texts of formats openapi-sampler writes as `"string"`. */
const missingFormats: Record<string, string> = { byte: 'a2l0Z2Vu', url: 'https://example.com/a', duration: 'P1DT2H' };

/** Keywords that say nothing of the value's shape. */
const annotations = new Set([
  'description',
  'title',
  'deprecated',
  'readOnly',
  'writeOnly',
  'example',
  'examples',
  'default',
  'externalDocs',
  'xml',
]);
const annotationOnly = (schema: unknown) =>
  schema !== null &&
  typeof schema === 'object' &&
  Object.keys(schema).every((k) => annotations.has(k) || k.startsWith('x-'));

/**
 * A copy of the document for sampling: a text of the format where openapi-sampler would write
 * `"string"` (`byte`, `url`, `duration`), allOf members that only describe left out, and, when `plain`, without the document's examples and
 * defaults (so a wrong example of the document gives way to a value made from the schema alone).
 */
export function samplingCopy(value: unknown, plain: boolean, parentKey = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => samplingCopy(v, plain));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const names = nameMaps.has(parentKey);
  for (const [k, v] of Object.entries(value)) {
    if (plain && !names && (k === 'example' || k === 'examples' || k === 'default')) continue;
    out[k] = samplingCopy(v, plain, names ? '' : k);
  }
  // openapi-sampler keeps the sample of an allOf's last member, even one that only describes
  // (`allOf: [{ $ref: Arn }, { description }]` gave "string" for a pattern): those members go.
  if (!names && Array.isArray(out.allOf) && out.allOf.length > 1) {
    const kept = (out.allOf as unknown[]).filter((m) => !annotationOnly(m));
    if (kept.length > 0) out.allOf = kept;
  }
  // `properties` without `type` (Zoom's allOf members) describe an object; openapi-sampler,
  // seeing no type, answers such an allOf with null, which the schema allows but never means.
  // An example or default that is no object there (Microcks' SecretRef example, a JSON text;
  // VTEX's `default: []` on an item with properties) describes nothing the properties do: it goes.
  if (!names && out.type === undefined && out.properties !== null && typeof out.properties === 'object') {
    out.type = 'object';
    for (const k of ['example', 'default'])
      if (k in out && (out[k] === null || typeof out[k] !== 'object' || Array.isArray(out[k]))) delete out[k];
  }
  // An enum of texts on an array (Zoom's `data_center_regions`) is what its items may be, as
  // kitgen reads it: sampled as a list of one of them, not the bare text.
  const items = out.items as Record<string, unknown> | undefined;
  if (
    !names &&
    out.type === 'array' &&
    Array.isArray(out.enum) &&
    out.enum.every((v) => !Array.isArray(v)) &&
    items !== null &&
    typeof items === 'object' &&
    !Array.isArray(items) &&
    items.$ref === undefined
  ) {
    out.items = { ...items, enum: out.enum };
    delete out.enum;
  }
  const missing = missingFormats[out.format as string];
  if (
    !names &&
    missing !== undefined &&
    (out.type === 'string' || out.type === undefined) &&
    out.example === undefined &&
    out.enum === undefined
  ) {
    out.example = missing;
  }
  return out;
}
