import { Secret } from '../util/Secret.ts';
import { MediaType } from './MediaType.ts';
import type { Method } from './Method.ts';

/** A typed header: its wire name and the two directions between text and value. */
export interface HeaderType<A> {
  readonly name: string;
  /** Parses the wire text; undefined when it is not a valid value. */
  parse(text: string): A | undefined;
  /** Renders a value as wire text. */
  render(value: A): string;
}

function headerType<A>(name: string, parse: (t: string) => A | undefined, render: (v: A) => string): HeaderType<A> {
  return { name, parse, render };
}

/** `Authorization` values: Basic, Bearer, or another scheme left unparsed. */
export type Authorization =
  | { readonly scheme: 'Basic'; readonly username: string; readonly password: Secret }
  | { readonly scheme: 'Bearer'; readonly token: Secret }
  | { readonly scheme: 'Unparsed'; readonly authScheme: string; readonly params: Secret };

/** `Access-Control-Allow-Origin`: `*`, one origin, or `null`. */
export type AccessControlAllowOrigin = { readonly kind: 'All' } | { readonly kind: 'Specific'; readonly origin: string };

/** A list header that may also be `*` (Allow-Methods, Allow-Headers, Expose-Headers). */
export type WildcardList<A extends string> = { readonly kind: 'All' } | { readonly kind: 'Some'; readonly values: readonly A[] } | { readonly kind: 'None' };

function wildcardList<A extends string>(name: string): HeaderType<WildcardList<A>> {
  return headerType(
    name,
    (t) => {
      const trimmed = t.trim();
      if (trimmed === '*') return { kind: 'All' };
      const values = trimmed.split(',').map((s) => s.trim()).filter(Boolean) as A[];
      return values.length === 0 ? { kind: 'None' } : { kind: 'Some', values };
    },
    (v) => (v.kind === 'All' ? '*' : v.kind === 'None' ? '' : v.values.join(', ')),
  );
}

const wildcardBuilders = <A extends string>() => ({
  All: { kind: 'All' } as WildcardList<A>,
  None: { kind: 'None' } as WildcardList<A>,
  Some: (...values: A[]): WildcardList<A> => ({ kind: 'Some', values }),
});

/** Typed header values and their codecs, by header (the spec's `Header.*`). */
export const Header = {
  Authorization: {
    ...headerType<Authorization>(
      'authorization',
      (t) => {
        const sp = t.indexOf(' ');
        const scheme = sp < 0 ? t : t.slice(0, sp);
        const rest = sp < 0 ? '' : t.slice(sp + 1).trim();
        if (/^basic$/i.test(scheme)) {
          if (!/^[A-Za-z0-9+/]+=*$/.test(rest)) return undefined;
          const decoded = Buffer.from(rest, 'base64').toString('utf8');
          const colon = decoded.indexOf(':');
          if (colon < 0) return undefined;
          return { scheme: 'Basic', username: decoded.slice(0, colon), password: new Secret(decoded.slice(colon + 1)) };
        }
        if (/^bearer$/i.test(scheme)) {
          if (!rest) return undefined;
          return { scheme: 'Bearer', token: new Secret(rest) };
        }
        if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(scheme)) return undefined;
        return { scheme: 'Unparsed', authScheme: scheme, params: new Secret(rest) };
      },
      (v) =>
        v.scheme === 'Basic'
          ? `Basic ${Buffer.from(`${v.username}:${v.password.reveal()}`).toString('base64')}`
          : v.scheme === 'Bearer'
            ? `Bearer ${v.token.reveal()}`
            : `${v.authScheme} ${v.params.reveal()}`,
    ),
    /** Basic credentials. */
    Basic: (username: string, password: string | Secret): Authorization => ({
      scheme: 'Basic',
      username,
      password: typeof password === 'string' ? new Secret(password) : password,
    }),
    /** A bearer token. */
    Bearer: (token: string | Secret): Authorization => ({ scheme: 'Bearer', token: typeof token === 'string' ? new Secret(token) : token }),
  },
  ContentType: headerType<MediaType>('content-type', (t) => MediaType.parse(t), (v) => MediaType.render(v)),
  Accept: headerType<string>('accept', (t) => t, (v) => v),
  Location: headerType<string>('location', (t) => (t.length > 0 ? t : undefined), (v) => v),
  Date: headerType<Date>(
    'date',
    (t) => {
      const d = new Date(t);
      return Number.isNaN(d.getTime()) ? undefined : d;
    },
    (v) => v.toUTCString(),
  ),
  AccessControlAllowOrigin: {
    ...headerType<AccessControlAllowOrigin>(
      'access-control-allow-origin',
      (t) => (t.trim() === '*' ? { kind: 'All' } : t.trim() ? { kind: 'Specific', origin: t.trim() } : undefined),
      (v) => (v.kind === 'All' ? '*' : v.origin),
    ),
    All: { kind: 'All' } as AccessControlAllowOrigin,
    /** Names the one allowed origin (scheme://host[:port]). */
    Specific: (origin: string): AccessControlAllowOrigin => ({ kind: 'Specific', origin }),
  },
  AccessControlAllowMethods: { ...wildcardList<Method>('access-control-allow-methods'), ...wildcardBuilders<Method>() },
  AccessControlAllowHeaders: { ...wildcardList<string>('access-control-allow-headers'), ...wildcardBuilders<string>() },
  AccessControlExposeHeaders: { ...wildcardList<string>('access-control-expose-headers'), ...wildcardBuilders<string>() },
  AccessControlAllowCredentials: {
    ...headerType<boolean>('access-control-allow-credentials', (t) => t.trim() === 'true', (v) => (v ? 'true' : 'false')),
    Allow: true,
    DoNotAllow: false,
  },
  AccessControlMaxAge: headerType<number>(
    'access-control-max-age',
    (t) => (/^\d+$/.test(t.trim()) ? Number(t.trim()) : undefined),
    (v) => String(Math.floor(v)),
  ),
  AccessControlRequestMethod: headerType<string>('access-control-request-method', (t) => t.trim() || undefined, (v) => v),
  AccessControlRequestHeaders: headerType<string[]>(
    'access-control-request-headers',
    (t) => t.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean),
    (v) => v.join(', '),
  ),
  Origin: headerType<string>('origin', (t) => t.trim() || undefined, (v) => v),
} as const;
