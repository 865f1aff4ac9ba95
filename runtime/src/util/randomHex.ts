/**
 * `byteCount` random bytes from the platform's cryptographic generator (Web Crypto, global in
 * browsers, workers, Deno, Bun and Node 20), as lower-case hex.
 */
export function randomHex(byteCount: number): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(byteCount));
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}
