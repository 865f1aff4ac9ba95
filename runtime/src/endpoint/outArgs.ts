import type { Status } from '../http/Status.ts';
import type { Doc } from './Doc.ts';
import type { ContentOptions } from './HttpCodec.ts';

/** What may follow an output's schema: a status, a media type or doc after it, or the options whole. */
export type OutArgs =
  | []
  | [status: Status]
  | [status: Status, mediaType: string]
  | [status: Status, doc: Doc]
  | [options: ContentOptions]
  | [doc: Doc];

/** The content options an `out` call's arguments spell. */
export function contentOptions(args: OutArgs): ContentOptions {
  const [a, b] = args;
  if (a === undefined) return {};
  if (typeof a === 'number') {
    if (b === undefined) return { status: a };
    return typeof b === 'string' ? { status: a, mediaType: b } : { status: a, doc: b };
  }
  if ((a as Doc)._tag === 'Doc') return { doc: a as Doc };
  return a as ContentOptions;
}
