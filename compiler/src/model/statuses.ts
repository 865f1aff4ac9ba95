import { runtimeRepresentative } from '../names/moduleNames.ts';
import type { RawResponse } from './bodies.ts';

/** A response with the status the runtime answers it with. */
export interface PlacedResponse extends RawResponse {
  readonly status: number;
}

/** An operation's responses split into outputs (1XX–3XX) and errors, each in status order. */
export interface PlacedResponses {
  readonly outputs: readonly PlacedResponse[];
  readonly errors: readonly PlacedResponse[];
}

const isSuccess = (key: string) => /^[123]/.test(key);

/** Status order: exact codes by number, then ranges, then default. */
function statusOrder(a: RawResponse, b: RawResponse): number {
  const rank = (k: string) => (k === 'default' ? 2 : /X/i.test(k) ? 1 : 0);
  return rank(a.key) - rank(b.key) || runtimeRepresentative(a.key) - runtimeRepresentative(b.key);
}

/**
 * Gives each response a status: its code, or for ranges (`4XX`) and `default` a representative
 * that no exact code of the operation uses (the runtime keys outputs by status), outputs first.
 */
export function placeStatuses(raw: readonly RawResponse[]): PlacedResponses {
  const taken = new Set(raw.filter((r) => /^\d{3}$/.test(r.key)).map((r) => Number(r.key)));
  const place = (r: RawResponse): PlacedResponse => {
    let status = runtimeRepresentative(r.key);
    if (!/^\d{3}$/.test(r.key)) {
      const base = r.key === 'default' ? 500 : status;
      for (status = base; taken.has(status) && status < base + 99; status++);
      taken.add(status);
    }
    return { ...r, status };
  };
  const sorted = [...raw].sort(statusOrder);
  return { outputs: sorted.filter((r) => isSuccess(r.key)).map(place), errors: sorted.filter((r) => !isSuccess(r.key)).map(place) };
}
