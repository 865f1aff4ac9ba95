// Sends the same requests to both mocks and compares what each did with them: accepted (an answer
// under 400), refused (4xx) or failed (5xx, or no answer). Agreement is the same verdict.
import type { BenchRequest } from './requests.ts';

/** What a mock did with one request. */
export type Verdict = 'accepted' | 'refused' | 'failed';

/** One request's answers from both mocks. */
export interface Compared {
  readonly request: BenchRequest;
  readonly kitgen: { readonly status: number; readonly verdict: Verdict; readonly text: string };
  readonly prism: { readonly status: number; readonly verdict: Verdict; readonly text: string };
}

const verdictOf = (status: number): Verdict =>
  status === 0 || status >= 500 ? 'failed' : status >= 400 ? 'refused' : 'accepted';

async function send(base: string, r: BenchRequest): Promise<{ status: number; verdict: Verdict; text: string }> {
  try {
    const response = await fetch(base + r.path, {
      method: r.method,
      headers: r.headers,
      redirect: 'manual',
      // Prism never answers some requests (a body that is not JSON): 5 s is no answer.
      signal: AbortSignal.timeout(5_000),
      ...(r.body !== undefined ? { body: r.body } : {}),
    });
    const text = (await response.text()).slice(0, 300);
    return { status: response.status, verdict: verdictOf(response.status), text };
  } catch (error) {
    return { status: 0, verdict: 'failed', text: String((error as Error).message) };
  }
}

/** Each request sent to the kitgen mock, then to Prism, one at a time. */
export async function compare(
  kitgenUrl: string,
  prismUrl: string,
  requests: readonly BenchRequest[],
): Promise<Compared[]> {
  const out: Compared[] = [];
  for (const request of requests)
    out.push({ request, kitgen: await send(kitgenUrl, request), prism: await send(prismUrl, request) });
  return out;
}
