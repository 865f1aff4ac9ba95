import type { IncomingMessage } from 'node:http';
import { HttpError } from '../http/HttpError.ts';
import { HttpErrors } from '../errors/catalogue.ts';

/**
 * RFC 9112 §3.2's Host value: `uri-host [ ":" port ]`, where uri-host is an IP literal in
 * brackets, an IPv4 address or a reg-name (unreserved, pct-encoded, sub-delims). An empty
 * value is allowed (a target URI without authority). No `/`, `@`, space or `?`.
 */
const HOST_VALUE =
  /^(?:\[[0-9A-Fa-f:.]+\]|\[v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+\]|(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*)(?::[0-9]*)?$/;

let lastValidHost = '\u0000';

/**
 * Why the request's head cannot be served, or undefined when it can (RFC 9112 §2.3, §3.2):
 * only HTTP/1.x (a higher minor version is served as 1.1, as RFC 9110 §2.5 says); an HTTP/1.1
 * request must carry exactly one valid Host, an HTTP/1.0 one at most one. Node's parser keeps
 * only the first of several Host lines, so they are counted in the raw headers.
 */
export function requestHeadProblem(req: IncomingMessage): HttpError | undefined {
  if (req.httpVersionMajor !== 1)
    return HttpError.of(HttpErrors.UNSUPPORTED_VERSION, [req.httpVersion], { headers: { connection: 'close' } });
  const raw = req.rawHeaders;
  let count = 0;
  let value = '';
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    // Cheap length test first: the loop runs for every request.
    if (name.length === 4 && name.toLowerCase() === 'host') {
      count++;
      value = raw[i + 1];
    }
  }
  if (count === 1) {
    // Clients send the same Host on every request: the last valid one skips the pattern.
    if (value === lastValidHost) return undefined;
    if (!HOST_VALUE.test(value)) return HttpError.of(HttpErrors.INVALID_HOST, [value]);
    lastValidHost = value;
    return undefined;
  }
  if (count > 1) return HttpError.of(HttpErrors.DUPLICATE_HOST, [count]);
  return req.httpVersionMinor >= 1 ? HttpError.of(HttpErrors.MISSING_HOST, []) : undefined;
}
