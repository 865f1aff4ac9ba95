// The date-time format checked in the body's walk (plainChecks.ts). `isDateTime` splits the
// value and matches two regular expressions, about 1 µs a value; a request body holds several
// (the benchmark's order: three, 3 % of its whole decoding). The form nearly every value takes is
// read here character by character first, in ~0.1 µs, and only a value it does not take goes to
// `isDateTime`, so the verdict is `isDateTime`'s (codec-json-date-time-check.test.ts compares them).
// Kept apart from lightFormats.ts, which clients bundle: only the server's walk needs the speed.
import { isDateTime } from '../../schema/lightFormats.ts';

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** `isDateTime`'s verdict, the common form read without splitting or matching. */
export const isDateTimeQuickly = (value: string): boolean => isCommonDateTime(value) || isDateTime(value);

/** Two ASCII digits at `i` as a number, or -1. */
function twoDigits(text: string, i: number): number {
  const a = text.charCodeAt(i) - 48;
  const b = text.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * The form nearly every date-time takes (`2026-11-27T10:15:30.123Z`, `…+01:00`), read character by
 * character: true only for strings `isDateTime` accepts as well, false for any other (a leap
 * second, an offset without its colon, a suffix…), which `isDateTime` then decides.
 */
export function isCommonDateTime(v: string): boolean {
  const n = v.length;
  const t = v.charCodeAt(10);
  if (n < 20 || v.charCodeAt(4) !== 45 || v.charCodeAt(7) !== 45 || v.charCodeAt(13) !== 58 || v.charCodeAt(16) !== 58)
    return false;
  if (t !== 84 /* T */ && t !== 116 /* t */ && t !== 32) return false;
  const century = twoDigits(v, 0);
  const year = twoDigits(v, 2);
  const month = twoDigits(v, 5);
  const day = twoDigits(v, 8);
  const hour = twoDigits(v, 11);
  const minute = twoDigits(v, 14);
  const second = twoDigits(v, 17);
  if (century < 0 || year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23) return false;
  if (minute < 0 || minute > 59 || second < 0 || second > 59) return false;
  if (day > (month === 2 && isLeapYear(century * 100 + year) ? 29 : DAYS[month])) return false;
  let i = 19;
  if (v.charCodeAt(i) === 46 /* . */) {
    const start = ++i;
    while (i < n && v.charCodeAt(i) >= 48 && v.charCodeAt(i) <= 57) i++;
    if (i === start) return false;
  }
  const z = v.charCodeAt(i);
  if (z === 90 /* Z */ || z === 122 /* z */) return i + 1 === n;
  if ((z !== 43 /* + */ && z !== 45) /* - */ || i + 6 !== n || v.charCodeAt(i + 3) !== 58) return false;
  const offsetHour = twoDigits(v, i + 1);
  const offsetMinute = twoDigits(v, i + 4);
  return offsetHour >= 0 && offsetHour <= 23 && offsetMinute >= 0 && offsetMinute <= 59;
}
