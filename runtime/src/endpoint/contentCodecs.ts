import { bodyCodecFor, defaultMediaTypes } from '../codec/body/BodyCodecs.ts';
import type { BinaryCodec } from '../codec/BinaryCodec.ts';
import type { CodecConfig } from '../codec/json/CodecConfig.ts';
import type { ContentNode } from './CodecNode.ts';

/** A content node's offered media types, and the codec it last used (the same media type and config on nearly every request). */
interface ContentCodecs {
  readonly offered: readonly string[];
  mediaType: string | undefined;
  config: CodecConfig | undefined;
  codec: BinaryCodec<unknown> | undefined;
}

const byNode = new WeakMap<ContentNode, ContentCodecs>();

function codecsOf(node: ContentNode): ContentCodecs {
  let c = byNode.get(node);
  if (c === undefined)
    byNode.set(node, (c = { offered: node.mediaTypes ?? defaultMediaTypes(node.schema), mediaType: undefined, config: undefined, codec: undefined }));
  return c;
}

/** The media types a body node offers or accepts: its own, else its schema's default (worked out once per node). */
export function offeredMediaTypes(node: ContentNode): readonly string[] {
  return codecsOf(node).offered;
}

/**
 * The codec of a body node in `mediaType` under `config` ({@link bodyCodecFor}); undefined when
 * no codec reads that media type. The last one is kept on the node: a request (server or client) then skips the
 * lookups by schema, config and lower-cased media type, which showed in the server's profile.
 */
export function contentCodec(node: ContentNode, mediaType: string, config: CodecConfig): BinaryCodec<unknown> | undefined {
  const c = codecsOf(node);
  if (c.mediaType === mediaType && c.config === config) return c.codec;
  const codec = bodyCodecFor(mediaType, node.schema, config);
  if (codec !== undefined) {
    c.mediaType = mediaType;
    c.config = config;
    c.codec = codec;
  }
  return codec;
}
