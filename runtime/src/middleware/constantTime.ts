import { createHash, timingSafeEqual } from 'node:crypto';
import { Secret } from '../util/Secret.ts';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * Compares two texts in time that depends on neither where they differ nor their lengths:
 * both are hashed to 32 bytes first, then compared with `crypto.timingSafeEqual`.
 */
export function constantTimeEquals(a: string | Secret, b: string | Secret): boolean {
  const x = digest(a instanceof Secret ? a.reveal() : a);
  const y = digest(b instanceof Secret ? b.reveal() : b);
  return timingSafeEqual(x, y);
}

/** Quotes a text as an HTTP quoted-string (for `realm="…"`). */
export function quoted(text: string): string {
  return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
