/**
 * The schema graph of the model: every input (OpenAPI 3.0 or 3.1, JSON or YAML) is normalised
 * to these nodes once. `ref` nodes point at {@link NamedSchema}s by key, so recursion is plain
 * graph structure and names are stable.
 */

/** Annotations any schema node may carry; they reach JSDoc and the emitted JSON Schema. */
export interface SchemaAnnotations {
  readonly title?: string;
  readonly description?: string;
  readonly deprecated?: boolean;
  /** The default value, as JSON. */
  readonly default?: unknown;
  readonly hasDefault?: boolean;
  readonly readOnly?: boolean;
  readonly writeOnly?: boolean;
  /** Examples, as JSON (3.0 `example` becomes one entry). */
  readonly examples?: readonly unknown[];
  /** `null` is a value too (3.0 `nullable`, or `null` in a 3.1 type list). */
  readonly nullable?: boolean;
}

/** Validation keywords passed to the emitted JSON Schema as they are (numbers, patterns, lengths). */
export type Constraints = Readonly<Record<string, unknown>>;

/** A reference to a named schema (a component, or a schema hoisted because it is recursive). */
export interface RefNode extends SchemaAnnotations {
  readonly kind: 'ref';
  /** Key of the target in `Api.schemas`. */
  readonly target: string;
}

/** Text; `enum` holds the allowed values. */
export interface StringNode extends SchemaAnnotations {
  readonly kind: 'string';
  readonly format?: string;
  readonly enum?: readonly string[];
  /** `x-enum-varnames`/`x-enumNames`: member names for the enum values, in order. */
  readonly enumNames?: readonly string[];
  readonly constraints: Constraints;
}

/** A number: `integer` or `number`; `int64` integers become `bigint`. */
export interface NumberNode extends SchemaAnnotations {
  readonly kind: 'integer' | 'number';
  readonly format?: string;
  readonly enum?: readonly number[];
  readonly enumNames?: readonly string[];
  readonly constraints: Constraints;
}

/** A 64-bit integer held exactly, as a `bigint`. */
export interface Int64Node extends SchemaAnnotations {
  readonly kind: 'int64';
  readonly constraints: Constraints;
}

/** Raw bytes: `format: binary` (bodies, parts) or `format: byte` (base64 in JSON). */
export interface BytesNode extends SchemaAnnotations {
  readonly kind: 'bytes';
  readonly format: 'binary' | 'byte';
}

/** `true`/`false`, `null`, a single constant, or anything at all. */
export interface ScalarNode extends SchemaAnnotations {
  readonly kind: 'boolean' | 'null' | 'any';
  readonly enum?: readonly unknown[];
}

/** A constant of any JSON type (`const`, or an enum mixing types). */
export interface ConstNode extends SchemaAnnotations {
  readonly kind: 'const';
  readonly values: readonly unknown[];
}

/** A list. */
export interface ArrayNode extends SchemaAnnotations {
  readonly kind: 'array';
  /** The items (after `prefixItems`, when there are any). */
  readonly items: SchemaNode;
  /** A tuple's positional items (`prefixItems`, or draft-4's `items: [...]`). */
  readonly prefixItems?: readonly SchemaNode[];
  /** A tuple with no items beyond its `prefixItems` (`items: false`, or `maxItems` equal to their count). */
  readonly closed?: boolean;
  readonly constraints: Constraints;
}

/** One property of an object. */
export interface Property {
  /** The name on the wire, exactly as the spec has it. */
  readonly name: string;
  readonly schema: SchemaNode;
  readonly required: boolean;
}

/** A record with known properties and (optionally) further ones. */
export interface ObjectNode extends SchemaAnnotations {
  readonly kind: 'object';
  readonly properties: readonly Property[];
  /** Schema of further properties; `true` any, `false` or undefined none declared. */
  readonly additional: SchemaNode | boolean | undefined;
  readonly constraints: Constraints;
  /**
   * The request view (readOnly properties removed, writeOnly ones as declared); otherwise the
   * response view, where writeOnly properties are optional.
   */
  readonly writeView?: boolean;
}

/** Whether a property is required in the view its object is in (see {@link ObjectNode.writeView}). */
export function isRequired(object: ObjectNode, property: Property): boolean {
  return property.required && (object.writeView === true || property.schema.writeOnly !== true);
}

/** How a discriminator maps values to members. */
export interface Discriminator {
  readonly propertyName: string;
  /** Value → key of a named schema, in mapping order (explicit ones, then implied names). */
  readonly mapping: ReadonlyArray<{ readonly value: string; readonly target: string }>;
}

/** `oneOf`/`anyOf`: a value of one of the members. */
export interface UnionNode extends SchemaAnnotations {
  readonly kind: 'union';
  readonly keyword: 'oneOf' | 'anyOf';
  readonly members: readonly SchemaNode[];
  readonly discriminator?: Discriminator;
}

/** `allOf`: a value of every member at once. */
export interface AllOfNode extends SchemaAnnotations {
  readonly kind: 'allOf';
  readonly members: readonly SchemaNode[];
}

/** Any node of the schema graph. */
export type SchemaNode =
  | RefNode
  | StringNode
  | NumberNode
  | Int64Node
  | BytesNode
  | ScalarNode
  | ConstNode
  | ArrayNode
  | ObjectNode
  | UnionNode
  | AllOfNode;

/** A schema with a name: a component schema, or one hoisted out of line. */
export interface NamedSchema {
  /** Unique key: the component name, or the JSON pointer of a hoisted schema. */
  readonly key: string;
  /** The name as the spec gives it (component key or title). */
  readonly name: string;
  /** The TypeScript identifier of its type and schema value (allocated once for all emitters). */
  readonly ident: string;
  readonly schema: SchemaNode;
  /** JSON pointer where it is defined. */
  readonly pointer: string;
}
