/**
 * The spec's `RequestStreaming`. `Disabled` aggregates each request body in memory before the
 * handler runs, up to `maximumContentLength` bytes after decompression (413 above it);
 * `Enabled` hands the handler a stream as bytes arrive (`Body#asStream`).
 */
export type RequestStreaming =
  { readonly kind: 'Disabled'; readonly maximumContentLength: number } | { readonly kind: 'Enabled' };

/** Default aggregated body limit: 1 MiB, the safe default for a body read whole into memory. */
export const defaultMaximumContentLength = 1024 * 1024;

/** The request streaming modes. */
export const RequestStreaming = {
  Enabled: { kind: 'Enabled' } as RequestStreaming,
  /** Aggregated bodies with a size limit in bytes (1 MiB unless given). */
  Disabled: (maximumContentLength = defaultMaximumContentLength): RequestStreaming => ({
    kind: 'Disabled',
    maximumContentLength,
  }),
} as const;
