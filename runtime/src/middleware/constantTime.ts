import { Secret } from '../util/Secret.ts';
import { lazyRequire } from '../util/lazyRequire.ts';

// Loaded with the first credential checked, not at every server's start.
const nodeCrypto = lazyRequire<typeof import('node:crypto')>('node:crypto');

const digest = (text: string): Buffer => nodeCrypto().createHash('sha256').update(text, 'utf8').digest();

/**
 * Compares two texts in time that depends on neither where they differ nor their lengths:
 * both are hashed to 32 bytes first, then compared with `crypto.timingSafeEqual`.
 */
export function constantTimeEquals(a: string | Secret, b: string | Secret): boolean {
  const x = digest(a instanceof Secret ? a.reveal() : a);
  const y = digest(b instanceof Secret ? b.reveal() : b);
  return nodeCrypto().timingSafeEqual(x, y);
}
