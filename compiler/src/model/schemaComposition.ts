import { pointerJoin } from '../diagnostics/index.ts';
import type { DocumentReader, Json } from './DocumentReader.ts';
import { discriminatorOf } from './schemaAnnotations.ts';
import type { SchemaAnnotations, SchemaNode } from './Schema.ts';

/** What reading a composition needs of the converter it is part of. */
export interface CompositionContext {
  readonly reader: DocumentReader;
  /** The model node of the schema at `pointer`. */
  convert(raw: unknown, pointer: string): SchemaNode;
  /** The object node of a schema's own properties/required/additionalProperties. */
  object(raw: Json, pointer: string): SchemaNode;
  /** The component key a discriminator mapping names, when it names a component. */
  componentKey(value: string): string | undefined;
}

/**
 * The union (`oneOf`/`anyOf`) or intersection (`allOf`) node of a schema object, with the
 * object structure written beside the composition as one more member; undefined when the
 * schema composes nothing.
 */
export function composition(
  raw: Json,
  pointer: string,
  notes: SchemaAnnotations,
  ctx: CompositionContext,
): SchemaNode | undefined {
  // `type: object` beside a composition only restates what its members say; properties add a
  // member, and so does a `required` list beside it (DigitalOcean's and gerermesaffaires'
  // request bodies make an allOf of a shared schema's fields required that way).
  const hasStructure =
    raw.properties !== undefined ||
    raw.additionalProperties !== undefined ||
    (Array.isArray(raw.required) && raw.required.length > 0);
  const siblings = (): SchemaNode[] => (hasStructure ? [ctx.object(raw, pointer)] : []);
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const list = raw[keyword];
    if (!Array.isArray(list)) continue;
    const members = list.map((m, i) => ctx.convert(m, pointerJoin(pointer, keyword, i)));
    const discriminator = discriminatorOf(raw, pointer, members, ctx.reader, ctx.componentKey);
    const union: SchemaNode = {
      kind: 'union',
      keyword,
      members,
      ...(discriminator ? { discriminator } : {}),
      ...(hasStructure || Array.isArray(raw.allOf) ? {} : notes),
    };
    const extra = Array.isArray(raw.allOf)
      ? raw.allOf.map((m, i) => ctx.convert(m, pointerJoin(pointer, 'allOf', i)))
      : [];
    if (!hasStructure && extra.length === 0) return union;
    return { kind: 'allOf', members: [...siblings(), ...extra, union], ...notes };
  }
  if (Array.isArray(raw.allOf)) {
    const members = raw.allOf.map((m, i) => ctx.convert(m, pointerJoin(pointer, 'allOf', i)));
    const all = [...members, ...siblings()];
    if (all.length === 1) return { ...all[0], ...notes } as SchemaNode;
    return { kind: 'allOf', members: all, ...notes };
  }
  return undefined;
}
