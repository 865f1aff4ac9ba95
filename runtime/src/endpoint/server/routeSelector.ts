import type { Request } from '../../http/Request.ts';
import { HttpError } from '../../http/HttpError.ts';
import { HttpErrors } from '../../errors/catalogue.ts';
import { badInput } from './decodeInput.ts';

/** A query parameter or header that tells operations of one method and path apart, and the text it must have (any when absent). */
export interface SelectorKey {
  readonly in: 'query' | 'header';
  readonly name: string;
  readonly value?: string;
}

/**
 * What picks one operation among several of the same method and path (AWS's documents write
 * them `/{Bucket}#cors`, `/{Bucket}/{Key}#uploadId`, `/#Action=Send`): the keys its requests
 * carry, and the keys of the other operations its requests never carry. S3's `GET /{Bucket}`
 * lists the bucket; `GET /{Bucket}?cors` reads its CORS rules instead, so the listing must not
 * take a request that names `cors`, whatever its value.
 */
export interface RouteSelector {
  readonly carries?: readonly SelectorKey[];
  readonly lacks?: readonly SelectorKey[];
  /**
   * Whether the request's path ends with `/`: set where a document declares `/x` and `/x/` as two
   * operations (peoplegeneratorapi), which the router, ignoring one trailing slash, would
   * otherwise give one route.
   */
  readonly slash?: boolean;
}

/** Whether a request's path ends with `/` (the root aside, which has no other spelling). */
const endsWithSlash = (request: Request): boolean => {
  const path = request.path;
  return path.length > 1 && path.endsWith('/');
};

const where = (k: SelectorKey): 'query parameter' | 'header' => (k.in === 'query' ? 'query parameter' : 'header');

function sent(request: Request, k: SelectorKey): string | undefined {
  return k.in === 'query'
    ? request.query.has(k.name)
      ? (request.query.get(k.name) ?? '')
      : undefined
    : request.headers.get(k.name);
}

/** Whether a request is the selector's: every key it carries there (with its value), none it lacks. */
export function selects(selector: RouteSelector): (request: Request) => boolean {
  const carries = selector.carries ?? [];
  const lacks = selector.lacks ?? [];
  const slash = selector.slash;
  return (request) => {
    if (slash !== undefined && endsWithSlash(request) !== slash) return false;
    for (const k of carries) {
      const v = sent(request, k);
      if (v === undefined || (k.value !== undefined && v !== k.value)) return false;
    }
    for (const k of lacks) if (sent(request, k) !== undefined) return false;
    return true;
  };
}

/**
 * The refusal of a request the selector does not take, naming the key: the route of a path
 * answers a request none of its operations takes with its first operation, and that operation's
 * handler must not run on a request that belongs to another, or to none. Undefined when the
 * request is the selector's.
 */
export function selectorRefusal(selector: RouteSelector, request: Request): HttpError | undefined {
  // The path's twin (with or without its trailing slash) is another operation's: this one has no such route.
  if (selector.slash !== undefined && endsWithSlash(request) !== selector.slash)
    return HttpError.of(HttpErrors.NOT_FOUND, []);
  for (const k of selector.carries ?? []) {
    const v = sent(request, k);
    if (v === undefined)
      return badInput(where(k), k.name, 'required but missing', k.value === undefined ? 'a value' : `'${k.value}'`);
    if (k.value !== undefined && v !== k.value)
      return badInput(where(k), k.name, `must be '${k.value}' (got '${v}')`, `'${k.value}'`);
  }
  for (const k of selector.lacks ?? []) {
    if (sent(request, k) !== undefined) {
      return badInput(
        where(k),
        k.name,
        'not taken by this operation: it selects another operation of the same method and path',
        'absent',
      );
    }
  }
  return undefined;
}
