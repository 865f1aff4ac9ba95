import { HttpError } from '../http/HttpError.ts';
import type { PathCodec } from './PathCodec.ts';
import { HttpErrors } from '../errors/catalogue.ts';

/**
 * The one path-parameter decoder (plain routes, endpoints and WebSocket routes alike): the
 * matched segment texts decoded by the route's path codecs, or the 400 naming the first
 * parameter that does not decode (the path matched; only the value is wrong). The error is
 * returned, not thrown: a bad parameter is an expected answer and throwing costs on this path.
 * A codec the route holds twice must read the same text in both places.
 */
export function decodePathParams(
  codecs: ReadonlyArray<PathCodec<unknown>>,
  texts: readonly string[],
): unknown[] | HttpError {
  const params: unknown[] = new Array(codecs.length);
  for (let i = 0; i < codecs.length; i++) {
    const codec = codecs[i];
    const text = texts[i] ?? '';
    // One parameter in two places is one value: the request's two texts must agree, or the
    // 400 names the parameter rather than serve one place's value and drop the other's.
    const first = codecs.indexOf(codec);
    if (first < i && texts[first] !== text) {
      return HttpError.of(HttpErrors.PATH_PARAMETER_MISMATCH, [codec.name, texts[first] ?? '', text], {
        details: { in: 'path', parameter: codec.name, expected: codec.expected },
      });
    }
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
