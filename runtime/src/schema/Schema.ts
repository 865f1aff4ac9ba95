import type { TSchema, TUnsafe } from './schemaKinds.ts';

/**
 * The runtime's schema builder: TypeBox's builders (a schema is a JSON Schema value with a static
 * TypeScript type), declared with the runtime's own schema kinds, plus what the spec needs that
 * TypeBox lacks: `TaggedUnion` for sum types, `Int64` for exact 64-bit integers, `Bytes` for raw
 * bytes and `DateTime` for `Date` values. The spec's `DeriveSchema.gen[A]` is these builders, or
 * `DeriveSchema.gen<A>()` expanded by the compiler.
 */
export * as Schema from './schemaBuilders.ts';

export type { Static } from './staticType.ts';

/**
 * A schema value whose static type is `T`, as `Schema.Unsafe<T>(…)` returns: the type generated
 * declaration files give each schema constant (explicit types beside schema values keep tsc from instantiating deep inferred types).
 */
export type SchemaOf<T> = TUnsafe<T>;

export type { TSchema };
