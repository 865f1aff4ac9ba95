import { NameScope, pascalCase } from '../names/identifiers.ts';
import { jsonLiteral, objectKey, propertyKey, stringLiteral } from '../names/literals.ts';
import type { NamedSchema, SchemaNode } from '../model/Schema.ts';
import { schemaGroups } from './schemaOrder.ts';
import type { RuntimeImports } from './printer/RuntimeImports.ts';
import { schemaValue, type ValueContext } from './schemaValue.ts';
import { objectMembers, schemaDoc, typeText, type IdentOf } from './typeText.ts';

/** One named schema as the endpoints template lays it out. */
export interface SchemaDeclarationView {
  readonly ident: string;
  /** JSDoc block (may be empty). */
  readonly doc: string;
  /** Interface members when the schema is an object, else undefined. */
  readonly members?: string;
  /** The type alias text when it is not an interface. */
  readonly type?: string;
  /** The schema value expression, JavaScript (`Schema.Unsafe({ … })`, or another schema's identifier). */
  readonly value: string;
  /** The declared type of the schema constant (`SchemaOf<X>`). */
  readonly valueType: string;
  /** An enum's members by name: the constant's identifier, its JavaScript value (`{ Available: 'available' }`) and declared type. */
  readonly values?: { readonly ident: string; readonly entries: string; readonly type: string };
}

/** A group of named schemas; recursive groups share a `$defs` constant. */
export interface SchemaGroupView {
  readonly defs?: { readonly ident: string; readonly names: string; readonly value: string };
  readonly declarations: readonly SchemaDeclarationView[];
}

/** Options of the schema declarations. */
export interface SchemaViewOptions {
  /** Leave descriptions and examples out of schema values (JSDoc keeps them). */
  readonly lean: boolean;
  /** The runtime imports of the JavaScript file the values go in. */
  readonly imports: RuntimeImports;
  /** The runtime (type) imports of the declaration file the types go in. */
  readonly declImports: RuntimeImports;
}

function withId(value: string, id: string): string {
  const entry = `$id: ${stringLiteral(id)}`;
  if (value === '{}') return `{ ${entry} }`;
  if (value.startsWith('{ ')) return `{ ${entry}, ${value.slice(2)}`;
  if (value === 'Schema.Bytes()') return `Schema.Bytes({ ${entry} })`;
  if (value.startsWith('Schema.Bytes({ ')) return `Schema.Bytes({ ${entry}, ${value.slice('Schema.Bytes({ '.length)}`;
  return value;
}

/**
 * The `$id` of a named schema, which OpenAPI generation makes its component name: the document's
 * own name where it can be one (the identifier may differ: `Error` is `Error_` in code so as not to
 * hide the global), else the identifier.
 */
function componentId(s: NamedSchema, all: readonly NamedSchema[]): string {
  if (s.name === s.ident || !/^[A-Za-z0-9._-]+$/.test(s.name)) return s.ident;
  return all.some((o) => o !== s && (o.name === s.name || o.ident === s.name)) ? s.ident : s.name;
}

function enumValues(node: SchemaNode): { values: readonly (string | number)[]; names?: readonly string[] } | undefined {
  if (
    (node.kind === 'string' || node.kind === 'integer' || node.kind === 'number') &&
    node.enum &&
    node.enum.length > 0
  ) {
    return { values: node.enum, ...(node.enumNames ? { names: node.enumNames } : {}) };
  }
  return undefined;
}

/** An enum's members by name, as a JavaScript object and as its declared (readonly, literal) type. */
function enumEntries(e: { values: readonly (string | number)[]; names?: readonly string[] }): {
  entries: string;
  type: string;
} {
  const scope = new NameScope();
  const pairs = e.values.map((v, i) => {
    const given = e.names?.[i];
    const base = given !== undefined && /^[A-Za-z_$][\w$]*$/.test(given) ? given : pascalCase(given || String(v));
    return `${propertyKey(scope.allocate(base))}: ${jsonLiteral(v)}`;
  });
  return { entries: `{ ${pairs.join(', ')} }`, type: `{ ${pairs.map((p) => `readonly ${p}`).join('; ')} }` };
}

/**
 * The named schemas of an API as template views, in dependency order: an object schema is an
 * interface, anything else a type alias; each has a schema value of the same name, marked with
 * `$id` (the component name OpenAPI generation uses). Schemas that refer to each other share a
 * `$defs` constant and point into it with `$ref` (TypeBox's Cyclic form).
 */
export function schemaDeclarations(
  schemas: readonly NamedSchema[],
  identOf: IdentOf,
  scope: NameScope,
  options: SchemaViewOptions,
): SchemaGroupView[] {
  return schemaGroups(schemas).map((group) => {
    const keys = new Set(group.members.map((m) => m.key));
    const inner: ValueContext = {
      identOf,
      lean: options.lean,
      imports: options.imports,
      ...(group.recursive ? { defsGroup: keys } : {}),
    };
    const defsIdent = group.recursive ? `$defs_${group.members[0].ident}` : undefined;
    const declarations = group.members.map((s): SchemaDeclarationView => {
      const node = s.schema;
      const doc = schemaDoc(node);
      const isInterface = node.kind === 'object' && !node.nullable && node.properties.length > 0;
      const shape = isInterface
        ? { members: objectMembers(node as Extract<SchemaNode, { kind: 'object' }>, identOf) }
        : { type: typeText(node, identOf) };
      const e = enumValues(node);
      const values = e ? { values: { ident: scope.allocate(`${s.ident}Values`), ...enumEntries(e) } } : {};
      let value: string;
      if (group.recursive)
        value = `${options.imports.use('Schema')}.Unsafe({ $defs: ${defsIdent}, $ref: ${stringLiteral(s.ident)} })`;
      else if (node.kind === 'ref' && !node.nullable) value = identOf(node.target);
      else {
        const v = withId(schemaValue(node, inner), componentId(s, schemas));
        value = v.startsWith('Schema.Bytes(') ? v : `${options.imports.use('Schema')}.Unsafe(${v})`;
      }
      const valueType = `${options.declImports.use('SchemaOf')}<${s.ident}>`;
      return { ident: s.ident, doc, ...shape, value, valueType, ...values };
    });
    if (!group.recursive) return { declarations };
    const entries = group.members.map((s) => `${objectKey(s.ident)}: ${withId(schemaValue(s.schema, inner), s.ident)}`);
    return {
      defs: {
        ident: defsIdent!,
        names: group.members.map((m) => m.ident).join(', '),
        value: `{ ${entries.join(', ')} }`,
      },
      declarations,
    };
  });
}
