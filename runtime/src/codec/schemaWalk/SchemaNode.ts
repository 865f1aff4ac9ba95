/**
 * The schema as the binary codecs see it: one node per wire-relevant construct, after `$ref`s are
 * resolved and names are chosen. Records and unions are shared objects, so a recursive schema is
 * a cyclic graph. `path` is the JSON pointer into the original schema, for build-time errors.
 */
export type SchemaNode = ScalarNode | EnumNode | ArrayNode | MapNode | NullableNode | RecordNode | UnionNode | AnyNode;

/**
 * Scalars; `int64` is a `bigint` in memory when `bigint`, else a safe-integer `number`;
 * `timestamp` is a `Date` in memory (`Schema.DateTime`), each format choosing its wire form.
 */
export type ScalarNode =
  | { readonly kind: 'int32'; readonly path: string }
  | { readonly kind: 'int64'; readonly bigint: boolean; readonly path: string }
  | { readonly kind: 'float32'; readonly path: string }
  | { readonly kind: 'float64'; readonly path: string }
  | { readonly kind: 'boolean'; readonly path: string }
  | { readonly kind: 'string'; readonly path: string }
  | { readonly kind: 'bytes'; readonly path: string }
  | { readonly kind: 'timestamp'; readonly path: string };

/** A closed set of strings (string literal unions, `Schema.Enum`), named for IDLs. */
export interface EnumNode {
  readonly kind: 'enum';
  readonly name: string;
  readonly values: readonly string[];
  readonly path: string;
  readonly description?: string;
}

/** A list. */
export interface ArrayNode {
  readonly kind: 'array';
  readonly items: SchemaNode;
  readonly path: string;
}

/** A map with string keys (`Schema.Record(Schema.String(), X)`). */
export interface MapNode {
  readonly kind: 'map';
  readonly values: SchemaNode;
  readonly path: string;
}

/** `X | null`. */
export interface NullableNode {
  readonly kind: 'nullable';
  readonly inner: SchemaNode;
  readonly path: string;
}

/** A record field; `id` is the declaration position (1-based) unless annotated. */
export interface FieldNode {
  /** The property name in memory (and in JSON). */
  readonly name: string;
  readonly id: number;
  readonly optional: boolean;
  readonly node: SchemaNode;
  readonly path: string;
  readonly description?: string;
}

/** An object with fixed properties. `fields` is filled after creation (recursion). */
export interface RecordNode {
  readonly kind: 'record';
  readonly name: string;
  readonly fields: FieldNode[];
  readonly path: string;
  readonly description?: string;
}

/** One case of a tagged union: its name (the tag's value) and its record (without the tag). */
export interface UnionCase {
  readonly name: string;
  readonly id: number;
  readonly record: RecordNode;
}

/** A tagged union (`Schema.TaggedUnion`): in memory a case's fields plus `tag` naming the case. */
export interface UnionNode {
  readonly kind: 'union';
  readonly name: string;
  readonly tag: string;
  readonly cases: UnionCase[];
  readonly path: string;
  readonly description?: string;
}

/** Any value (`Schema.Unknown()`): only self-describing formats (MsgPack) accept it. */
export interface AnyNode {
  readonly kind: 'any';
  readonly path: string;
}

/** What {@link schemaToGraph} returns: the root node and every named type, in discovery order. */
export interface SchemaGraph {
  readonly root: SchemaNode;
  readonly named: readonly (RecordNode | UnionNode | EnumNode)[];
}

/** The annotation keyword that pins a field number (protobuf) or field id (Thrift). */
export const FieldNumberKeyword = 'x-kitgen-field';
