import { Header } from '../http/Header.ts';
import { HttpError } from '../http/HttpError.ts';
import type { Request } from '../http/Request.ts';
import { Response } from '../http/Response.ts';
import { Secret } from '../util/Secret.ts';
import { constantTimeEquals } from './constantTime.ts';
import { challengeHeaders, defaultRealm } from '../errors/challenge.ts';
import { perRouteMiddleware } from './core.ts';
import type { Middleware } from './core.ts';
import { ConfigErrors, HttpErrors, configError } from '../errors/catalogue.ts';

/** Credentials of a Basic `Authorization` header; the password stays a {@link Secret}. */
export interface BasicCredentials {
  readonly username: string;
  readonly password: Secret;
}

/** Decides whether credentials are valid; compare secrets with `Secret#equals` (constant time). */
export type BasicVerifier = (credentials: BasicCredentials, request: Request) => boolean | Promise<boolean>;

/** Options of {@link basicAuth}. */
export interface BasicAuthOptions {
  /** The protection space named in `WWW-Authenticate` (default "kitgen"). */
  readonly realm?: string;
}

/**
 * The spec's `Middleware.basicAuth(user, password)`: wrapped routes require these Basic
 * credentials. Missing or wrong credentials answer 401 with `WWW-Authenticate: Basic realm=…`
 * and the handler is not called. User and password are both compared in constant time.
 */
export function basicAuth(user: string, password: string | Secret, options?: BasicAuthOptions): Middleware;
/** Basic authentication decided by a function (a user store, a password hash check, …). */
export function basicAuth(verify: BasicVerifier, options?: BasicAuthOptions): Middleware;
export function basicAuth(
  first: string | BasicVerifier,
  second?: string | Secret | BasicAuthOptions,
  third?: BasicAuthOptions,
): Middleware {
  let verify: BasicVerifier;
  let options: BasicAuthOptions;
  if (typeof first === 'string') {
    if (typeof second !== 'string' && !(second instanceof Secret))
      throw configError(ConfigErrors.BAD_BASIC_AUTH_PASSWORD);
    const password = second;
    verify = (c) => {
      // Both comparisons run, so the time does not tell whether the user name was right.
      const userOk = constantTimeEquals(c.username, first);
      const passwordOk = constantTimeEquals(c.password, password);
      return userOk && passwordOk;
    };
    options = third ?? {};
  } else {
    verify = first;
    options = (second as BasicAuthOptions | undefined) ?? {};
  }
  const challenge = { headers: challengeHeaders(['Basic'], options.realm ?? defaultRealm) };
  return perRouteMiddleware((next) => async (request) => {
    const text = request.headers.get('authorization');
    const parsed = text === undefined ? undefined : Header.Authorization.parse(text);
    if (parsed === undefined || parsed.scheme !== 'Basic') {
      return Response.fromHttpError(
        text === undefined
          ? HttpError.of(HttpErrors.AUTH_REQUIRED, [], challenge)
          : HttpError.of(HttpErrors.WRONG_AUTH_SCHEME, ['Basic'], challenge),
      );
    }
    const ok = await verify({ username: parsed.username, password: parsed.password }, request);
    if (!ok) return Response.fromHttpError(HttpError.of(HttpErrors.BAD_CREDENTIALS, [], challenge));
    return next(request);
  });
}
