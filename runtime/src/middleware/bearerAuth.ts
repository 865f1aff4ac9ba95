import { Header } from '../http/Header.ts';
import { HttpError } from '../http/HttpError.ts';
import type { Request } from '../http/Request.ts';
import { Response } from '../http/Response.ts';
import { Secret } from '../util/Secret.ts';
import { constantTimeEquals } from './constantTime.ts';
import { challengeHeaders, defaultRealm } from '../errors/challenge.ts';
import { perRouteMiddleware } from './core.ts';
import type { Middleware } from './core.ts';
import { HttpErrors } from '../errors/catalogue.ts';

/** Decides whether a bearer token is valid. */
export type BearerVerifier = (token: Secret, request: Request) => boolean | Promise<boolean>;

/** Options of {@link bearerAuth}. */
export interface BearerAuthOptions {
  /** The protection space named in `WWW-Authenticate` (default "kitgen"). */
  readonly realm?: string;
}

/**
 * Bearer authentication (RFC 6750) for wrapped routes: the token must equal `token` (compared in
 * constant time) or satisfy `verify`. Otherwise 401 with `WWW-Authenticate: Bearer …`
 * (`error="invalid_token"` when one was sent) and the handler is not called.
 */
export function bearerAuth(
  tokenOrVerify: string | Secret | BearerVerifier,
  options: BearerAuthOptions = {},
): Middleware {
  const verify: BearerVerifier =
    typeof tokenOrVerify === 'function' ? tokenOrVerify : (token) => constantTimeEquals(token, tokenOrVerify);
  const realm = options.realm ?? defaultRealm;
  const missing = { headers: challengeHeaders(['Bearer'], realm) };
  const invalid = { headers: challengeHeaders(['Bearer'], realm, 'invalid_token') };
  return perRouteMiddleware((next) => async (request) => {
    const text = request.headers.get('authorization');
    const parsed = text === undefined ? undefined : Header.Authorization.parse(text);
    if (parsed === undefined || parsed.scheme !== 'Bearer') {
      return Response.fromHttpError(
        text === undefined
          ? HttpError.of(HttpErrors.AUTH_REQUIRED, [], missing)
          : HttpError.of(HttpErrors.WRONG_AUTH_SCHEME, ['Bearer'], missing),
      );
    }
    if (!(await verify(parsed.token, request)))
      return Response.fromHttpError(HttpError.of(HttpErrors.BAD_TOKEN, [], invalid));
    return next(request);
  });
}
