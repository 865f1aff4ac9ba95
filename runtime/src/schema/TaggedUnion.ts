import * as Type from 'typebox';
import type { TObject, TSchema, TUnsafe } from './schemaKinds.ts';
import type { Static } from './staticType.ts';
import { ConfigErrors, configError } from '../errors/catalogue.ts';

/** Marker keyword on a tagged union schema: the in-memory tag field and the case names in order. */
export const TaggedUnionKeyword = 'x-kitgen-union';

/** What {@link TaggedUnion} records under {@link TaggedUnionKeyword}. */
export interface TaggedUnionInfo {
  readonly tag: string;
  readonly cases: readonly string[];
}

/** The in-memory value of a tagged union: each case's fields plus the tag field naming the case. */
export type TaggedValue<C extends Record<string, TObject>, Tag extends string> = {
  [K in keyof C & string]: Static<C[K]> & { readonly [P in Tag]: K };
}[keyof C & string];

/** A tagged union schema (sum type) with its static type. */
export type TTaggedUnion<C extends Record<string, TObject>, Tag extends string> = TUnsafe<TaggedValue<C, Tag>>;

/**
 * A sum type (the spec's sealed trait / enum cases): `TaggedUnion({ Cat, Dog }, { tag: 'type' })`.
 * In memory a value is a case's fields plus `tag` naming the case (default field `type`). The
 * schema is an `anyOf` of the cases, each with its tag as a `const`, plus an OpenAPI
 * `discriminator`; JSON codecs write it in the CodecConfig's discriminator style, binary codecs
 * in their own (protobuf oneof, Avro union, Thrift union).
 */
export function TaggedUnion<const C extends Record<string, TObject>, const Tag extends string = 'type'>(
  cases: C,
  options: { tag?: Tag; $id?: string; description?: string; title?: string } = {},
): TTaggedUnion<C, Tag> {
  const tag = options.tag ?? ('type' as Tag);
  const names = Object.keys(cases);
  if (names.length === 0) throw configError(ConfigErrors.TAGGED_UNION_EMPTY);
  const anyOf = names.map((name) => {
    const c = cases[name];
    if (c.properties && tag in c.properties) {
      throw configError(ConfigErrors.TAGGED_UNION_TAG_CLASH, name, tag);
    }
    const { $id: _id, ...rest } = c as TObject & { $id?: string };
    return {
      ...rest,
      title: (rest as { title?: string }).title ?? name,
      type: 'object',
      properties: { [tag]: { type: 'string', const: name }, ...c.properties },
      required: [tag, ...(c.required ?? [])],
    };
  });
  const info: TaggedUnionInfo = { tag, cases: names };
  const schema: Record<string, unknown> = {
    anyOf,
    discriminator: { propertyName: tag },
    [TaggedUnionKeyword]: info,
  };
  if (options.$id !== undefined) schema.$id = options.$id;
  if (options.description !== undefined) schema.description = options.description;
  if (options.title !== undefined) schema.title = options.title;
  return Type.Unsafe<TaggedValue<C, Tag>>(schema as unknown as TSchema) as TTaggedUnion<C, Tag>;
}

/** The tag and case names of a tagged union schema, or undefined for other schemas. */
export function taggedUnionInfo(schema: unknown): TaggedUnionInfo | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  return (schema as Record<string, unknown>)[TaggedUnionKeyword] as TaggedUnionInfo | undefined;
}
