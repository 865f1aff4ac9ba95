/** The outcome of canonicalising a request path: decoded segments, or why it is refused. */
export type CanonicalPath = { readonly ok: true; readonly segments: string[] } | { readonly ok: false; readonly reason: string };

const encodedForbidden = /%(?:2f|5c|00)/i;

/**
 * Canonicalises a raw request path once, before routing and middleware (DESIGN.md): it must be
 * absolute, and `..`/`.` segments, encoded `/` or `\`, `\`, empty segments (`//`), NUL and bad
 * percent-encoding are refused. One trailing slash is ignored. Segments come back decoded.
 */
export function canonicalPath(path: string): CanonicalPath {
  if (path.charCodeAt(0) !== 47 /* / */) return { ok: false, reason: 'the path must start with /' };
  if (path.length === 1) return { ok: true, segments: [] };
  const body = path.charCodeAt(path.length - 1) === 47 ? path.slice(1, -1) : path.slice(1);
  const raw = body.split('/');
  const needsDecode = path.includes('%');
  if (needsDecode && encodedForbidden.test(path)) return { ok: false, reason: 'the path holds an encoded "/", "\\" or NUL' };
  if (path.includes('\\') || path.includes('\0')) return { ok: false, reason: 'the path holds "\\" or NUL' };
  const segments = new Array<string>(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const r = raw[i];
    if (r === '') return { ok: false, reason: 'the path holds an empty segment ("//")' };
    let s = r;
    if (needsDecode && r.includes('%')) {
      try {
        s = decodeURIComponent(r);
      } catch {
        return { ok: false, reason: 'the path holds invalid percent-encoding' };
      }
    }
    if (s === '.' || s === '..') return { ok: false, reason: 'the path holds a "." or ".." segment' };
    segments[i] = s;
  }
  return { ok: true, segments };
}
