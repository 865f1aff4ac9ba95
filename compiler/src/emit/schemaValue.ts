import { jsonLiteral, objectKey, stringLiteral } from '../names/literals.ts';
import { isRequired, type SchemaAnnotations, type SchemaNode } from '../model/Schema.ts';
import type { RuntimeImports } from './printer/RuntimeImports.ts';
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

/**
 * The members of one object literal's text, appended in order. A string builder instead of
 * arrays of entries spread into each other: on a 10,000-operation document this function family
 * ran hundreds of thousands of times, and its spreads were the largest optimized code V8 kept
 * recompiling (generation CPU on large documents).
 */
class Members {
  #text = '';

  /** Appends `key: value`. */
  add(key: string, value: string): this {
    this.#text += `${this.#text === '' ? '' : ', '}${objectKey(key)}: ${value}`;
    return this;
  }

  /** Appends the constraint keywords (`minLength`, `pattern`, …) as they are. */
  constraints(c: Readonly<Record<string, unknown>>): this {
    for (const k in c) this.add(k, jsonLiteral(c[k]));
    return this;
  }

  /** Appends the annotations (title, description, default, …) a value keeps. */
  annotations(node: SchemaAnnotations, ctx: ValueContext): this {
    if (!ctx.lean && node.title !== undefined) this.add('title', stringLiteral(node.title));
    if (!ctx.lean && node.description !== undefined) this.add('description', stringLiteral(node.description));
    if (node.deprecated) this.add('deprecated', 'true');
    if (node.hasDefault) this.add('default', jsonLiteral(node.default));
    if (node.readOnly) this.add('readOnly', 'true');
    if (node.writeOnly) this.add('writeOnly', 'true');
    if (!ctx.lean && node.examples !== undefined) this.add('examples', jsonLiteral(node.examples));
    return this;
  }

  /** The object literal: `{ a: 1, b: 2 }`, or `{}`. */
  text(): string {
    return this.#text === '' ? '{}' : `{ ${this.#text} }`;
  }
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
  switch (node.kind) {
    case 'ref': {
      const ident = ctx.identOf(node.target);
      return ctx.defsGroup?.has(node.target) ? new Members().add('$ref', stringLiteral(ident)).text() : ident;
    }
    case 'string':
    case 'integer':
    case 'number':
      return scalarValue(node, ctx);
    case 'int64':
      return new Members()
        .add('type', `'bigint'`)
        .add('format', `'int64'`)
        .constraints(node.constraints)
        .annotations(node, ctx)
        .text();
    case 'bytes': {
      // `binary` is the text itself where only text can go (JSON, parameters); `byte` is base64.
      const m = new Members();
      if (!ctx.lean && node.description !== undefined) m.add('description', stringLiteral(node.description));
      if (node.format === 'binary') m.add('format', `'binary'`);
      const options = m.text();
      return `${ctx.imports.use('Schema')}.Bytes(${options === '{}' ? '' : options})`;
    }
    case 'boolean':
      return new Members().add('type', `'boolean'`).annotations(node, ctx).text();
    case 'null':
      return new Members().add('type', `'null'`).annotations(node, ctx).text();
    case 'any':
      return new Members().annotations(node, ctx).text();
    case 'const': {
      const m = new Members();
      if (node.values.length === 1) m.add('const', jsonLiteral(node.values[0]));
      else m.add('enum', jsonLiteral(node.values));
      return m.annotations(node, ctx).text();
    }
    case 'array':
      return arrayValue(node, ctx);
    case 'object':
      return objectValue(node, ctx);
    case 'union':
      return unionValue(node, ctx);
    case 'allOf':
      return new Members().add('allOf', listText(node.members, ctx)).annotations(node, ctx).text();
  }
}

/** `[a, b, …]` of the members' values. */
function listText(members: readonly SchemaNode[], ctx: ValueContext): string {
  let text = '';
  for (const m of members) text += `${text === '' ? '' : ', '}${schemaValue(m, ctx)}`;
  return `[${text}]`;
}

function scalarValue(node: Extract<SchemaNode, { kind: 'string' | 'integer' | 'number' }>, ctx: ValueContext): string {
  const m = new Members().add('type', node.kind === 'string' ? `'string'` : stringLiteral(node.kind));
  if (node.format !== undefined) m.add('format', stringLiteral(node.format));
  if (node.enum) m.add('enum', jsonLiteral(node.enum));
  return m.constraints(node.constraints).annotations(node, ctx).text();
}

function arrayValue(node: Extract<SchemaNode, { kind: 'array' }>, ctx: ValueContext): string {
  const m = new Members().add('type', `'array'`);
  if (node.prefixItems) {
    // TypeBox's tuple form: positional `items`, then `additionalItems` for the rest.
    m.add('items', listText(node.prefixItems, ctx));
    m.add('additionalItems', node.closed ? 'false' : schemaValue(node.items, ctx));
  } else m.add('items', schemaValue(node.items, ctx));
  return m.constraints(node.constraints).annotations(node, ctx).text();
}

function objectValue(node: Extract<SchemaNode, { kind: 'object' }>, ctx: ValueContext): string {
  const m = new Members().add('type', `'object'`);
  if (node.properties.length > 0) {
    const props = new Members();
    const required: string[] = [];
    for (const p of node.properties) {
      props.add(p.name, schemaValue(p.schema, ctx));
      if (isRequired(node, p)) required.push(p.name);
    }
    m.add('properties', props.text());
    if (required.length > 0) m.add('required', jsonLiteral(required));
  }
  const extra = node.additional;
  if (extra !== undefined)
    m.add('additionalProperties', extra === true ? 'true' : extra === false ? 'false' : schemaValue(extra, ctx));
  return m.constraints(node.constraints).annotations(node, ctx).text();
}

function unionValue(node: Extract<SchemaNode, { kind: 'union' }>, ctx: ValueContext): string {
  const m = new Members().add(node.discriminator ? 'anyOf' : node.keyword, listText(node.members, ctx));
  const d = node.discriminator;
  if (d) {
    const discriminator = new Members().add('propertyName', stringLiteral(d.propertyName));
    if (d.mapping.length > 0) {
      const mapping = new Members();
      for (const entry of d.mapping)
        mapping.add(entry.value, stringLiteral(`#/components/schemas/${ctx.identOf(entry.target)}`));
      discriminator.add('mapping', mapping.text());
    }
    m.add('discriminator', discriminator.text());
  }
  return m.annotations(node, ctx).text();
}
