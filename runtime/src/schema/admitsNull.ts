type Schema = Readonly<Record<string, unknown>>;

const members = (s: Schema): Schema[] => [
  ...(Array.isArray(s.anyOf) ? (s.anyOf as Schema[]) : []),
  ...(Array.isArray(s.oneOf) ? (s.oneOf as Schema[]) : []),
];

// Keywords that say what a value is; a schema with none of them (`{}`, a description, OpenAPI's
// `{ nullable: true }` read as any value) admits every value, null included.
const CONSTRAINING = [
  'type',
  'const',
  'enum',
  '$ref',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'properties',
  'items',
  'additionalProperties',
  'patternProperties',
  'format',
  'x-kitgen-bytes',
  'x-kitgen-date',
  '~refine',
];
const isUnconstrained = (s: Schema) => !CONSTRAINING.some((k) => k in s);

/**
 * Whether `schema` admits `null` (`type: 'null'`, a type list holding `'null'`, a schema that says
 * nothing of its values, or a union with such a member; `$ref`s resolved through `defs`). The JSON codec writes `null` only where this holds
 * (spec CodecConfig `explicitNulls`: a `None` is a null of a nullable type, an absent field is not).
 */
export function admitsNull(
  schema: Schema,
  defs: Readonly<Record<string, Schema>> = {},
  seen: Set<Schema> = new Set(),
): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  if (isUnconstrained(schema)) return true;
  if (members(schema).some((m) => admitsNull(m, defs, seen))) return true;
  if (typeof schema.$ref !== 'string') return false;
  const target = defs[schema.$ref.replace(/^#\/\$defs\//, '')];
  return target !== undefined && admitsNull(target, defs, seen);
}
