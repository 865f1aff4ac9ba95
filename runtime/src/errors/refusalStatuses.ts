// Which of the runtime's own answers to a request an endpoint matched are "refusals" an
// application may reshape (`mapError`) into the error its document declares: bad input (400),
// missing credentials (401), too large (413), unsupported media type (415). The compiler's
// declared-error mappers are generated for exactly these (compiler/src/model/declaredErrors.ts
// mirrors the list; a test holds the two equal).

/** The statuses of the runtime's own refusals of a matched request, ascending. */
export const refusalStatuses: readonly number[] = Object.freeze([400, 401, 413, 415]);

/** True when the runtime refuses a matched request with `status` by itself (see {@link refusalStatuses}). */
export function isRefusalStatus(status: number): boolean {
  return status === 400 || status === 401 || status === 413 || status === 415;
}
