import { STATUS_CODES } from 'node:http';
import { reasonPhrase } from '../http/HttpError.ts';

/**
 * The reason phrases where Node's table is older than RFC 9110 (413 "Payload Too Large" →
 * "Content Too Large", 422 "Unprocessable Entity" → "Unprocessable Content"), so the status
 * line says what the JSON body's `error` says. Computed once; other statuses keep Node's.
 */
const renamed: Readonly<Record<number, string>> = Object.fromEntries(
  Object.keys(STATUS_CODES)
    .map(Number)
    .map((status) => [status, reasonPhrase(status)] as const)
    .filter(([status, phrase]) => phrase !== 'Error' && phrase !== STATUS_CODES[status]),
);

/** The reason phrase to put on the status line when it differs from Node's own, else undefined. */
export function statusMessage(status: number): string | undefined {
  return renamed[status];
}
