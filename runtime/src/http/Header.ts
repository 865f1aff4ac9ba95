import { Secret } from '../util/Secret.ts';
import { MediaType } from './MediaType.ts';
import { fromBase64, toBase64 } from '../util/base64.ts';
import { latin1Text } from '../util/bytes.ts';
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
export type AccessControlAllowOrigin =
  { readonly kind: 'All' } | { readonly kind: 'Specific'; readonly origin: string };

/** A list header that may also be `*` (Allow-Methods, Allow-Headers, Expose-Headers). */
export type WildcardList<A extends string> =
  { readonly kind: 'All' } | { readonly kind: 'Some'; readonly values: readonly A[] } | { readonly kind: 'None' };

function wildcardList<A extends string>(name: string): HeaderType<WildcardList<A>> {
  return headerType(
    name,
    (t) => {
      const trimmed = t.trim();
      if (trimmed === '*') return { kind: 'All' };
      const values = trimmed
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean) as A[];
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

const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const token68 = /^[A-Za-z0-9._~+/-]+=*$/;
// Padded base64, or the same without its padding (some clients drop it).
const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf8Encoder = new TextEncoder();

/** RFC 9110 §11.6.2 credentials: `Basic` user:password, `Bearer` token68, or another scheme kept whole. */
function parseAuthorization(text: string): Authorization | undefined {
  const t = text.trim();
  const sp = t.search(/[ \t]/);
  const scheme = sp < 0 ? t : t.slice(0, sp);
  const rest = sp < 0 ? '' : t.slice(sp + 1).trim();
  if (!token.test(scheme)) return undefined;
  if (/^basic$/i.test(scheme)) {
    if (rest === '' || !base64.test(rest)) return undefined;
    const bytes = fromBase64(rest);
    let decoded: string;
    try {
      decoded = utf8.decode(bytes);
    } catch {
      decoded = latin1Text(bytes); // RFC 7617 leaves the charset open; older clients send Latin-1
    }
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    return { scheme: 'Basic', username: decoded.slice(0, colon), password: new Secret(decoded.slice(colon + 1)) };
  }
  if (/^bearer$/i.test(scheme)) {
    if (!token68.test(rest)) return undefined;
    return { scheme: 'Bearer', token: new Secret(rest) };
  }
  return { scheme: 'Unparsed', authScheme: scheme, params: new Secret(rest) };
}

function renderAuthorization(v: Authorization): string {
  if (v.scheme === 'Basic') return `Basic ${toBase64(utf8Encoder.encode(`${v.username}:${v.password.reveal()}`))}`;
  if (v.scheme === 'Bearer') return `Bearer ${v.token.reveal()}`;
  const params = v.params.reveal();
  return params === '' ? v.authScheme : `${v.authScheme} ${params}`;
}

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const imfFixdate = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) ([A-Za-z]{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const rfc850 =
  /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\d{2})-([A-Za-z]{3})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const asctime = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ([A-Za-z]{3}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

/**
 * An HTTP-date (RFC 9110 §5.6.7): IMF-fixdate, or the obsolete RFC 850 and asctime forms a
 * recipient must still accept. Anything else (including what `new Date` would guess at) is invalid.
 */
function parseHttpDate(text: string): Date | undefined {
  const t = text.trim();
  let fields: { day: string; mon: string; year: number; time: string[] };
  let r: RegExpExecArray | null;
  if ((r = imfFixdate.exec(t))) fields = { day: r[1], mon: r[2], year: Number(r[3]), time: r.slice(4, 7) };
  else if ((r = rfc850.exec(t))) {
    // A two-digit year more than 50 years ahead is in the past century (RFC 9110 §5.6.7).
    const yy = Number(r[3]);
    const year = 2000 + yy > new Date().getUTCFullYear() + 50 ? 1900 + yy : 2000 + yy;
    fields = { day: r[1], mon: r[2], year, time: r.slice(4, 7) };
  } else if ((r = asctime.exec(t))) fields = { day: r[2], mon: r[1], year: Number(r[6]), time: r.slice(3, 6) };
  else return undefined;
  const month = months.indexOf(fields.mon.toLowerCase());
  const day = Number(fields.day.trim());
  const [hh, mi, ss] = fields.time.map(Number);
  if (month < 0 || day < 1 || day > 31 || hh > 23 || mi > 59 || ss > 60) return undefined;
  const date = new Date(Date.UTC(fields.year, month, day, hh, mi, Math.min(ss, 59)));
  // Rejects 31 Feb and the like, which Date.UTC would roll over into March.
  return date.getUTCDate() === day ? date : undefined;
}

/** Typed header values and their codecs, by header (the spec's `Header.*`). */
export const Header = {
  Authorization: {
    ...headerType<Authorization>('authorization', parseAuthorization, renderAuthorization),
    /** Basic credentials; the user name cannot hold `:` (RFC 7617 §2), which would make them ambiguous. */
    Basic: (username: string, password: string | Secret): Authorization => {
      if (username.includes(':')) throw new TypeError('Header.Authorization.Basic: the user name must not contain ":"');
      return { scheme: 'Basic', username, password: typeof password === 'string' ? new Secret(password) : password };
    },
    /** A bearer token (RFC 6750 `b64token` syntax). */
    Bearer: (token: string | Secret): Authorization => ({
      scheme: 'Bearer',
      token: typeof token === 'string' ? new Secret(token) : token,
    }),
  },
  ContentType: headerType<MediaType>(
    'content-type',
    (t) => MediaType.parse(t),
    (v) => MediaType.render(v),
  ),
  Accept: headerType<string>(
    'accept',
    (t) => t,
    (v) => v,
  ),
  Location: headerType<string>(
    'location',
    (t) => (t.length > 0 ? t : undefined),
    (v) => v,
  ),
  Date: headerType<Date>('date', parseHttpDate, (v) => v.toUTCString()),
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
  AccessControlExposeHeaders: {
    ...wildcardList<string>('access-control-expose-headers'),
    ...wildcardBuilders<string>(),
  },
  AccessControlAllowCredentials: {
    ...headerType<boolean>(
      'access-control-allow-credentials',
      (t) => (t.trim().toLowerCase() === 'true' ? true : t.trim().toLowerCase() === 'false' ? false : undefined),
      (v) => (v ? 'true' : 'false'),
    ),
    Allow: true,
    DoNotAllow: false,
  },
  AccessControlMaxAge: headerType<number>(
    'access-control-max-age',
    (t) => (/^\d+$/.test(t.trim()) ? Number(t.trim()) : undefined),
    (v) => String(Math.floor(v)),
  ),
  AccessControlRequestMethod: headerType<string>(
    'access-control-request-method',
    (t) => t.trim() || undefined,
    (v) => v,
  ),
  AccessControlRequestHeaders: headerType<string[]>(
    'access-control-request-headers',
    (t) =>
      t
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    (v) => v.join(', '),
  ),
  Origin: headerType<string>(
    'origin',
    (t) => t.trim() || undefined,
    (v) => v,
  ),
} as const;
