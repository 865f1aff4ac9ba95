/**
 * Media types of common file extensions (lower case, no dot): the one table behind
 * `Body.fromFile`, static files and the docs UI's assets, so one file always gets one
 * Content-Type. Text types carry `charset=utf-8`, which is what files written today hold, and
 * JSON/XML/YAML do too (what `mime-types` and Express send); unknown extensions are bytes.
 */
const byExtension: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  cjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  yaml: 'application/yaml; charset=utf-8',
  yml: 'application/yaml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  wasm: 'application/wasm',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
  proto: 'text/plain; charset=utf-8',
  bin: 'application/octet-stream',
};

/**
 * The media type for a file name or path by its extension (case-insensitive);
 * `application/octet-stream` when unknown or absent (a leading dot is a name, not an extension).
 */
export function fileMediaType(path: string): string {
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const dot = path.lastIndexOf('.');
  if (dot <= slash + 1) return 'application/octet-stream';
  return byExtension[path.slice(dot + 1).toLowerCase()] ?? 'application/octet-stream';
}
