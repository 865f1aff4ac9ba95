import type { ClientCredentials } from '../client/encodeRequest.ts';
import { UsageError } from './endpointCommand.ts';

/** Where a command-line app calls and how it authenticates, as its options say (before the environment). */
export interface CliTarget {
  readonly scheme?: 'http' | 'https';
  readonly host: string;
  readonly port: number;
  /** A path prefix the API is served under (`/v1`). */
  readonly basePath?: string;
  /** The prefix of the app's environment variables (`PETS` reads `PETS_BASE_URL`, `PETS_TOKEN`, `PETS_USER`). */
  readonly envPrefix?: string;
}

/** The environment variables an app reads, by what they hold. */
export function envNames(target: CliTarget): { baseUrl?: string; token?: string; user?: string } {
  const p = target.envPrefix;
  return p === undefined || p === '' ? {} : { baseUrl: `${p}_BASE_URL`, token: `${p}_TOKEN`, user: `${p}_USER` };
}

function hostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The base URL the options give (scheme, host, port, base path). */
export function defaultBaseUrl(target: CliTarget): string {
  const path = (target.basePath ?? '').replace(/\/+$/, '');
  return `${target.scheme ?? 'http'}://${hostForUrl(target.host)}:${target.port}${path === '' || path.startsWith('/') ? path : `/${path}`}`;
}

/** Checks a base URL (scheme, host, port, path) and names `source` when it is not one. */
function checkedUrl(text: string, source: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(
      `${source}: expected a base URL such as https://api.example.com/v1, got ${JSON.stringify(text)}`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${source}: expected an http or https URL, got ${JSON.stringify(text)}`);
  if (url.search !== '' || url.hash !== '')
    throw new UsageError(`${source}: a base URL has no query or fragment, got ${JSON.stringify(text)}`);
  return url.href.replace(/\/+$/, '');
}

/**
 * The base URL a call goes to: `--base-url`, else `<PREFIX>_BASE_URL`, else `KITGEN_CLI_HOST` /
 * `KITGEN_CLI_PORT` over the options' scheme and base path (kept for scripts written for them),
 * else the options. A value that is not a URL or a port is a usage error naming where it came
 * from, before anything is sent.
 */
export function resolveBaseUrl(target: CliTarget, env: NodeJS.ProcessEnv, flag: string | undefined): string {
  if (flag !== undefined) return checkedUrl(flag, '--base-url');
  const name = envNames(target).baseUrl;
  if (name !== undefined && env[name] !== undefined && env[name] !== '') return checkedUrl(env[name]!, name);
  const host = env.KITGEN_CLI_HOST !== undefined && env.KITGEN_CLI_HOST !== '' ? env.KITGEN_CLI_HOST : target.host;
  let port = target.port;
  const portText = env.KITGEN_CLI_PORT;
  if (portText !== undefined && portText !== '') {
    port = Number(portText);
    if (!/^\d+$/.test(portText.trim()) || port < 1 || port > 65535)
      throw new UsageError(`KITGEN_CLI_PORT: expected a port number 1-65535, got ${JSON.stringify(portText)}`);
  }
  return checkedUrl(
    defaultBaseUrl({ ...target, host, port }),
    host !== target.host ? 'KITGEN_CLI_HOST' : 'the base URL',
  );
}

/**
 * Credentials from the environment for an endpoint that needs them and got none on the command
 * line (`<PREFIX>_TOKEN` for Bearer, `<PREFIX>_USER` as `name:password` for Basic): tokens stay
 * out of shell history and `ps`. None anywhere is a usage error naming the variable and the option.
 */
export function credentialsFromEnv(
  authType: string,
  target: CliTarget,
  env: NodeJS.ProcessEnv,
  what: string,
): ClientCredentials | undefined {
  const names = envNames(target);
  if (authType === 'Bearer') {
    const token = names.token !== undefined ? env[names.token] : undefined;
    if (token !== undefined && token !== '') return { bearer: token };
    throw new UsageError(
      `${what} needs a bearer token: ${names.token !== undefined ? `set ${names.token} (or give --token)` : 'give --token'}`,
    );
  }
  if (authType === 'Basic') {
    const user = names.user !== undefined ? env[names.user] : undefined;
    if (user !== undefined && user !== '') {
      const colon = user.indexOf(':');
      if (colon < 0) throw new UsageError(`${names.user}: expected name:password`);
      return { basic: { username: user.slice(0, colon), password: user.slice(colon + 1) } };
    }
    throw new UsageError(
      `${what} needs a user name and password: ${names.user !== undefined ? `set ${names.user}=name:password (or give --user)` : 'give --user name:password'}`,
    );
  }
  return undefined;
}
