import { HttpError } from '../http/HttpError.ts';
import type { PathCodec } from './PathCodec.ts';
import { HttpErrors } from '../errors/catalogue.ts';

/**
 * The one path-parameter decoder (plain routes, endpoints and WebSocket routes alike): the
 * matched segment texts decoded by the route's path codecs, or the 400 naming the first
 * parameter that does not decode (the path matched; only the value is wrong). The error is
 * returned, not thrown: a bad parameter is an expected answer and throwing costs on this path.
 */
export function decodePathParams(
  codecs: ReadonlyArray<PathCodec<unknown>>,
  texts: readonly string[],
): unknown[] | HttpError {
  const params: unknown[] = new Array(codecs.length);
  for (let i = 0; i < codecs.length; i++) {
    const codec = codecs[i];
    const text = texts[i] ?? '';
    const value = codec.decode(text);
    if (value === undefined) {
      return HttpError.of(HttpErrors.BAD_PATH_PARAMETER, [codec.name, codec.expected, text], {
        details: { in: 'path', parameter: codec.name, expected: codec.expected },
      });
    }
    params[i] = value;
  }
  return params;
}
