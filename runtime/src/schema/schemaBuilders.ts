// The members of `Schema` (Schema.ts): TypeBox's builders the runtime's API and generated code use,
// each declared with the runtime's own schema kinds (schemaKinds.ts) rather than TypeBox's types,
// and the runtime's own builders. The values are TypeBox's functions: only what the declarations
// say is the runtime's, so a project checking libraries (`skipLibCheck: false`) does not check
// TypeBox's type-level programs. TypeBox's other builders stay a `import { Type } from 'typebox'`
// away; their schemas are accepted wherever a schema is. One module, so that `Schema` is a module
// namespace: a bundler that sees `Schema.Unsafe(…)` keeps Unsafe alone.
import {
  Any as TypeBoxAny,
  Array as TypeBoxArray,
  BigInt as TypeBoxBigInt,
  Boolean as TypeBoxBoolean,
  Cyclic as TypeBoxCyclic,
  Enum as TypeBoxEnum,
  Evaluate as TypeBoxEvaluate,
  Integer as TypeBoxInteger,
  Intersect as TypeBoxIntersect,
  Literal as TypeBoxLiteral,
  Never as TypeBoxNever,
  Null as TypeBoxNull,
  Number as TypeBoxNumber,
  Object as TypeBoxObject,
  Optional as TypeBoxOptional,
  Readonly as TypeBoxReadonly,
  Record as TypeBoxRecord,
  Ref as TypeBoxRef,
  Refine as TypeBoxRefine,
  String as TypeBoxString,
  Tuple as TypeBoxTuple,
  Undefined as TypeBoxUndefined,
  Union as TypeBoxUnion,
  Unknown as TypeBoxUnknown,
  Unsafe as TypeBoxUnsafe,
  type TArrayOptions,
  type TIntersectOptions,
  type TNumberOptions,
  type TObjectOptions,
  type TSchemaOptions,
  type TStringOptions,
  type TTupleOptions,
} from 'typebox';
import type {
  TAny,
  TArray,
  TBigInt,
  TBoolean,
  TCyclic,
  TEnum,
  TEnumValue,
  TInteger,
  TIntegerKey,
  TIntersect,
  TLiteral,
  TLiteralValue,
  TNever,
  TNull,
  TNumber,
  TNumberKey,
  TObject,
  TOptional,
  TProperties,
  TReadonly,
  TRecord,
  TRef,
  TRefine,
  TSchema,
  TString,
  TStringKey,
  TTuple,
  TUndefined,
  TUnion,
  TUnknown,
  TUnsafe,
} from './schemaKinds.ts';
import type { Static } from './staticType.ts';

export { TaggedUnion } from './TaggedUnion.ts';
export { Int64 } from './Int64.ts';
export { Bytes } from './Bytes.ts';
export { DateTime } from './DateTime.ts';

/** A string: `Schema.String({ format: 'email', maxLength: 254 })`. */
const _String: (options?: TStringOptions) => TString = TypeBoxString;
/** A number (JSON Schema `number`). */
const _Number: (options?: TNumberOptions) => TNumber = TypeBoxNumber;
/** An integral number (JSON Schema `integer`), held as a `number`. */
const _Integer: (options?: TNumberOptions) => TInteger = TypeBoxInteger;
/** A `bigint` (see also `Int64`, the 64-bit integer of OpenAPI). */
const _BigInt: (options?: TNumberOptions) => TBigInt = TypeBoxBigInt;
/** `true` or `false`. */
const _Boolean: (options?: TSchemaOptions) => TBoolean = TypeBoxBoolean;
/** `null`. */
const _Null: (options?: TSchemaOptions) => TNull = TypeBoxNull;
/** `undefined`, in memory only. */
const _Undefined: (options?: TSchemaOptions) => TUndefined = TypeBoxUndefined;
/** Any value, typed `unknown`. */
const _Unknown: (options?: TSchemaOptions) => TUnknown = TypeBoxUnknown;
/** Any value, typed `any`. */
const _Any: (options?: TSchemaOptions) => TAny = TypeBoxAny;
/** No value at all. */
const _Never: (options?: TSchemaOptions) => TNever = TypeBoxNever;

/** Exactly `value`: `Schema.Literal('cat')`. */
const _Literal: <const Value extends TLiteralValue>(value: Value, options?: TSchemaOptions) => TLiteral<Value> =
  TypeBoxLiteral as never;
/** One of the listed values: `Schema.Enum(['red', 'blue'])`. */
const _Enum: <const Values extends TEnumValue[]>(
  values: readonly [...Values],
  options?: TSchemaOptions,
) => TEnum<Values> = TypeBoxEnum as never;
/** An array whose items are `items`. */
const _Array: <Items extends TSchema>(items: Items, options?: TArrayOptions) => TArray<Items> = TypeBoxArray as never;
/** A fixed-length array, one schema per position. */
const _Tuple: <Items extends TSchema[]>(items: [...Items], options?: TTupleOptions) => TTuple<Items> =
  TypeBoxTuple as never;
/** An object with these properties; mark the ones that may be absent with `Schema.Optional`. */
const _Object: <Properties extends TProperties>(
  properties: Properties,
  options?: TObjectOptions,
) => TObject<Properties> = TypeBoxObject as never;
/** A property that may be absent. */
const _Optional: <Type extends TSchema>(type: Type) => TOptional<Type> = TypeBoxOptional as never;
/** A property that may not be reassigned. */
const _Readonly: <Type extends TSchema>(type: Type) => TReadonly<Type> = TypeBoxReadonly as never;

/** The key pattern a record's key schema stands for. */
type RecordPattern<Key extends TSchema> = Key extends TInteger
  ? TIntegerKey
  : Key extends TNumber
    ? TNumberKey
    : TStringKey;
/** An object of any keys (strings, integers or numbers as `key` says), each holding a `value`. */
const _Record: <Key extends TString | TInteger | TNumber, Value extends TSchema>(
  key: Key,
  value: Value,
  options?: TObjectOptions,
) => TRecord<RecordPattern<Key>, Value> = TypeBoxRecord as never;
/** Any one of the schemas. */
const _Union: <Types extends TSchema[]>(anyOf: [...Types], options?: TSchemaOptions) => TUnion<Types> =
  TypeBoxUnion as never;
/** Every one of the schemas at once (flatten objects with `Schema.Evaluate` for binary codecs). */
const _Intersect: <Types extends TSchema[]>(allOf: [...Types], options?: TIntersectOptions) => TIntersect<Types> =
  TypeBoxIntersect as never;
/** `type` computed to one schema (an intersection of objects becomes one object); same static type. */
const _Evaluate: <Type extends TSchema>(type: Type) => TUnsafe<Static<Type>> = TypeBoxEvaluate as never;
/** The definition `ref` of the enclosing `Schema.Cyclic`, or the schema whose `$id` is `ref`. */
const _Ref: <Ref extends string>(ref: Ref, options?: TSchemaOptions) => TRef<Ref> = TypeBoxRef as never;
/** Definitions that refer to each other (and themselves) by `Schema.Ref`, entered at `ref`. */
const _Cyclic: <Defs extends TProperties, Ref extends string>(
  defs: Defs,
  ref: Ref,
  options?: TSchemaOptions,
) => TCyclic<Defs, Ref> = TypeBoxCyclic as never;
/** `type` with a check of your own: `check(value)` false refuses the value, saying `error(value)`. */
const _Refine: <Type extends TSchema, Value = Static<Type>>(
  type: Type,
  check: (value: Value) => boolean,
  error?: (value: Value) => string,
) => TRefine<Type> = TypeBoxRefine as never;

export {
  _Any as Any,
  _Array as Array,
  _BigInt as BigInt,
  _Boolean as Boolean,
  _Cyclic as Cyclic,
  _Enum as Enum,
  _Evaluate as Evaluate,
  _Integer as Integer,
  _Intersect as Intersect,
  _Literal as Literal,
  _Never as Never,
  _Null as Null,
  _Number as Number,
  _Object as Object,
  _Optional as Optional,
  _Readonly as Readonly,
  _Record as Record,
  _Ref as Ref,
  _Refine as Refine,
  _String as String,
  _Tuple as Tuple,
  _Undefined as Undefined,
  _Union as Union,
  _Unknown as Unknown,
};

/**
 * A JSON Schema value whose static type is `Type`, as generated code declares each schema. Marked
 * free of side effects, so a bundler drops the schemas a program never reaches (generated endpoint
 * modules declare every schema of the API with it, a page may call one operation).
 */
/* @__NO_SIDE_EFFECTS__ */
export function Unsafe<Type>(schema: TSchema): TUnsafe<Type> {
  return TypeBoxUnsafe<Type>(schema) as TUnsafe<Type>;
}
