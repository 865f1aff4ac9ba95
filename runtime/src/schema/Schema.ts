import type { Static as TypeBoxStatic, TSchema, TUnsafe } from 'typebox';

/**
 * The runtime's schema builder: TypeBox's `Type` (a schema is a JSON Schema value with a static
 * TypeScript type), plus what the spec needs that TypeBox lacks: `TaggedUnion` for sum types
 * `Int64` for exact 64-bit integers, `Bytes` for raw bytes and `DateTime` for `Date` values. The
 * spec's `DeriveSchema.gen[A]` is these builders, or `DeriveSchema.gen<A>()` expanded by the compiler.
 */
export * as Schema from './schemaBuilders.ts';

/** The TypeScript type a schema describes: `Static<typeof User>`. */
export type Static<T extends TSchema> = TypeBoxStatic<T>;

/**
 * A schema value whose static type is `T`, as `Schema.Unsafe<T>(…)` returns: the type generated
 * declaration files give each schema constant (explicit types beside schema values keep tsc from instantiating deep inferred types).
 */
export type SchemaOf<T> = TUnsafe<T>;

export type { TSchema };
