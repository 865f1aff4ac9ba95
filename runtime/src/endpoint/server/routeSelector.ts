import type { Request } from '../../http/Request.ts';
import { HttpError } from '../../http/HttpError.ts';
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
}

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
  return (request) => {
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
