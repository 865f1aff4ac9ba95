import type { RawResponse } from './bodies.ts';

/** A response with a status the runtime can answer it with (a sample status for a range or default). */
export interface PlacedResponse extends RawResponse {
  readonly status: number;
}

/** An operation's responses split into outputs (1XX–3XX) and errors, each in status order. */
export interface PlacedResponses {
  readonly outputs: readonly PlacedResponse[];
  readonly errors: readonly PlacedResponse[];
}

const isSuccess = (key: string) => /^[123]/.test(key);
const isCode = (key: string) => /^\d{3}$/.test(key);

/** Status order: exact codes by number, then ranges, then default. */
function statusOrder(a: RawResponse, b: RawResponse): number {
  const rank = (k: string) => (k === 'default' ? 2 : isCode(k) ? 0 : 1);
  return rank(a.key) - rank(b.key) || a.key.localeCompare(b.key);
}

/**
 * The statuses a key covers among its side's responses, by OpenAPI's rule: a code itself, a
 * range (`4XX`) its hundred less the codes declared alone, `default` every status of its side
 * (200–399 for outputs, 400–599 for errors) no other key covers. The runtime's `Responses.of`
 * applies the same rule (statusCovered), and the generated types spell it out.
 */
export function coveredStatuses(key: string, keys: readonly string[], side: 'outputs' | 'errors'): number[] {
  if (isCode(key)) return [Number(key)];
  const codes = new Set(keys.filter(isCode).map(Number));
  const ranges = new Set(keys.filter((k) => k !== key && !isCode(k) && k !== 'default').map((k) => k[0]));
  const [from, to] =
    key === 'default'
      ? side === 'outputs'
        ? [200, 399]
        : [400, 599]
      : [Number(key[0]) * 100, Number(key[0]) * 100 + 99];
  const out: number[] = [];
  for (let s = from; s <= to; s++) if (!codes.has(s) && !(key === 'default' && ranges.has(String(s)[0]))) out.push(s);
  return out;
}

/**
 * Splits responses into outputs and errors, each in status order, and gives each a status it
 * can be answered with: its code, or the first status a range or `default` covers. An operation
 * declaring no success response answers its successes by `default` too (OpenAPI's "any other
 * status"), so `default` goes on both sides then.
 */
export function placeStatuses(raw: readonly RawResponse[]): PlacedResponses {
  const normal = raw.map((r) => (isCode(r.key) || r.key === 'default' ? r : { ...r, key: r.key.toUpperCase() }));
  const sorted = [...normal].sort(statusOrder);
  const outputs = sorted.filter((r) => isSuccess(r.key));
  const fallback = outputs.length === 0 ? sorted.find((r) => r.key === 'default') : undefined;
  const side = (list: readonly RawResponse[], name: 'outputs' | 'errors'): PlacedResponse[] => {
    const keys = list.map((r) => r.key);
    return list.flatMap((r) => {
      const status = coveredStatuses(r.key, keys, name)[0];
      return status === undefined ? [] : [{ ...r, status }];
    });
  };
  return {
    outputs: side(fallback ? [fallback] : outputs, 'outputs'),
    errors: side(
      sorted.filter((r) => !isSuccess(r.key)),
      'errors',
    ),
  };
}
