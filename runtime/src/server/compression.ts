import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createDeflate,
  createGzip,
  deflateSync,
  gzipSync,
} from 'node:zlib';
import type { Transform } from 'node:stream';
import type { CompressionOption, ResponseCompressionConfig } from './config/ResponseCompressionConfig.ts';

/** Parses `Accept-Encoding` into coding → q (RFC 9110 §12.5.3). */
function acceptedCodings(header: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    out.set(coding, Number.isFinite(q) ? q : 0);
  }
  return out;
}

/** Choices already made per config, by Accept-Encoding text: clients send few distinct values. */
const chosen = new WeakMap<ResponseCompressionConfig, Map<string, CompressionOption | null>>();
const CACHE_LIMIT = 64;

/** The configured option the client accepts with the highest q (> 0; first wins on a tie), or undefined. */
export function chooseCompression(
  config: ResponseCompressionConfig,
  acceptEncoding: string | undefined,
): CompressionOption | undefined {
  if (!acceptEncoding) return undefined;
  let cache = chosen.get(config);
  const hit = cache?.get(acceptEncoding);
  if (hit !== undefined) return hit ?? undefined;
  const accepted = acceptedCodings(acceptEncoding);
  const star = accepted.get('*');
  let best: CompressionOption | undefined;
  let bestQ = 0;
  for (const option of config.options) {
    const q = accepted.get(option.type) ?? (option.type === 'gzip' ? accepted.get('x-gzip') : undefined) ?? star ?? 0;
    if (q > bestQ) {
      best = option;
      bestQ = q;
    }
  }
  if (!cache) chosen.set(config, (cache = new Map()));
  // Bounded: a client inventing header values must not grow it without end.
  if (cache.size < CACHE_LIMIT) cache.set(acceptEncoding, best ?? null);
  return best;
}

function zlibOptions(o: CompressionOption) {
  return { level: o.level, windowBits: o.bits, memLevel: o.mem };
}

/** Compresses a whole in-memory body. */
export function compressBytes(bytes: Uint8Array, o: CompressionOption): Buffer {
  switch (o.type) {
    case 'gzip':
      return gzipSync(bytes, zlibOptions(o));
    case 'deflate':
      return deflateSync(bytes, zlibOptions(o));
    case 'br':
      return brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: o.level, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
      });
  }
}

/** A compressing transform for streamed bodies (the caller pipes source → transform → response). */
export function compressor(o: CompressionOption): Transform {
  switch (o.type) {
    case 'gzip':
      return createGzip(zlibOptions(o));
    case 'deflate':
      return createDeflate(zlibOptions(o));
    case 'br':
      return createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: o.level } });
  }
}
