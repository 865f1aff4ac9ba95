import { readFile } from 'node:fs/promises';
import { CompileError } from '../diagnostics/index.ts';

/** How long reading a document from a URL may take (`KITGEN_FETCH_TIMEOUT_MS` overrides). */
export const defaultFetchTimeoutMs = 30_000;

/** True when the input names an http(s) URL rather than a file. */
export function isUrl(input: string): boolean {
  return /^https?:\/\//i.test(input);
}

/** True for an http(s) URL on this machine or a private network (loopback, 10/8, 172.16/12, 192.168/16, link-local). */
export function isLocalUrl(input: string): boolean {
  if (!isUrl(input)) return false;
  const host = new URL(input).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^(127|10)\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    /^169\.254\./.test(host) ||
    /^f[cd][0-9a-f]{2}:/.test(host) ||
    /^fe80:/.test(host)
  );
}

function fail(file: string, message: string): never {
  throw new CompileError([{ severity: 'error', file, message }]);
}

/** The fetch timeout in milliseconds: the environment's when it is a positive number. */
export function fetchTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.KITGEN_FETCH_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : defaultFetchTimeoutMs;
}

/** Reads a document from a URL: a 2xx answer's text, else one error saying what happened and what to check. */
async function fetchText(url: string, timeoutMs: number): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json, application/yaml, text/yaml, */*' },
    });
  } catch (error) {
    const e = error as Error & { cause?: NodeJS.ErrnoException };
    if (e.name === 'TimeoutError')
      fail(
        url,
        `no answer within ${timeoutMs / 1000} s; check the URL, or raise KITGEN_FETCH_TIMEOUT_MS (milliseconds)`,
      );
    const cause = e.cause?.code ?? e.cause?.message ?? e.message;
    fail(url, `cannot fetch the document (${cause}); check the URL and that the server is up`);
  }
  if (!response.ok)
    fail(
      url,
      `cannot fetch the document: the server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
    );
  try {
    return await response.text();
  } catch (error) {
    fail(url, `cannot fetch the document: the answer broke off (${(error as Error).message})`);
  }
}

/** The text of an input document: a file's, or a URL's (with {@link fetchTimeoutMs}); failures are diagnostics naming it. */
export async function readSource(input: string): Promise<string> {
  if (isUrl(input)) return fetchText(input, fetchTimeoutMs());
  try {
    return await readFile(input, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    fail(
      input,
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory, not a file'
          : `cannot read: ${(error as Error).message}`,
    );
  }
}
