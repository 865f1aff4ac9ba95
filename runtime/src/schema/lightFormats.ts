// The string formats the browser's validator engine (lightEngine.ts) checks itself: the date and
// time formats, as TypeBox's registry checks them (typebox/build/format/date.mjs, time.mjs,
// date_time.mjs, MIT: the same rules, so both engines give one verdict). Every other format
// TypeBox registers sends its schema to TypeBox's engine; formats it does not register pass.

/** The formats TypeBox's registry checks (a format not among them passes any string). */
export const registeredFormats: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'date-time',
  'date',
  'duration',
  'email',
  'hostname',
  'idn-email',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'iri-reference',
  'iri',
  'json-pointer-uri-fragment',
  'json-pointer',
  'regex',
  'relative-json-pointer',
  'time',
  'uri-reference',
  'uri-template',
  'uri',
  'url',
  'uuid',
]);

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
// The offset may leave out its colon (`-0700`) or its minutes (`+07`), and a date-time may have a
// space for its `T`: forms JSON Schema validators accept (ajv-formats, which Fastify uses) and
// published documents' own examples use.
const TIME = /^(\d\d):(\d\d):(\d\d)(?:\.\d+)?(?:([Zz])|([+-])(\d\d)(?::?(\d\d))?)?$/;
// RFC 9557's suffix (time zone name or offset in brackets, then tagged annotations).
const DATE_TIME_SUFFIX =
  /^(?:\[!?(?:(?!\.{1,2}[/\]])[A-Za-z._][A-Za-z._0-9+-]{0,13}(?:\/(?!\.{1,2}[/\]])[A-Za-z._][A-Za-z._0-9+-]{0,13})*|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])\](?:\[!?[a-z_][a-z_0-9-]*=[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\])*|(?:\[!?[a-z_][a-z_0-9-]*=[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\])*)$/;

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** RFC 3339 full-date: `2020-12-12`, the day within its month (generated checks import it). */
export function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const year = +m[1];
  const month = +m[2];
  const day = +m[3];
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : DAYS[month]);
}

/** RFC 3339 full-time with a required offset (its colon optional); a leap second only at 23:59:60 UTC (generated checks import it). */
export function isTime(value: string): boolean {
  const m = TIME.exec(value);
  if (!m || (!m[4] && !m[5])) return false;
  const hr = +m[1];
  const min = +m[2];
  const sec = +m[3];
  if (hr > 23 || min > 59 || sec > 60) return false;
  if (m[5] && (+m[6] > 23 || +m[7] > 59)) return false;
  if (sec < 60) return true;
  const sign = m[5] === '-' ? -1 : 1;
  const utcMinutes = hr * 60 + min - sign * (+(m[6] || 0) * 60 + +(m[7] || 0));
  return ((utcMinutes % 1440) + 1440) % 1440 === 1439;
}

/** RFC 3339 date-time (`T` or a space; the offset's colon optional), with an optional RFC 9557 suffix (generated checks import it). */
export function isDateTime(value: string): boolean {
  const index = value.indexOf('[');
  const dateTime = index === -1 ? value : value.slice(0, index);
  if (index !== -1 && !DATE_TIME_SUFFIX.test(value.slice(index))) return false;
  const split = dateTime.split(/[T ]/i);
  return split.length === 2 && isDate(split[0]) && isTime(split[1]);
}

/** The checks of the formats checked here, by name. */
export const lightFormats: Readonly<Record<string, (value: string) => boolean>> = {
  'date-time': isDateTime,
  date: isDate,
  time: isTime,
};
