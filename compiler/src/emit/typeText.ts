import { jsDoc, jsonLiteral, literalType, propertyKey } from '../names/literals.ts';
import { isRequired, type ObjectNode, type SchemaAnnotations, type SchemaNode } from '../model/Schema.ts';

/** Looks up the identifier of a named schema by key. */
export type IdentOf = (key: string) => string;

/** The JSDoc of a schema or property: description, then `@deprecated` and `@default`. */
export function schemaDoc(node: SchemaAnnotations, indent = '', extra: readonly (string | undefined)[] = []): string {
  const tags: string[] = [];
  if (node.deprecated) tags.push('@deprecated');
  if (node.hasDefault) tags.push(`@default ${jsonLiteral(node.default)}`);
  return jsDoc(
    [node.title !== undefined && node.description === undefined ? node.title : undefined, node.description, ...extra],
    indent,
    tags,
  );
}

const wrap = (t: string) => (/^[\w.$<>[\]'"]+$/.test(t) ? t : `(${t})`);

/**
 * The TypeScript type of a schema node: named schemas by identifier, everything else inline.
 * `int64` is `bigint`, bytes are `Uint8Array`, nullable adds `| null`.
 */
export function typeText(node: SchemaNode, identOf: IdentOf): string {
  const base = baseType(node, identOf);
  return node.nullable && node.kind !== 'null' && node.kind !== 'any' ? `${wrap(base)} | null` : base;
}

function baseType(node: SchemaNode, identOf: IdentOf): string {
  switch (node.kind) {
    case 'ref':
      return identOf(node.target);
    case 'string':
      return node.enum ? union(node.enum.map(literalType)) : 'string';
    case 'integer':
    case 'number':
      return node.enum ? union(node.enum.map(literalType)) : 'number';
    case 'int64':
      return 'bigint';
    case 'bytes':
      return 'Uint8Array';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'any':
      return 'unknown';
    case 'const':
      return union(node.values.map(literalType));
    case 'array': {
      if (!node.prefixItems) return `Array<${typeText(node.items, identOf)}>`;
      const positional = node.prefixItems.map((m) => typeText(m, identOf));
      return `[${[...positional, ...(node.closed ? [] : [`...Array<${typeText(node.items, identOf)}>`])].join(', ')}]`;
    }
    case 'object':
      return objectType(node, identOf);
    case 'union': {
      const d = node.discriminator;
      return union(
        node.members.map((m) => {
          const t = typeText(m, identOf);
          if (!d || m.kind !== 'ref') return wrap(t);
          const values = d.mapping.filter((x) => x.target === m.target).map((x) => literalType(x.value));
          return values.length === 0 ? wrap(t) : `(${wrap(t)} & { ${propertyKey(d.propertyName)}: ${union(values)} })`;
        }),
      );
    }
    case 'allOf':
      return node.members.map((m) => wrap(typeText(m, identOf))).join(' & ') || 'unknown';
  }
}

function union(parts: readonly string[]): string {
  const unique = [...new Set(parts)];
  return unique.length === 0 ? 'never' : unique.join(' | ');
}

/** The members of an object type, one per line with their JSDoc (interface bodies and type literals). */
export function objectMembers(node: ObjectNode, identOf: IdentOf): string {
  const lines = node.properties.map((p) => {
    const doc = schemaDoc(p.schema);
    const ro = p.schema.readOnly ? 'readonly ' : '';
    return `${doc}${ro}${propertyKey(p.name)}${isRequired(node, p) ? '' : '?'}: ${typeText(p.schema, identOf)};`;
  });
  const extra = node.additional;
  if (extra === true || (extra !== undefined && extra !== false && node.properties.length > 0))
    lines.push('[key: string]: unknown;');
  else if (extra !== undefined && extra !== false) lines.push(`[key: string]: ${typeText(extra, identOf)};`);
  return lines.join('\n');
}

function objectType(node: ObjectNode, identOf: IdentOf): string {
  if (node.properties.length === 0 && node.additional === undefined) return 'Record<string, unknown>';
  if (node.properties.length === 0 && node.additional === false) return 'Record<string, never>';
  return `{\n${objectMembers(node, identOf)}\n}`;
}
