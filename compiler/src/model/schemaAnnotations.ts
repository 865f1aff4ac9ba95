import { pointerJoin } from '../diagnostics/index.ts';
import { isObject, type DocumentReader, type Json } from './DocumentReader.ts';
import type { Discriminator, SchemaAnnotations, SchemaNode } from './Schema.ts';

/** The annotations of a schema object (3.0 `nullable`/`example` and 3.1 `examples` alike). */
export function schemaAnnotations(raw: Json, reader: DocumentReader, pointer: string): SchemaAnnotations {
  const out: { -readonly [K in keyof SchemaAnnotations]: SchemaAnnotations[K] } = {};
  if (typeof raw.title === 'string') out.title = raw.title;
  if (typeof raw.description === 'string') out.description = raw.description;
  else if (raw.description !== undefined)
    reader.diagnostics.warn(`${pointer}/description`, 'a description must be text; it is left out');
  if (raw.deprecated === true) out.deprecated = true;
  if (raw.readOnly === true) out.readOnly = true;
  if (raw.writeOnly === true) out.writeOnly = true;
  if (raw.nullable === true) out.nullable = true;
  // A default the schema itself refuses (Akeneo's `default: null` on a read-only `created`, Xero's
  // `default: "false"` on a boolean, Stoplight's `default: ""` on one) would be filled in for an
  // absent field and then refused, so every request leaving the field out answered 400: it is
  // left out, with a warning.
  const refused = Object.prototype.hasOwnProperty.call(raw, 'default') ? refusedDefault(raw) : undefined;
  if (refused !== undefined) reader.diagnostics.warn(`${pointer}/default`, `${refused}; it is left out`);
  else if (Object.prototype.hasOwnProperty.call(raw, 'default')) {
    out.default = raw.default;
    out.hasDefault = true;
  }
  if (Array.isArray(raw.examples)) out.examples = raw.examples;
  else if (raw.example !== undefined) out.examples = [raw.example];
  return out;
}

/** Why a schema of one type refuses its own default (undefined when it does not, or when that is not plain to see). */
function refusedDefault(raw: Json): string | undefined {
  const value = raw.default;
  if (value === null) {
    const admitsNull =
      typeof raw.type !== 'string' ||
      raw.type === 'null' ||
      raw.nullable === true ||
      (Array.isArray(raw.enum) && raw.enum.includes(null));
    return admitsNull ? undefined : 'a default of null where the schema does not admit null';
  }
  if (Array.isArray(raw.enum) && !raw.enum.some((v) => JSON.stringify(v) === JSON.stringify(value)))
    return `a default of ${JSON.stringify(value).slice(0, 60)} that is none of the schema's enum values`;
  const type = raw.type;
  if (typeof type !== 'string' || fitsType(value, type)) return undefined;
  return `a default of ${JSON.stringify(value).slice(0, 60)} where the schema is of type ${type}`;
}

function fitsType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return true;
  }
}

/**
 * The discriminator of a oneOf/anyOf: explicit mapping entries whose target is a component
 * schema, then one entry per member that refers to a component and is not mapped yet (its
 * name is the value). A mapping to something that cannot be found (another file, a missing
 * component) is left out with a warning: the rest of the union still works.
 */
export function discriminatorOf(
  raw: Json,
  pointer: string,
  members: readonly SchemaNode[],
  reader: DocumentReader,
  componentKey: (value: string) => string | undefined,
): Discriminator | undefined {
  const d = raw.discriminator;
  if (d === undefined) return undefined;
  if (!isObject(d) || typeof d.propertyName !== 'string') {
    reader.diagnostics.warn(`${pointer}/discriminator`, 'a discriminator needs a propertyName; it is ignored');
    return undefined;
  }
  const mapping: Array<{ value: string; target: string }> = [];
  if (isObject(d.mapping)) {
    for (const [value, ref] of Object.entries(d.mapping)) {
      const target = typeof ref === 'string' ? componentKey(ref) : undefined;
      if (target === undefined) {
        reader.diagnostics.warn(
          pointerJoin(pointer, 'discriminator', 'mapping', value),
          `discriminator value "${value}" maps to ${JSON.stringify(ref)}, which is not a component schema of this document; the value is left out`,
        );
        continue;
      }
      mapping.push({ value, target });
    }
  }
  const mapped = new Set(mapping.map((m) => m.target));
  for (const m of members) {
    if (m.kind === 'ref' && !mapped.has(m.target) && componentKey(m.target) !== undefined) {
      mapping.push({ value: m.target, target: m.target });
      mapped.add(m.target);
    }
  }
  return { propertyName: d.propertyName, mapping };
}
