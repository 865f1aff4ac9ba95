import type { TSchema } from 'typebox';
import { andNodes, type CodecNode, type ContentNode } from './CodecNode.ts';
import { HttpCodec } from './HttpCodec.ts';
import { ConfigErrors, configError } from '../errors/catalogue.ts';

/** One media type of a {@link Bodies.of} body: its schema, and further media types carrying the same schema. */
export interface BodyVariantSpec {
  readonly schema: TSchema;
  /** Media types read and written as this variant; the key alone when absent. */
  readonly mediaTypes?: readonly string[];
}

/** One named part of a multipart/form-data body. */
export interface PartSpec {
  readonly name: string;
  readonly schema: TSchema;
  readonly mediaTypes?: readonly string[];
  /** The part may be left out (not in the body schema's `required`): its property is then absent. */
  readonly optional?: boolean;
}

/** A multipart/form-data variant: its parts, read into one object by part name. */
export interface PartsVariantSpec {
  readonly parts: readonly PartSpec[];
}

/** A body value tagged by the media type it travels as: `{ mediaType: 'application/json', value }`. */
export interface BodyVariant<M extends string = string, V = unknown> {
  readonly mediaType: M;
  readonly value: V;
}

/** A value whose media type is not this variant's (a union tries the next one). */
class NotThisMediaType extends Error {}

/** A multipart variant: its parts as named content nodes, one object of them as the value. */
function partsNode(spec: PartsVariantSpec): {
  inner: CodecNode;
  decode: (v: unknown) => unknown;
  encode: (v: unknown) => unknown;
} {
  const names = spec.parts.map((p) => p.name);
  const nodes: ContentNode[] = spec.parts.map((p) => ({
    kind: 'content',
    schema: p.schema,
    name: p.name,
    status: undefined,
    mediaTypes: p.mediaTypes,
    stream: false,
    ...(p.optional ? { optional: true } : {}),
  }));
  const one = nodes.length === 1;
  return {
    inner: one ? nodes[0] : andAll(nodes),
    decode: (v) => {
      const values = one ? [v] : (v as unknown[]);
      // An optional part not sent is no property at all.
      return Object.fromEntries(names.flatMap((n, i) => (values[i] === undefined ? [] : [[n, values[i]]])));
    },
    encode: (v) => {
      const values = names.map((n) => (v as Record<string, unknown>)[n]);
      return one ? values[0] : values;
    },
  };
}

function andAll(nodes: readonly CodecNode[]): CodecNode {
  return nodes.reduce((a, b) => andNodes(a, b));
}

function variant(
  mediaType: string,
  spec: BodyVariantSpec | PartsVariantSpec,
  options: BodiesOptions,
  first: boolean,
): CodecNode {
  if ('parts' in spec) {
    const parts = partsNode(spec);
    return {
      kind: 'transform',
      inner: parts.inner,
      decode: (value) => ({ mediaType, value: parts.decode(value) }),
      encode: (value) => {
        const v = value as BodyVariant | undefined;
        if (
          typeof v !== 'object' ||
          v === null ||
          v.mediaType !== mediaType ||
          typeof v.value !== 'object' ||
          v.value === null
        )
          throw new NotThisMediaType();
        return parts.encode(v.value);
      },
    };
  }
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
 * handler `{ mediaType, value }`; the client sends the variant the caller picks. A multipart
 * variant lists its parts; its value is an object of them by name.
 */
export const Bodies = {
  of<V extends BodyVariant | undefined>(
    variants: Readonly<Record<string, BodyVariantSpec | PartsVariantSpec>>,
    options: BodiesOptions = {},
  ): HttpCodec<[V], 'mixed'> {
    const alts = Object.entries(variants).map(([mediaType, spec], i) => variant(mediaType, spec, options, i === 0));
    if (alts.length === 0) throw configError(ConfigErrors.NO_BODY_VARIANTS);
    return new HttpCodec(alts.length === 1 ? alts[0] : { kind: 'union', alts });
  },
} as const;
