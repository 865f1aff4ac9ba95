// The credentials a valid request carries: a stand-in value for each scheme of the first
// security requirement the operation accepts, in the place the scheme names.
import { escapePointer, follow, type OpenApiDocument } from './documentReferee.ts';
import type { DocumentOperation } from './documentOperations.ts';
import type { RequestParts } from './requests.ts';

const q = encodeURIComponent;

/** Credentials for the first security requirement the operation accepts (none when anonymous calls are allowed too). */
export function credentials(
  doc: OpenApiDocument,
  op: DocumentOperation,
): { parts: Pick<RequestParts, 'headers' | 'query' | 'cookies'>; required: boolean } {
  const headers: Array<[string, string]> = [];
  const query: Array<[string, string]> = [];
  const cookies: Array<[string, string]> = [];
  const requirement = op.security[0];
  for (const name of Object.keys(requirement ?? {})) {
    const scheme = follow(doc, `/components/securitySchemes/${escapePointer(name)}`).value;
    if (!scheme) continue;
    const type = scheme.type;
    const authorization = headers.some(([h]) => h === 'authorization');
    if (type === 'http' && String(scheme.scheme).toLowerCase() === 'basic' && !authorization)
      headers.push(['authorization', 'Basic dXNlcjpzZWNyZXQ=']);
    else if (
      (type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer') ||
      type === 'oauth2' ||
      type === 'openIdConnect'
    ) {
      if (!authorization) headers.push(['authorization', 'Bearer token-1']);
    } else if (type === 'apiKey' && typeof scheme.name === 'string') {
      // A key in a place another scheme of the same requirement already fills (Azure's
      // registry_auth with an apiKey named Authorization; fec.gov's two query schemes both named
      // api_key) is that place's value: sent once, not twice.
      const place =
        scheme.in === 'header' ? headers : scheme.in === 'query' ? query : scheme.in === 'cookie' ? cookies : undefined;
      const key =
        scheme.in === 'header' ? scheme.name.toLowerCase() : scheme.in === 'query' ? q(scheme.name) : scheme.name;
      if (place && !place.some(([k]) => k === key)) place.push([key, 'key-1']);
    }
  }
  const anonymous = op.security.length === 0 || op.security.some((r) => Object.keys(r ?? {}).length === 0);
  return {
    parts: { headers, query, cookies },
    required: !anonymous && headers.length + query.length + cookies.length > 0,
  };
}
