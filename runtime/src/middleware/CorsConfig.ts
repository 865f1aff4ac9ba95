import { Header, type AccessControlAllowOrigin, type WildcardList } from '../http/Header.ts';
import type { Method } from '../http/Method.ts';

/**
 * The spec's `CorsConfig`: what `Middleware.cors` allows. Each field holds the value of the
 * header it names; `allowedOrigin` maps the client's `Origin` to the allow-origin value, or to
 * undefined to refuse it (rule 4: no allow-origin value is given).
 */
export interface CorsConfig {
  /** The client origin → its `Access-Control-Allow-Origin`; undefined refuses. Default: `*` for all. */
  readonly allowedOrigin: (origin: string) => AccessControlAllowOrigin | undefined;
  /** `Access-Control-Allow-Methods`. Default: all (`*`). */
  readonly allowedMethods: WildcardList<Method>;
  /** `Access-Control-Allow-Headers`. Default: all (`*`). */
  readonly allowedHeaders: WildcardList<string>;
  /** `Access-Control-Allow-Credentials`. Default: allow. */
  readonly allowCredentials: boolean;
  /** `Access-Control-Expose-Headers`. Default: all (`*`). */
  readonly exposedHeaders: WildcardList<string>;
  /** `Access-Control-Max-Age` in seconds. Default: none. */
  readonly maxAge: number | undefined;
}

const defaults: CorsConfig = Object.freeze({
  allowedOrigin: () => Header.AccessControlAllowOrigin.All,
  allowedMethods: Header.AccessControlAllowMethods.All,
  allowedHeaders: Header.AccessControlAllowHeaders.All,
  allowCredentials: Header.AccessControlAllowCredentials.Allow,
  exposedHeaders: Header.AccessControlExposeHeaders.All,
  maxAge: undefined,
});

/** Builds a {@link CorsConfig}: the spec's defaults with the given fields replaced. */
export const CorsConfig = Object.assign(
  (fields: Partial<CorsConfig> = {}): CorsConfig => Object.freeze({ ...defaults, ...fields }),
  {
    /** The spec's defaults: every origin, method and header; credentials allowed; no max age. */
    default: defaults,
    /**
     * An `allowedOrigin` that accepts exactly these origins (scheme://host[:port], compared
     * case-insensitively on scheme and host) and refuses every other.
     */
    allowOrigins(...origins: string[]): (origin: string) => AccessControlAllowOrigin | undefined {
      const allowed = new Set(origins.map(normaliseOrigin));
      return (origin) =>
        allowed.has(normaliseOrigin(origin)) ? Header.AccessControlAllowOrigin.Specific(origin) : undefined;
    },
  },
);

// An origin is scheme + host + port (RFC 6454); scheme and host are case-insensitive.
function normaliseOrigin(origin: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/:]+|\[[^\]]+\])(:\d+)?$/i.exec(origin.trim());
  return m ? `${m[1].toLowerCase()}${m[2].toLowerCase()}${m[3] ?? ''}` : origin.trim();
}
