import { Header } from '../http/Header.ts';
import { HttpError } from '../http/HttpError.ts';
import type { Request } from '../http/Request.ts';
import { Response } from '../http/Response.ts';
import { Secret } from '../util/Secret.ts';
import { constantTimeEquals, quoted } from './constantTime.ts';
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
export function bearerAuth(tokenOrVerify: string | Secret | BearerVerifier, options: BearerAuthOptions = {}): Middleware {
  const verify: BearerVerifier = typeof tokenOrVerify === 'function' ? tokenOrVerify : (token) => constantTimeEquals(token, tokenOrVerify);
  const realm = `realm=${quoted(options.realm ?? 'kitgen')}`;
  return perRouteMiddleware((next) => async (request) => {
    const text = request.headers.get('authorization');
    const parsed = text === undefined ? undefined : Header.Authorization.parse(text);
    if (parsed === undefined || parsed.scheme !== 'Bearer') {
      return Response.fromHttpError(HttpError.of(HttpErrors.BEARER_AUTH_REQUIRED, [], { headers: { 'www-authenticate': `Bearer ${realm}` } }));
    }
    if (!(await verify(parsed.token, request))) {
      return Response.fromHttpError(HttpError.of(HttpErrors.BAD_TOKEN, [], { headers: { 'www-authenticate': `Bearer ${realm}, error="invalid_token"` } }));
    }
    return next(request);
  });
}
