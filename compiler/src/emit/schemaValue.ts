import { jsonLiteral, objectKey, stringLiteral } from '../names/literals.ts';
import { isRequired, type SchemaAnnotations, type SchemaNode } from '../model/Schema.ts';
import type { RuntimeImports } from './RuntimeImports.ts';
import type { IdentOf } from './typeText.ts';

/** Where a schema value is written: inside the `$defs` of a recursive group, or anywhere else. */
export interface ValueContext {
  readonly identOf: IdentOf;
  /** Keys of the recursive group whose `$defs` are being written (refs to them become `$ref`s). */
  readonly defsGroup?: ReadonlySet<string>;
  /** Leave descriptions and examples out of schema values (they stay in JSDoc). */
  readonly lean?: boolean;
  /** The runtime imports of the file being written; every runtime name written is registered here. */
  readonly imports: RuntimeImports;
}

type Entry = readonly [key: string, valueText: string];

function obj(entries: readonly Entry[]): string {
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([k, v]) => `${objectKey(k)}: ${v}`).join(', ')} }`;
}

function annotations(node: SchemaAnnotations, ctx: ValueContext): Entry[] {
  const out: Entry[] = [];
  if (!ctx.lean && node.title !== undefined) out.push(['title', stringLiteral(node.title)]);
  if (!ctx.lean && node.description !== undefined) out.push(['description', stringLiteral(node.description)]);
  if (node.deprecated) out.push(['deprecated', 'true']);
  if (node.hasDefault) out.push(['default', jsonLiteral(node.default)]);
  if (node.readOnly) out.push(['readOnly', 'true']);
  if (node.writeOnly) out.push(['writeOnly', 'true']);
  if (!ctx.lean && node.examples !== undefined) out.push(['examples', jsonLiteral(node.examples)]);
  return out;
}

function constraints(c: Readonly<Record<string, unknown>>): Entry[] {
  return Object.entries(c).map(([k, v]) => [k, jsonLiteral(v)] as const);
}

const nullSchema = `{ type: 'null' }`;

/**
 * The JSON Schema value (a TypeScript expression) the runtime validates and encodes with:
 * named schemas by identifier (or `$ref` inside their recursive group), nullable as
 * `anyOf [x, null]`, discriminated `oneOf` as `anyOf` (the discriminator chooses, so a value
 * matching two members is fine), bytes as `Schema.Bytes`, int64 as TypeBox's bigint schema.
 */
export function schemaValue(node: SchemaNode, ctx: ValueContext): string {
  const base = baseValue(node, ctx);
  if (!node.nullable || node.kind === 'null' || node.kind === 'any') return base;
  return `{ anyOf: [${base}, ${nullSchema}] }`;
}

function baseValue(node: SchemaNode, ctx: ValueContext): string {
  const notes = () => annotations(node, ctx);
  switch (node.kind) {
    case 'ref': {
      const ident = ctx.identOf(node.target);
      return ctx.defsGroup?.has(node.target) ? obj([['$ref', stringLiteral(ident)]]) : ident;
    }
    case 'string':
      return obj([
        ['type', `'string'`],
        ...(node.format !== undefined ? [['format', stringLiteral(node.format)] as const] : []),
        ...(node.enum ? [['enum', jsonLiteral(node.enum)] as const] : []),
        ...constraints(node.constraints),
        ...notes(),
      ]);
    case 'integer':
    case 'number':
      return obj([
        ['type', stringLiteral(node.kind)],
        ...(node.format !== undefined ? [['format', stringLiteral(node.format)] as const] : []),
        ...(node.enum ? [['enum', jsonLiteral(node.enum)] as const] : []),
        ...constraints(node.constraints),
        ...notes(),
      ]);
    case 'int64':
      return obj([['type', `'bigint'`], ['format', `'int64'`], ...constraints(node.constraints), ...notes()]);
    case 'bytes': {
      const description = !ctx.lean && node.description !== undefined ? [['description', stringLiteral(node.description)] as const] : [];
      return `${ctx.imports.use('Schema')}.Bytes(${description.length > 0 ? obj(description) : ''})`;
    }
    case 'boolean':
      return obj([['type', `'boolean'`], ...notes()]);
    case 'null':
      return obj([['type', `'null'`], ...notes()]);
    case 'any':
      return obj(notes());
    case 'const':
      return obj([node.values.length === 1 ? ['const', jsonLiteral(node.values[0])] : ['enum', jsonLiteral(node.values)], ...notes()]);
    case 'array':
      if (node.prefixItems) {
        // TypeBox's tuple form: positional `items`, then `additionalItems` for the rest.
        const positional = `[${node.prefixItems.map((m) => schemaValue(m, ctx)).join(', ')}]`;
        return obj([
          ['type', `'array'`],
          ['items', positional],
          ['additionalItems', node.closed ? 'false' : schemaValue(node.items, ctx)],
          ...constraints(node.constraints),
          ...notes(),
        ]);
      }
      return obj([['type', `'array'`], ['items', schemaValue(node.items, ctx)], ...constraints(node.constraints), ...notes()]);
    case 'object': {
      const props = node.properties.map((p) => [p.name, schemaValue(p.schema, ctx)] as const);
      const required = node.properties.filter((p) => isRequired(node, p)).map((p) => p.name);
      const extra = node.additional;
      return obj([
        ['type', `'object'`],
        ...(props.length > 0 ? [['properties', obj(props)] as const] : []),
        ...(required.length > 0 ? [['required', jsonLiteral(required)] as const] : []),
        ...(extra === undefined ? [] : [['additionalProperties', extra === true ? 'true' : extra === false ? 'false' : schemaValue(extra, ctx)] as const]),
        ...constraints(node.constraints),
        ...notes(),
      ]);
    }
    case 'union': {
      const keyword = node.discriminator ? 'anyOf' : node.keyword;
      const members = `[${node.members.map((m) => schemaValue(m, ctx)).join(', ')}]`;
      const d = node.discriminator;
      const discriminator = d
        ? [
            [
              'discriminator',
              obj([
                ['propertyName', stringLiteral(d.propertyName)],
                ...(d.mapping.length > 0
                  ? [['mapping', obj(d.mapping.map((m) => [m.value, stringLiteral(`#/components/schemas/${ctx.identOf(m.target)}`)] as const))] as const]
                  : []),
              ]),
            ] as const,
          ]
        : [];
      return obj([[keyword, members], ...discriminator, ...notes()]);
    }
    case 'allOf':
      return obj([['allOf', `[${node.members.map((m) => schemaValue(m, ctx)).join(', ')}]`], ...notes()]);
  }
}
