import { DecodeError } from '../../errors/DecodeError.ts';
import { HttpError } from '../../http/HttpError.ts';
import { HttpErrors } from '../../errors/catalogue.ts';
import { reasonPhrase } from '../../errors/errorBody.ts';
import { isRefusalStatus } from '../../errors/refusalStatuses.ts';

/**
 * One of the runtime's own refusals of a request an endpoint matched (400 bad parameter or body,
 * 401 missing credentials, 413, 415 …), as a `mapError` sees it: the status the runtime answers,
 * its catalogue code (errors/catalogue.ts) and message, and where the request was wrong.
 */
export interface RuntimeFailure {
  /** The status of the runtime's answer (a 4xx). */
  readonly status: number;
  /** The catalogue code, `KITGEN_ERR_*` (`KITGEN_ERR_BAD_BODY` for a body that does not decode). */
  readonly code: string;
  /** The reason phrase of `status`, e.g. `Bad Request` (the default body's `error`). */
  readonly error: string;
  /** The message of the default body, naming the input and what was expected. */
  readonly message: string;
  /** The parameter that failed (`petId`), when one did. */
  readonly parameter?: string;
  /** Where that parameter is: `path`, `query`, `header`, `cookie`. */
  readonly in?: string;
  /** A JSON pointer into the body (`/age`), when the body failed. */
  readonly pointer?: string;
  /** What was expected there. */
  readonly expected?: string;
  /** Response headers the runtime's answer carries (`WWW-Authenticate` on a 401); kept on the mapped answer. */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Maps a {@link RuntimeFailure} to a value of the endpoint's declared error type `E` (its
 * `outError`s), which is then encoded as that declared error; `undefined` keeps the default body.
 */
export type ErrorMapper<E> = (failure: RuntimeFailure) => E | undefined;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * The failure a thrown {@link HttpError} of a refusal status (errors/refusalStatuses.ts: 400, 401,
 * 413, 415) or a {@link DecodeError} stands for; undefined for anything else (a 404 or 406 keeps
 * the runtime's answer, 500s stay bare).
 */
export function runtimeFailureOf(error: unknown): RuntimeFailure | undefined {
  if (error instanceof DecodeError) {
    return {
      status: HttpErrors.BAD_BODY.status,
      code: HttpErrors.BAD_BODY.code,
      error: reasonPhrase(HttpErrors.BAD_BODY.status),
      message: error.message,
      ...(error.pointer ? { pointer: error.pointer } : {}),
      ...(error.expected ? { expected: error.expected } : {}),
      headers: {},
    };
  }
  if (!(error instanceof HttpError) || !isRefusalStatus(error.status)) return undefined;
  const d = error.details ?? {};
  const parameter = text(d.parameter);
  const where = text(d.in);
  const pointer = text(d.pointer);
  const expected = text(d.expected);
  return {
    status: error.status,
    code: error.code ?? 'KITGEN_ERR_HTTP',
    error: reasonPhrase(error.status),
    message: error.message,
    ...(parameter ? { parameter } : {}),
    ...(where ? { in: where } : {}),
    ...(pointer ? { pointer } : {}),
    ...(expected ? { expected } : {}),
    headers: error.headers ?? {},
  };
}
