import { createReadStream, type Stats } from 'node:fs';
import { HttpError } from '../http/HttpError.ts';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { Body } from '../http/Body.ts';
import type { Request } from '../http/Request.ts';
import { Response } from '../http/Response.ts';
import { Status } from '../http/Status.ts';
import { PathCodec } from '../routing/PathCodec.ts';
import { Route } from '../routing/Route.ts';
import { RoutePattern, type Segment } from '../routing/RoutePattern.ts';
import { fileMediaType } from '../http/fileMediaType.ts';
import { ConfigErrors, HttpErrors, configError } from '../errors/catalogue.ts';

/** Options of `serveDirectory` and `serveResources`. */
export interface StaticFilesOptions {
  /** File served for a directory (default `index.html`); `false` serves none. */
  readonly index?: string | false;
  /** An HTML listing for directories without an index (default false: 404). */
  readonly listing?: boolean;
  /** Names starting with "." (`.env`, `.git`): 404 unless `allow` (default `deny`). */
  readonly dotfiles?: 'deny' | 'allow';
  /** A `Cache-Control` value for served files (none by default). */
  readonly cacheControl?: string;
}

// One segment of a path under the root. The router has already refused `..`, encoded `/`, `\`
// and NUL (canonicalPath), and malformed UTF-8; this is the second line, checked again here
// so the file code never trusts its caller.
// eslint-disable-next-line no-control-regex -- control characters are what this rejects
const badSegment = /[\u0000-\u001f\u007f/\\]/;

function safeSegments(path: string, dotfiles: 'deny' | 'allow'): string[] | undefined {
  if (path === '') return [];
  const segments = path.split('/');
  for (const s of segments) {
    if (s === '' || s === '.' || s === '..' || badSegment.test(s)) return undefined;
    if (dotfiles === 'deny' && s.startsWith('.')) return undefined;
  }
  return segments;
}

function inside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(sep) ? root : root + sep);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A strong validator from size and modification time (as nginx does). */
function etagOf(st: Stats): string {
  return `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
}

function matchesAny(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const weak = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => weak(t) === weak(etag));
}

/** RFC 9110 §13.1.2–13.1.3: is the client's copy still fresh (answer 304)? */
function notModified(request: Request, st: Stats, etag: string): boolean {
  const inm = request.headers.get('if-none-match');
  if (inm !== undefined) return matchesAny(inm, etag);
  const ims = request.headers.get('if-modified-since');
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && Math.floor(st.mtimeMs / 1000) * 1000 <= since;
}

type RangeResult = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/** RFC 9110 §14: one `bytes` range; anything else (several ranges, bad syntax) serves the whole file. */
function rangeOf(request: Request, st: Stats, etag: string, lastModified: string): RangeResult {
  const header = request.headers.get('range');
  if (header === undefined || request.method !== 'GET') return { kind: 'full' };
  const ifRange = request.headers.get('if-range');
  if (ifRange !== undefined) {
    const t = ifRange.trim();
    // A weak tag never matches (strong comparison); a date must be the exact Last-Modified.
    const fresh = t.startsWith('"') || t.startsWith('W/') ? t === etag : t === lastModified;
    if (!fresh) return { kind: 'full' };
  }
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'full' };
  const size = st.size;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}

function fileBody(path: string, contentType: string, length: number, start: number, end: number, head: boolean): Body {
  // Opened only when the server sends the body, so an answer that is never sent holds no fd.
  async function* read(): AsyncIterable<Uint8Array> {
    if (head || length === 0) return;
    yield* createReadStream(path, { start, end });
  }
  return Body.fromStream(read(), { contentType, length });
}

function serveFile(request: Request, path: string, st: Stats, options: StaticFilesOptions): Response {
  const etag = etagOf(st);
  const lastModified = new Date(Math.floor(st.mtimeMs / 1000) * 1000).toUTCString();
  const common: Record<string, string> = {
    etag,
    'last-modified': lastModified,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
  };
  if (options.cacheControl !== undefined) common['cache-control'] = options.cacheControl;
  if (notModified(request, st, etag)) return new Response(Status.NotModified, common);
  const contentType = fileMediaType(path);
  const head = request.method === 'HEAD';
  const range = rangeOf(request, st, etag, lastModified);
  if (range.kind === 'unsatisfiable') {
    return new Response(Status.RequestedRangeNotSatisfiable, { ...common, 'content-range': `bytes */${st.size}` });
  }
  if (range.kind === 'partial') {
    const length = range.end - range.start + 1;
    return new Response(
      Status.PartialContent,
      { ...common, 'content-range': `bytes ${range.start}-${range.end}/${st.size}` },
      fileBody(path, contentType, length, range.start, range.end, head),
    );
  }
  return new Response(Status.Ok, common, fileBody(path, contentType, st.size, 0, Math.max(0, st.size - 1), head));
}

async function listing(request: Request, dir: string, options: StaticFilesOptions): Promise<Response> {
  const entries = await readdir(dir, { withFileTypes: true });
  const base = request.path.endsWith('/') ? request.path : `${request.path}/`;
  const items = entries
    .filter((e) => options.dotfiles === 'allow' || !e.name.startsWith('.'))
    .map((e) => e.name + (e.isDirectory() ? '/' : ''))
    .sort()
    .map(
      (name) =>
        `<li><a href="${escapeHtml(base + encodeURIComponent(name.replace(/\/$/, '')) + (name.endsWith('/') ? '/' : ''))}">${escapeHtml(name)}</a></li>`,
    );
  return Response.html(`<!doctype html><meta charset="utf-8"><title>Index</title><ul>\n${items.join('\n')}\n</ul>\n`);
}

/** Resolves a path under the root with symlinks followed; undefined when it leaves the root or is missing. */
async function resolveInside(
  root: string,
  segments: readonly string[],
): Promise<{ path: string; st: Stats } | undefined> {
  const candidate = join(root, ...segments);
  if (!inside(root, candidate)) return undefined;
  try {
    const real = await realpath(candidate);
    // A symlink may point anywhere: only its final target counts, and it must be under the root.
    if (!inside(root, real)) return undefined;
    return { path: real, st: await stat(real) };
  } catch {
    return undefined;
  }
}

/**
 * A `GET <prefix>/…` route serving files under `root()` (resolved per request so a root created
 * later still works): content types, ETag/Last-Modified with 304, one-range requests, HEAD,
 * no directory listing unless asked, and nothing outside the root, symlinks included.
 */
export function staticFilesRoute(prefix: string, root: () => Promise<string>, options: StaticFilesOptions = {}): Route {
  const literals = prefix.split('/').filter((s) => s !== '');
  for (const l of literals) if (l === '.' || l === '..') throw configError(ConfigErrors.BAD_STATIC_PREFIX, prefix);
  const segments: Segment[] = [...literals, PathCodec.trailing('path')];
  const dotfiles = options.dotfiles ?? 'deny';
  const index = options.index ?? 'index.html';
  const notFound = () => Response.fromHttpError(HttpError.of(HttpErrors.NO_SUCH_FILE, []));
  // The prefix is only known at run time, so the pattern's parameter tuple is stated here.
  const pattern = RoutePattern.GET(...segments) as unknown as RoutePattern<[string]>;
  return Route.handled(pattern, async (request, path) => {
    const parts = safeSegments(path, dotfiles);
    if (parts === undefined) return notFound();
    let rootReal: string;
    try {
      rootReal = await realpath(await root());
    } catch {
      return notFound();
    }
    const found = await resolveInside(rootReal, parts);
    if (!found) return notFound();
    if (found.st.isDirectory()) {
      if (index !== false) {
        const file = await resolveInside(rootReal, [...parts, index]);
        if (file && file.st.isFile()) return serveFile(request, file.path, file.st, options);
      }
      return options.listing ? listing(request, found.path, options) : notFound();
    }
    if (!found.st.isFile()) return notFound();
    return serveFile(request, found.path, found.st, options);
  });
}
