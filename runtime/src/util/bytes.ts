// Byte helpers on web-standard APIs (TextDecoder, Uint8Array), for code that runs in browsers
// and workers as well as on servers, where Node's `Buffer` would be the usual tool.

const utf8 = new TextDecoder();

/** The chunks joined into one array (the one chunk itself when there is only one). */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  let total = 0;
  for (const chunk of chunks) total += chunk.byteLength;
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** UTF-8 text of some bytes; malformed sequences read as U+FFFD, as `Buffer#toString('utf8')` reads them. */
export function utf8Text(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

/** Each byte as the character of that code (ISO 8859-1), as `Buffer#toString('latin1')` reads them. */
export function latin1Text(bytes: Uint8Array): string {
  let out = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}
