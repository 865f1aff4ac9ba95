import { bodyCodecFor, defaultMediaTypes } from '../codec/body/BodyCodecs.ts';
import type { BinaryCodec } from '../codec/BinaryCodec.ts';
import type { CodecConfig } from '../codec/json/CodecConfig.ts';
import type { ContentNode } from './CodecNode.ts';

/**
 * A body node's media types and codecs: what the server and the client ask of it on every
 * request, worked out once per node. The last codec is kept (the same media type and config on
 * nearly every request), which skips {@link bodyCodecFor}'s lookups by schema, config and
 * lower-cased media type; they showed in the server's profile.
 */
export class ContentCodecs {
  /** The media types the node offers or accepts: its own, else its schema's default. */
  readonly offered: readonly string[];
  #mediaType: string | undefined;
  #config: CodecConfig | undefined;
  #codec: BinaryCodec<unknown> | undefined;

  constructor(private readonly node: ContentNode) {
    this.offered = node.mediaTypes ?? defaultMediaTypes(node.schema);
  }

  /** The codec in `mediaType` under `config`; undefined when no codec reads that media type. */
  codec(mediaType: string, config: CodecConfig): BinaryCodec<unknown> | undefined {
    if (this.#mediaType === mediaType && this.#config === config) return this.#codec;
    const codec = bodyCodecFor(mediaType, this.node.schema, config);
    if (codec !== undefined) {
      this.#mediaType = mediaType;
      this.#config = config;
      this.#codec = codec;
    }
    return codec;
  }
}

const byNode = new WeakMap<ContentNode, ContentCodecs>();

/** The {@link ContentCodecs} of a body node (one per node, made on first use). */
export function contentCodecs(node: ContentNode): ContentCodecs {
  let c = byNode.get(node);
  if (c === undefined) byNode.set(node, (c = new ContentCodecs(node)));
  return c;
}
