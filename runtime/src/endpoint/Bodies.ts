import type { TSchema } from 'typebox';
import type { CodecNode, ContentNode } from './CodecNode.ts';
import { HttpCodec } from './HttpCodec.ts';
import { ConfigErrors, configError } from '../errors/catalogue.ts';

/** One media type of a {@link Bodies.of} body: its schema, and further media types carrying the same schema. */
export interface BodyVariantSpec {
  readonly schema: TSchema;
  /** Media types read and written as this variant; the key alone when absent. */
  readonly mediaTypes?: readonly string[];
}

/** A body value tagged by the media type it travels as: `{ mediaType: 'application/json', value }`. */
export interface BodyVariant<M extends string = string, V = unknown> {
  readonly mediaType: M;
  readonly value: V;
}

/** A value whose media type is not this variant's (a union tries the next one). */
class NotThisMediaType extends Error {}

function variant(mediaType: string, spec: BodyVariantSpec, options: BodiesOptions, first: boolean): CodecNode {
  const inner: ContentNode = {
    kind: 'content',
    schema: spec.schema,
    name: undefined,
    status: undefined,
    mediaTypes: spec.mediaTypes ?? [mediaType],
    stream: false,
    ...(options.optional ? { optional: true } : {}),
    ...(options.doc !== undefined ? { doc: options.doc } : {}),
  };
  return {
    kind: 'transform',
    inner,
    // An optional body that was not sent stays undefined, whichever variant read the nothing.
    decode: (value) => (value === undefined ? undefined : { mediaType, value }),
    encode: (value) => {
      if (value === undefined && options.optional && first) return undefined;
      const v = value as BodyVariant | undefined;
      if (typeof v !== 'object' || v === null || v.mediaType !== mediaType) throw new NotThisMediaType();
      return v.value;
    },
  };
}

/** Options of {@link Bodies.of}. */
export interface BodiesOptions {
  /** The body may be absent (OpenAPI's `requestBody.required: false`): `undefined` then. */
  readonly optional?: boolean;
  readonly doc?: string;
}

/**
 * A request body offered in several media types with their own schemas (OpenAPI's
 * `requestBody.content` with, say, a JSON object and a differently shaped form): the server reads
 * the variant the Content-Type names (415 listing every media type otherwise) and hands the
 * handler `{ mediaType, value }`; the client sends the variant the caller picks.
 */
export const Bodies = {
  of<V extends BodyVariant | undefined>(variants: Readonly<Record<string, BodyVariantSpec>>, options: BodiesOptions = {}): HttpCodec<[V], 'mixed'> {
    const alts = Object.entries(variants).map(([mediaType, spec], i) => variant(mediaType, spec, options, i === 0));
    if (alts.length === 0) throw configError(ConfigErrors.NO_BODY_VARIANTS);
    return new HttpCodec(alts.length === 1 ? alts[0] : { kind: 'union', alts });
  },
} as const;
