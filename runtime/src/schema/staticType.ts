// `Static<typeof S>`: the TypeScript type a schema describes, read from the kinds of
// schemaKinds.ts by the runtime's own few conditional types, so that what it declares checks in
// a blink under `skipLibCheck: false`. A TypeBox schema a user builds has the same shapes (its
// values are tagged by `~kind` alike) and reads the same; a kind not listed here reads `unknown`.
import type {
  TArray,
  TCyclic,
  TEnum,
  TEnumValue,
  TIntegerKey,
  TIntersect,
  TLiteral,
  TLiteralValue,
  TNumberKey,
  TObject,
  TProperties,
  TRecord,
  TRef,
  TSchema,
  TTuple,
  TUnion,
} from './schemaKinds.ts';

/** The TypeScript type a schema describes: `Static<typeof User>`. */
export type Static<T extends TSchema> = StaticOf<T, Record<never, never>, never>;

/** The static type of each of a tuple's schemas, position by position. */
type StaticItems<Items, Defs extends TProperties> = { [I in keyof Items]: StaticOf<Items[I], Defs, never> };

/** The intersection of the static types of `Types`. */
type StaticAll<Types, Defs extends TProperties, Seen extends string, Result = unknown> = Types extends [
  infer First,
  ...infer Rest,
]
  ? StaticAll<Rest, Defs, Seen, Result & StaticOf<First, Defs, Seen>>
  : Result;

/** Names of the properties `Schema.Optional` marks. */
type OptionalKeys<P> = { [K in keyof P]: P[K] extends { '~optional': true } ? K : never }[keyof P];
/** Names of the properties TypeBox's `Readonly` marks. */
type ReadonlyKeys<P> = { [K in keyof P]: P[K] extends { '~readonly': true } ? K : never }[keyof P];

/**
 * An object's fields: present or optional, readonly or not, as the properties' marks say. Each
 * field's type is read when TypeScript asks for it, which is what lets a `Schema.Cyclic` refer to
 * itself through a field.
 */
type StaticObject<P, Defs extends TProperties> = keyof P extends never
  ? object
  : Flat<
      { -readonly [K in Exclude<keyof P, OptionalKeys<P> | ReadonlyKeys<P>>]: StaticOf<P[K], Defs, never> } & {
        -readonly [K in Exclude<OptionalKeys<P>, ReadonlyKeys<P>>]?: StaticOf<P[K], Defs, never>;
      } & { readonly [K in Exclude<ReadonlyKeys<P>, OptionalKeys<P>>]: StaticOf<P[K], Defs, never> } & {
        readonly [K in OptionalKeys<P> & ReadonlyKeys<P> & keyof P]?: StaticOf<P[K], Defs, never>;
      }
    >;

/** One object type of an intersection of object types, as editors show it. */
type Flat<T> = { [K in keyof T]: T[K] } & {};

/** A record's key type: numbers for integer and number patterns, else strings. */
type RecordKey<Key extends string> = Key extends TIntegerKey | TNumberKey ? number : string;

/**
 * The static type of `T` where `Schema.Ref` names resolve in `Defs`; `Seen` holds the names being
 * resolved without an object between them, so definitions that only name each other end (as
 * `unknown`) instead of recursing forever.
 */
type StaticOf<T, Defs extends TProperties, Seen extends string> = T extends { '~unsafe': infer Type }
  ? Type
  : T extends { '~kind': infer Kind }
    ? Kind extends 'String'
      ? string
      : Kind extends 'Number' | 'Integer'
        ? number
        : Kind extends 'Boolean'
          ? boolean
          : Kind extends 'Object'
            ? T extends TObject<infer P>
              ? StaticObject<P, Defs>
              : object
            : Kind extends 'Array'
              ? T extends TArray<infer Items>
                ? StaticOf<Items, Defs, Seen>[]
                : unknown[]
              : Kind extends 'Union'
                ? T extends TUnion<infer Types>
                  ? StaticOf<Types[number], Defs, Seen>
                  : unknown
                : Kind extends 'Literal'
                  ? T extends TLiteral<infer Value extends TLiteralValue>
                    ? Value
                    : never
                  : Kind extends 'Null'
                    ? null
                    : Kind extends 'Ref'
                      ? T extends TRef<infer Name>
                        ? Name extends Seen
                          ? unknown
                          : Name extends keyof Defs
                            ? StaticOf<Defs[Name], Defs, Seen | Name>
                            : unknown
                        : unknown
                      : Kind extends 'Cyclic'
                        ? T extends TCyclic<infer Inner, infer Name>
                          ? Name extends keyof Inner
                            ? StaticOf<Inner[Name], Inner, Name>
                            : never
                          : unknown
                        : Kind extends 'Record'
                          ? T extends TRecord<infer Key, infer Value>
                            ? { [_ in RecordKey<Key>]: StaticOf<Value, Defs, Seen> }
                            : unknown
                          : Kind extends 'BigInt'
                            ? bigint
                            : Kind extends 'Enum'
                              ? T extends TEnum<infer Values extends TEnumValue[]>
                                ? Values[number]
                                : never
                              : Kind extends 'Tuple'
                                ? T extends TTuple<infer Items>
                                  ? StaticItems<Items, Defs>
                                  : unknown[]
                                : Kind extends 'Intersect'
                                  ? T extends TIntersect<infer Types>
                                    ? StaticAll<Types, Defs, Seen>
                                    : unknown
                                  : Kind extends 'Undefined'
                                    ? undefined
                                    : Kind extends 'Never'
                                      ? never
                                      : Kind extends 'Any'
                                        ? // eslint-disable-next-line @typescript-eslint/no-explicit-any
                                          any
                                        : unknown
    : unknown;
