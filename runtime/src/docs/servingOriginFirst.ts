import type { OpenAPIDocument, ServerObject } from '../openapi/model.ts';

// Swagger UI's "Try it out" calls the first server of the document it shows. A published
// document lists its production servers; served beside a local or staging copy of the API, the
// docs page would send every request there. The page's document therefore lists first a server
// relative to the page's own origin, at the path the operations are served under.

/**
 * The path a generated server serves a document's operations under: the path of its first server
 * URL (`https://api.example.com/v2/` → `/v2`; `/` for none), server variables kept (`/{version}`).
 */
export function servedPathOf(document: OpenAPIDocument): string {
  const first = document.servers?.[0]?.url;
  if (first === undefined) return '/';
  let path: string;
  try {
    path = decodeURI(new URL(first, 'http://relative.invalid').pathname);
  } catch {
    return '/';
  }
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * The document with `serverUrl` listed first (a URL relative to the page's origin, such as
 * `/v2`), described as the server of this page, and its own servers after it (the same URL once).
 * A document without servers, or whose first server is that URL already, is returned as it is
 * (Swagger UI calls the page's origin for none).
 */
export function servingOriginFirst(document: OpenAPIDocument, serverUrl: string): OpenAPIDocument {
  const servers = document.servers ?? [];
  if (servers.length === 0 || sameRelativeUrl(servers[0].url, serverUrl)) return document;
  // Variables of the first server that its path uses travel with it (`/{version}` keeps its choices).
  const used = Object.entries(servers[0].variables ?? {}).filter(([name]) => serverUrl.includes(`{${name}}`));
  const variables = used.length > 0 ? Object.fromEntries(used) : undefined;
  const local: ServerObject = {
    url: serverUrl,
    description: 'This server (where these docs are served)',
    ...(variables ? { variables } : {}),
  };
  return { ...document, servers: [local, ...servers.filter((s) => s.url !== serverUrl)] };
}

/** True when `url` is the relative URL `serverUrl`, a trailing `/` aside (OpenAPIGen's `/`). */
function sameRelativeUrl(url: string, serverUrl: string): boolean {
  const trim = (u: string) => u.replace(/\/+$/, '');
  return url === serverUrl || (url.startsWith('/') && trim(url) === trim(serverUrl));
}
