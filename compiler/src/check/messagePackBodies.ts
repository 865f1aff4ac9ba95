// MessagePack request bodies: a body declared in MessagePack is written in MessagePack, as the
// runtime (which decodes it with @msgpack/msgpack) and any client following the document send it;
// the JSON text of the value under that media type is no MessagePack a server can read.
import { createRequire } from 'node:module';

/** The media types (essences) of MessagePack, under their registered and their older name. */
export const messagePackTypes: ReadonlySet<string> = new Set([
  'application/msgpack',
  'application/x-msgpack',
  'application/vnd.msgpack',
]);

type Encode = (value: unknown) => Uint8Array;
let loaded: { encode?: Encode } | undefined;

/**
 * The MessagePack encoder of @msgpack/msgpack (the runtime's optional peer), or undefined where it
 * is not installed. Loaded on the first MessagePack body, so a run without one never needs it.
 */
export function messagePackEncoder(): Encode | undefined {
  if (loaded === undefined) {
    try {
      const library = createRequire(import.meta.url)('@msgpack/msgpack') as { encode: Encode };
      loaded = { encode: (value) => library.encode(value) };
    } catch {
      loaded = {};
    }
  }
  return loaded.encode;
}
