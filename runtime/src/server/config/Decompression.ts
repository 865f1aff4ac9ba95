/**
 * The spec's `Decompression` of request bodies. `Strict` accepts gzip, RFC 1950 (zlib-wrapped)
 * deflate and brotli; `NonStrict` also accepts raw deflate, as many clients send it; `No`
 * leaves bodies as they came (the default).
 */
export type Decompression = 'No' | 'Strict' | 'NonStrict';

/** The decompression modes by name. */
export const Decompression = {
  No: 'No' as Decompression,
  Strict: 'Strict' as Decompression,
  NonStrict: 'NonStrict' as Decompression,
} as const;
