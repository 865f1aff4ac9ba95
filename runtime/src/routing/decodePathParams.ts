import { Response } from '../http/Response.ts';
import { Status } from '../http/Status.ts';
import type { PathCodec } from './PathCodec.ts';

/**
 * The matched segment texts decoded by the route's path codecs, or the 400 answer naming the
 * first parameter that does not decode (the path matched; only the value is wrong).
 */
export function decodePathParams(codecs: ReadonlyArray<PathCodec<unknown>>, texts: readonly string[]): unknown[] | Response {
  const params: unknown[] = new Array(codecs.length);
  for (let i = 0; i < codecs.length; i++) {
    const codec = codecs[i];
    const text = texts[i] ?? '';
    const value = codec.decode(text);
    if (value === undefined) {
      return Response.json(
        { error: 'Bad Request', message: `path parameter '${codec.name}': expected ${codec.expected}, got '${text}'`, parameter: codec.name, expected: codec.expected },
        Status.BadRequest,
      );
    }
    params[i] = value;
  }
  return params;
}
