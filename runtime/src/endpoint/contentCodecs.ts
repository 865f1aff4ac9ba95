import { bodyCodecFor, defaultMediaTypes } from '../codec/body/BodyCodecs.ts';
import { concreteMediaType, rangeCovers } from '../codec/body/mediaRanges.ts';
import type { BinaryCodec } from '../codec/BinaryCodec.ts';
import type { CodecConfig } from '../codec/json/CodecConfig.ts';
import { isMediaRange, mediaTypeEssence } from '../http/mediaTypeRules.ts';
import type { ContentNode } from './CodecNode.ts';

/**
 * A body node's media types and codecs: what the server and the client ask of it on every
 * request, worked out once per node. The last codec is kept (the same media type and config on
 * nearly every request), which skips {@link bodyCodecFor}'s lookups by schema, config and
 * lower-cased media type; they showed in the server's profile.
 */
export class ContentCodecs {
  /**
   * The media types as the node declares them (its own, else its schema's default): parameters
   * and media ranges (`application/*`) kept. Documents list these, and a received body is
   * matched against them.
   */
  readonly declared: readonly string[];
  /**
   * The media types a body of the node is sent as, in order: the declared ones with each range
   * replaced by the concrete type its schema is sent as (a range is never a Content-Type).
   */
  readonly offered: readonly string[];
  /** The declared media ranges (most nodes have none). */
  readonly #ranges: readonly string[];
  #mediaType: string | undefined;
  #config: CodecConfig | undefined;
  #codec: BinaryCodec<unknown> | undefined;

  constructor(private readonly node: ContentNode) {
    this.declared = node.mediaTypes ?? defaultMediaTypes(node.schema);
    this.#ranges = this.declared.filter(isMediaRange);
    this.offered =
      this.#ranges.length > 0
        ? [...new Set(this.declared.map((mt) => concreteMediaType(mt, node.schema)))]
        : this.declared;
  }

  /**
   * The codec in `mediaType` under `config`, chosen by its essence (parameters aside): for a type
   * only a declared range covers, the codec of the type that range is sent as (a JSON-shaped body
   * declared as any type is read as JSON whatever its Content-Type), else the media type's own;
   * undefined when no codec reads that media type.
   */
  codec(mediaType: string, config: CodecConfig): BinaryCodec<unknown> | undefined {
    if (this.#mediaType === mediaType && this.#config === config) return this.#codec;
    const range = this.#ranges.length === 0 ? undefined : this.#rangeOnly(mediaType);
    const codec =
      (range === undefined
        ? undefined
        : bodyCodecFor(concreteMediaType(range, this.node.schema), this.node.schema, config)) ??
      bodyCodecFor(mediaType, this.node.schema, config);
    if (codec !== undefined) {
      this.#mediaType = mediaType;
      this.#config = config;
      this.#codec = codec;
    }
    return codec;
  }

  /** The declared range that covers `mediaType` when no declared type of its own essence does. */
  #rangeOnly(mediaType: string): string | undefined {
    const essence = mediaTypeEssence(mediaType);
    if (this.declared.some((d) => !isMediaRange(d) && mediaTypeEssence(d) === essence)) return undefined;
    return this.#ranges.find((r) => rangeCovers(r, essence));
  }
}

const byNode = new WeakMap<ContentNode, ContentCodecs>();

/** The {@link ContentCodecs} of a body node (one per node, made on first use). */
export function contentCodecs(node: ContentNode): ContentCodecs {
  let c = byNode.get(node);
  if (c === undefined) byNode.set(node, (c = new ContentCodecs(node)));
  return c;
}
