/** A class of statuses as OpenAPI keys responses by it (`4XX`: every code 400–499). */
export type StatusRange = '1XX' | '2XX' | '3XX' | '4XX' | '5XX';

/** A response key that covers more than one status: a {@link StatusRange}, or `default`. */
export type StatusKey = StatusRange | 'default';

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/**
 * The status codes of a range as a union of number literals: `StatusIn<'4XX'>` is
 * `400 | 401 | … | 499`. Generated types answer a `4XX` response with it (minus codes the
 * operation declares on their own), so a handler may answer 404 or 422 under `4XX`.
 */
export type StatusIn<R extends StatusRange> = R extends `${infer D extends Digit}XX`
  ? `${D}${Digit}${Digit}` extends `${infer N extends number}`
    ? N
    : never
  : never;

/** True when `key` names a range or `default` rather than one status. */
export function isStatusKey(key: string): key is StatusKey {
  return key === 'default' || /^[1-5]XX$/.test(key);
}

/**
 * Whether a response keyed `key` covers `status` (OpenAPI's rule: a range covers its hundred,
 * `default` every status not declared otherwise), given the other keys of the same responses.
 * `default` covers the success side (200–399) in outputs and the failure side (400–599) in
 * errors: kitgen keeps answers and failures apart, so a default never turns one into the other.
 */
export function statusCovered(
  key: string,
  status: number,
  others: readonly string[],
  side: 'outputs' | 'errors',
): boolean {
  if (!Number.isInteger(status) || status < 100 || status > 599) return false;
  const hundred = `${Math.floor(status / 100)}XX`;
  if (/^\d{3}$/.test(key)) return Number(key) === status;
  if (others.includes(String(status))) return false;
  if (key !== 'default') return key.toUpperCase() === hundred;
  if (others.some((o) => o.toUpperCase() === hundred)) return false;
  return side === 'outputs' ? status >= 200 && status < 400 : status >= 400;
}
