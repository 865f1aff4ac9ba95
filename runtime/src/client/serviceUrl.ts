import { ConfigErrors, configError } from '../errors/catalogue.ts';

/** Where `EndpointExecutor.make(serviceName)` looks for a service's base URL. */
export interface ServiceLookup {
  /** Base URLs by service name; checked first. */
  readonly services?: Readonly<Record<string, string>>;
  /** The environment to read `KITGEN_SERVICE_<NAME>_URL` from (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** The environment variable naming a service's base URL: `users-api` → `KITGEN_SERVICE_USERS_API_URL`. */
export function serviceEnvVar(serviceName: string): string {
  return `KITGEN_SERVICE_${serviceName.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_URL`;
}

/**
 * Resolves a service name to a base URL: an absolute http(s) URL is taken as it is, else the
 * `services` map, else the `KITGEN_SERVICE_<NAME>_URL` environment variable. Throws naming both.
 */
export function resolveServiceUrl(serviceName: string, lookup: ServiceLookup = {}): string {
  if (/^https?:\/\//i.test(serviceName)) return serviceName;
  const fromMap = lookup.services?.[serviceName];
  if (fromMap) return fromMap;
  const variable = serviceEnvVar(serviceName);
  // `process` is there on Node, Deno and Bun; a browser or a worker has no environment to read.
  const fromEnv = (lookup.env ??
    (globalThis as { process?: { env: Readonly<Record<string, string | undefined>> } }).process?.env)?.[variable];
  if (fromEnv) return fromEnv;
  throw configError(ConfigErrors.NO_BASE_URL, serviceName, variable);
}
