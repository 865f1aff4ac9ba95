// The schema kinds `Schema.*` builds, declared by the runtime: the same shapes TypeBox's values
// have (a JSON Schema object tagged by `~kind`), so a user's own TypeBox schemas fit them too, but
// without TypeBox's type-level programs (its `Static`, `Extends`, `Evaluate` evaluation types),
// which a project checking libraries (`skipLibCheck: false`) would otherwise check in full.
import type { TSchema } from 'typebox';

export type { TSchema };

/** A schema's properties: field name to schema. */
export interface TProperties {
  [key: PropertyKey]: TSchema;
}

/** `Schema.String()`: a string. */
export interface TString extends TSchema {
  '~kind': 'String';
  type: 'string';
}

/** `Schema.Number()`: a number. */
export interface TNumber extends TSchema {
  '~kind': 'Number';
  type: 'number';
}

/** `Schema.Integer()`: an integral number. */
export interface TInteger extends TSchema {
  '~kind': 'Integer';
  type: 'integer';
}

/** `Schema.BigInt()`, `Schema.Int64()`: a `bigint`. */
export interface TBigInt extends TSchema {
  '~kind': 'BigInt';
  type: 'bigint';
}

/** `Schema.Boolean()`: `true` or `false`. */
export interface TBoolean extends TSchema {
  '~kind': 'Boolean';
  type: 'boolean';
}

/** `Schema.Null()`: `null`. */
export interface TNull extends TSchema {
  '~kind': 'Null';
  type: 'null';
}

/** `Schema.Undefined()`: `undefined` (in memory only; JSON has no such value). */
export interface TUndefined extends TSchema {
  '~kind': 'Undefined';
  type: 'undefined';
}

/** `Schema.Unknown()`: any value, typed `unknown`. */
export interface TUnknown extends TSchema {
  '~kind': 'Unknown';
}

/** `Schema.Any()`: any value, typed `any`. */
export interface TAny extends TSchema {
  '~kind': 'Any';
}

/** `Schema.Never()`: no value. */
export interface TNever extends TSchema {
  '~kind': 'Never';
  not: object;
}

/** A value a literal schema holds. */
export type TLiteralValue = string | number | boolean | bigint;

/** `Schema.Literal(value)`: exactly `value`. */
export interface TLiteral<Value extends TLiteralValue = TLiteralValue> extends TSchema {
  '~kind': 'Literal';
  const: Value;
}

/** A value an enum schema lists. */
export type TEnumValue = string | number;

/** `Schema.Enum([...])`: one of the listed values. */
export interface TEnum<Values extends TEnumValue[] = TEnumValue[]> extends TSchema {
  '~kind': 'Enum';
  enum: Values;
}

/** `Schema.Array(items)`: an array of `items`. */
export interface TArray<Items extends TSchema = TSchema> extends TSchema {
  '~kind': 'Array';
  type: 'array';
  items: Items;
}

/** `Schema.Tuple([...])`: a fixed-length array, one schema per position. */
export interface TTuple<Items extends TSchema[] = TSchema[]> extends TSchema {
  '~kind': 'Tuple';
  type: 'array';
  items: Items;
}

/** `Schema.Object({...})`: an object with these properties (optional ones marked by `Schema.Optional`). */
export interface TObject<Properties extends TProperties = TProperties> extends TSchema {
  '~kind': 'Object';
  type: 'object';
  properties: Properties;
  required?: string[];
}

/** The key pattern of a record whose keys are any string. */
export type TStringKey = '^.*$';
/** The key pattern of a record whose keys are integers. */
export type TIntegerKey = '^-?(?:0|[1-9][0-9]*)$';
/** The key pattern of a record whose keys are numbers. */
export type TNumberKey = '^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?$';

/** `Schema.Record(key, value)`: an object whose keys match `Key`'s pattern, each holding a `Value`. */
export interface TRecord<Key extends string = string, Value extends TSchema = TSchema> extends TSchema {
  '~kind': 'Record';
  type: 'object';
  patternProperties: { [_ in Key]: Value };
}

/** `Schema.Union([...])`: any one of the schemas. */
export interface TUnion<Types extends TSchema[] = TSchema[]> extends TSchema {
  '~kind': 'Union';
  anyOf: Types;
}

/** `Schema.Intersect([...])`: every one of the schemas at once. */
export interface TIntersect<Types extends TSchema[] = TSchema[]> extends TSchema {
  '~kind': 'Intersect';
  allOf: Types;
}

/** `Schema.Ref(name)`: the definition `name` of the enclosing `Schema.Cyclic` (or a schema with that `$id`). */
export interface TRef<Ref extends string = string> extends TSchema {
  '~kind': 'Ref';
  $ref: Ref;
}

/** `Schema.Cyclic(defs, ref)`: recursive definitions referring to each other by `Schema.Ref`, entered at `ref`. */
export interface TCyclic<Defs extends TProperties = TProperties, Ref extends string = string> extends TSchema {
  '~kind': 'Cyclic';
  $defs: Defs;
  $ref: Ref;
}

/** `Schema.Unsafe<T>(schema)`: a JSON Schema value whose static type is `T`, as given. */
export interface TUnsafe<Type = unknown> extends TSchema {
  '~unsafe': Type;
}

/** `Schema.Optional(type)`: a property that may be absent. */
export type TOptional<Type extends TSchema = TSchema> = Type & { '~optional': true };

/** A property that may not be reassigned (TypeBox's `Readonly`). */
export type TReadonly<Type extends TSchema = TSchema> = Type & { '~readonly': true };

/** A check beyond JSON Schema: `check` says whether a value is accepted, `error` why not. */
export interface TRefinement<Value = unknown> {
  check: (value: Value) => boolean;
  error: (value: Value) => string;
}

/** `Schema.Refine(type, check)`: `type` with a check of the runtime's own added. */
export type TRefine<Type extends TSchema = TSchema> = Type & { '~refine': TRefinement[] };
