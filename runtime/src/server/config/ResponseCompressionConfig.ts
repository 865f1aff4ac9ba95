/** One compression algorithm the server may use, with its zlib settings (the spec's options entry). */
export interface CompressionOption {
  readonly type: 'gzip' | 'deflate' | 'br';
  /** zlib level 0–9 (brotli quality 0–11). */
  readonly level: number;
  /** zlib window bits (8–15). */
  readonly bits: number;
  /** zlib memLevel (1–9). */
  readonly mem: number;
}

/**
 * The spec's `ResponseCompressionConfig`: compress responses whose size is at least
 * `contentThreshold` bytes with the first option the client accepts (`Accept-Encoding`).
 */
export interface ResponseCompressionConfig {
  readonly contentThreshold: number;
  readonly options: readonly CompressionOption[];
}

/** Builders for compression settings. */
export const CompressionOption = {
  gzip: (level = 6, bits = 15, mem = 8): CompressionOption => ({ type: 'gzip', level, bits, mem }),
  deflate: (level = 6, bits = 15, mem = 8): CompressionOption => ({ type: 'deflate', level, bits, mem }),
  /** Brotli, available but not in the default list (quality 4 suits dynamic responses). */
  brotli: (level = 4): CompressionOption => ({ type: 'br', level, bits: 22, mem: 8 }),
} as const;

/** `ResponseCompressionConfig.default`: threshold 0, gzip then deflate at level 6, bits 15, mem 8. */
export const ResponseCompressionConfig = {
  default: {
    contentThreshold: 0,
    options: [CompressionOption.gzip(), CompressionOption.deflate()],
  } as ResponseCompressionConfig,
} as const;
