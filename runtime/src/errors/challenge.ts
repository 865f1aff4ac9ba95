// The `WWW-Authenticate` challenge of every 401 the runtime sends (RFC 9110 §11.6.1 requires
// one): an endpoint's missing credentials, a declared 401 failure, the auth middleware. One
// builder, so the realm and the parameters read the same whichever layer refuses.

/** The HTTP authentication schemes the runtime challenges with. */
export type ChallengeScheme = 'Basic' | 'Bearer';

/**
 * Where an API key the request lacked travels, for its challenge. API keys have no registered
 * HTTP scheme; `ApiKey realm="…", in="header", name="X-API-Key"` tells a client what to send,
 * so a 401 still carries the challenge RFC 9110 §15.5.2 requires.
 */
export interface ApiKeyChallenge {
  readonly in: 'header' | 'query' | 'cookie';
  readonly name: string;
}

/** The protection space named when none is given. */
export const defaultRealm = 'kitgen';

/** A quoted-string (RFC 9110 §5.6.4): `"` and `\` escaped. */
function quoted(text: string): string {
  return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/**
 * The challenge for `scheme`: `Basic realm="…", charset="UTF-8"` (RFC 7617) or `Bearer realm="…"`
 * (RFC 6750), with `error="invalid_token"` for a bearer token that was sent and refused.
 */
export function challenge(scheme: ChallengeScheme, realm: string = defaultRealm, error?: 'invalid_token'): string {
  const base = `${scheme} realm=${quoted(realm)}`;
  if (scheme === 'Basic') return `${base}, charset="UTF-8"`;
  return error === undefined ? base : `${base}, error="${error}"`;
}

/** The response headers of a 401 carrying the challenges of `schemes`, in order. */
export function challengeHeaders(
  schemes: ReadonlyArray<ChallengeScheme | ApiKeyChallenge>,
  realm: string = defaultRealm,
  error?: 'invalid_token',
): Record<string, string> {
  const text = (s: ChallengeScheme | ApiKeyChallenge) =>
    typeof s === 'string'
      ? challenge(s, realm, error)
      : `ApiKey realm=${quoted(realm)}, in=${quoted(s.in)}, name=${quoted(s.name)}`;
  return { 'www-authenticate': schemes.map(text).join(', ') };
}
