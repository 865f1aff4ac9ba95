// Base64 for the code that runs in browsers and workers as well as on servers: bytes fields of
// JSON bodies, Basic credentials, bytes in parameter text. Node's `Buffer` does it natively where
// it exists (servers, Deno and Bun); elsewhere the portable functions below give the same results.

interface NodeBufferLike {
  from(data: ArrayBufferLike, byteOffset: number, length: number): { toString(encoding: 'base64'): string };
  from(text: string, encoding: 'base64'): Uint8Array;
}

const NodeBuffer = (globalThis as { Buffer?: NodeBufferLike }).Buffer;

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Each character's 6 bits, for both alphabets (`+/` and the URL-safe `-_`); -1 for any other. */
const sextets = new Int8Array(128).fill(-1);
for (let i = 0; i < alphabet.length; i++) sextets[alphabet.charCodeAt(i)] = i;
sextets['-'.charCodeAt(0)] = 62;
sextets['_'.charCodeAt(0)] = 63;

/** Standard base64 with padding, without `Buffer`. */
function portableEncode(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += alphabet[n >> 18] + alphabet[(n >> 12) & 63] + alphabet[(n >> 6) & 63] + alphabet[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    out += `${alphabet[n >> 18]}${alphabet[(n >> 12) & 63]}==`;
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += `${alphabet[n >> 18]}${alphabet[(n >> 12) & 63]}${alphabet[(n >> 6) & 63]}=`;
  }
  return out;
}

/**
 * Decodes as `Buffer.from(text, 'base64')` does: both alphabets, padding optional, decoding stops
 * at the first `=`, characters outside the alphabet are skipped, and a last lone character (6 bits,
 * less than a byte) gives nothing.
 */
function portableDecode(text: string): Uint8Array {
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let length = 0;
  let bits = 0;
  let held = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 61 /* = */) break;
    const value = code < 128 ? sextets[code] : -1;
    if (value < 0) continue;
    held = ((held << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[length++] = (held >> bits) & 0xff;
    }
  }
  return out.subarray(0, length);
}

/** The base64 text (standard alphabet, padded) of some bytes. */
export function toBase64(bytes: Uint8Array): string {
  return NodeBuffer
    ? NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
    : portableEncode(bytes);
}

/** The bytes of base64 text, read leniently as Node's `Buffer` reads it (either alphabet, padding optional). */
export function fromBase64(text: string): Uint8Array {
  if (!NodeBuffer) return portableDecode(text);
  const decoded = NodeBuffer.from(text, 'base64');
  return new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength);
}

/** @internal The functions used where `Buffer` is missing, for tests that compare them with it. */
export const portableBase64 = { encode: portableEncode, decode: portableDecode } as const;
