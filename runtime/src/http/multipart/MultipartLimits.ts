import { HttpError } from '../HttpError.ts';
import { HttpErrors } from '../../errors/catalogue.ts';

/**
 * Limits on a multipart form being decoded. Exceeding one rejects with an `HttpError` 413, so a
 * client cannot make the server hold unbounded text or parse unbounded parts.
 */
export interface MultipartLimits {
  /** Most parts (text and binary) in one form. */
  readonly maxParts: number;
  /** Most bytes in one text field (held in memory as a string). */
  readonly maxFieldSize: number;
  /** Most bytes in one binary field; `Infinity` for none. */
  readonly maxFileSize: number;
}

/** Defaults for {@link MultipartLimits}. */
export const MultipartLimits = {
  /**
   * For `Body#asMultipartFormStream`: binary data streams through without bound (the reader
   * decides what to keep); at most 1000 parts and 1 MiB per text field. (busboy itself caps a
   * part's headers at 16 KiB, as a malformed part.)
   */
  streaming: { maxParts: 1000, maxFieldSize: 1 << 20, maxFileSize: Infinity } as MultipartLimits,
  /** For `Body#asMultipartForm`, which holds every part in memory: as above, 16 MiB per binary field. */
  aggregated: { maxParts: 1000, maxFieldSize: 1 << 20, maxFileSize: 16 << 20 } as MultipartLimits,

  /** @internal The 413 answer for an exceeded limit. */
  exceeded(what: string, limit: number): HttpError {
    return HttpError.of(HttpErrors.MULTIPART_LIMIT, [what, limit], { details: { limit } });
  },
} as const;
