import { Header } from '../../http/Header.ts';
import { HttpError } from '../../http/HttpError.ts';
import type { Request } from '../../http/Request.ts';
import { HttpErrors } from '../../errors/catalogue.ts';
import { challengeHeaders, type ApiKeyChallenge, type ChallengeScheme } from '../../errors/challenge.ts';
import { cookieValue } from './decodeInput.ts';

/**
 * One credential a security requirement needs: an `Authorization` header of a scheme (`Basic`,
 * `Bearer`), or an API key in a header, query parameter or cookie.
 */
export type Credential =
  { readonly scheme: ChallengeScheme } | { readonly in: 'header' | 'query' | 'cookie'; readonly name: string };

/**
 * What an operation's `security` requires, as OpenAPI says it: alternatives, any one of which
 * suffices, each a list of credentials that must all be present. A document's `{}` alternative
 * (anonymous calls allowed) is written by leaving the requirements out altogether.
 */
export type SecurityRequirements = ReadonlyArray<ReadonlyArray<Credential>>;

function present(request: Request, c: Credential): boolean {
  if ('scheme' in c) {
    const text = request.headers.get('authorization');
    return text !== undefined && Header.Authorization.parse(text)?.scheme === c.scheme;
  }
  if (c.in === 'header') return (request.headers.get(c.name) ?? '') !== '';
  if (c.in === 'query') return (request.query.get(c.name) ?? '') !== '';
  return (cookieValue(request.headers.get('cookie'), c.name) ?? '') !== '';
}

const describe = (c: Credential): string =>
  'scheme' in c ? `${c.scheme} credentials` : `${c.in === 'query' ? 'query parameter' : c.in} '${c.name}'`;

/**
 * A check that a request carries the credentials one of the alternatives needs — presence only:
 * whether they are valid is the handler's to decide. It throws the 401 naming what to send, with
 * a challenge for every alternative's credentials; undefined when nothing is required.
 */
export function securityCheck(
  requirements: SecurityRequirements | undefined,
): ((request: Request) => void) | undefined {
  if (requirements === undefined || requirements.length === 0 || requirements.some((r) => r.length === 0))
    return undefined;
  const challenges: Array<ChallengeScheme | ApiKeyChallenge> = [];
  for (const c of requirements.flat()) {
    const key = 'scheme' in c ? c.scheme : { in: c.in, name: c.name };
    if (!challenges.some((d) => JSON.stringify(d) === JSON.stringify(key))) challenges.push(key);
  }
  const what = [...new Set(requirements.map((r) => r.map(describe).join(' and ')))].join(', or ');
  const refusal = () =>
    HttpError.of(HttpErrors.CREDENTIALS_REQUIRED, [what], { headers: challengeHeaders(challenges) });
  return (request) => {
    for (const alternative of requirements) if (alternative.every((c) => present(request, c))) return;
    throw refusal();
  };
}
