import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { HttpError } from '../http/HttpError.ts';
import { HttpErrors } from '../errors/catalogue.ts';
import type { Decompression } from './config/Decompression.ts';
import { brotliWindow } from './decompressionGate.ts';

/** What {@link inflateWhole} needs to know: the mode, the output limit, the brotli window limit. */
export interface InflateLimits {
  readonly decompression: Decompression;
  readonly limit: number;
  readonly maxBrotliWindow: number;
}

/**
 * Decodes a whole received body (aggregated mode) on the calling thread, one coding after the
 * other from the last applied, each stopped by zlib itself past `limit` bytes (413). Done
 * synchronously on purpose: the work is bounded by the limit (a few ms for 1 MiB), and
 * decoders that live and die on the main thread one at a time return their memory to the
 * allocator at once, where decoders run on the thread pool left glibc's per-thread arenas
 * holding hundreds of MB after a burst of bombs (docs/security.md, "Decompression bombs").
 */
export function inflateWhole(bytes: Buffer, encodings: readonly string[], limits: InflateLimits): Buffer {
  let data = bytes;
  for (let i = encodings.length - 1; i >= 0; i--) data = inflateOne(data, encodings[i], limits);
  return data;
}

function inflateOne(data: Buffer, encoding: string, limits: InflateLimits): Buffer {
  const options = { maxOutputLength: limits.limit + 1 };
  let out: Buffer;
  try {
    switch (encoding) {
      case 'identity':
        return data;
      case 'gzip':
      case 'x-gzip':
        out = gunzipSync(data, options);
        break;
      case 'br': {
        const window = brotliWindow(data);
        if (window !== undefined && window > limits.maxBrotliWindow) {
          throw HttpError.of(HttpErrors.BROTLI_WINDOW_TOO_LARGE, [window, limits.maxBrotliWindow], {
            headers: { connection: 'close' },
          });
        }
        out = brotliDecompressSync(data, options);
        break;
      }
      case 'deflate':
        out =
          limits.decompression === 'NonStrict' && !looksLikeZlib(data)
            ? inflateRawSync(data, options)
            : inflateSync(data, options);
        break;
      default:
        throw HttpError.of(HttpErrors.UNSUPPORTED_CONTENT_ENCODING, [encoding], {
          headers: { 'accept-encoding': 'gzip, deflate, br' },
        });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLargeError(limits.limit);
    throw HttpError.of(HttpErrors.BAD_CONTENT_ENCODING, [encoding], { cause: error });
  }
  if (out.byteLength > limits.limit) throw tooLargeError(limits.limit);
  return out;
}

function tooLargeError(limit: number): HttpError {
  return HttpError.of(HttpErrors.BODY_TOO_LARGE, [limit], { details: { limit }, headers: { connection: 'close' } });
}

/** Raw deflate vs zlib-wrapped (RFC 1950): a zlib stream's first two bytes form a multiple of 31. */
export function looksLikeZlib(first: Uint8Array): boolean {
  return first.length >= 2 && (first[0] & 0x0f) === 8 && ((first[0] << 8) | first[1]) % 31 === 0;
}
