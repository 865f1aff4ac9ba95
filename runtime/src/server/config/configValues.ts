import { isAbsolute, resolve } from 'node:path';
import { Duration } from '../../util/Duration.ts';
import { Secret } from '../../util/Secret.ts';

/** Result of reading one configuration value: the value, or the form that was expected. */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly expected: string };

/** Reads one raw value (a string from the environment, or any JSON/YAML value from a file). */
export interface ValueReader<T> {
  /** How the expected form is described in errors and in the README, e.g. `true or false`. */
  readonly expected: string;
  /** True when the raw value must never be echoed (passwords). */
  readonly secret?: boolean;
  read(raw: unknown, baseDir: string | undefined): Parsed<T>;
}

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });

function reader<T>(
  expected: string,
  read: (raw: unknown, baseDir: string | undefined) => T | undefined,
  secret = false,
): ValueReader<T> {
  return {
    expected,
    secret,
    read: (raw, baseDir) => {
      const value = read(raw, baseDir);
      return value === undefined ? { ok: false, expected } : ok(value);
    },
  };
}

/** Text of a scalar: strings trimmed, numbers and booleans as written; undefined for lists and sections. */
function scalarText(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw.trim();
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  return undefined;
}

function integer(raw: unknown): number | undefined {
  const text = scalarText(raw);
  if (text === undefined || !/^-?\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** An integer within [min, max]. */
export function intIn(min: number, max: number, expected: string): ValueReader<number> {
  return reader(expected, (raw) => {
    const n = integer(raw);
    return n !== undefined && n >= min && n <= max ? n : undefined;
  });
}

/** `true` or `false` (any case; YAML and JSON booleans too). */
export const bool: ValueReader<boolean> = reader('true or false', (raw) => {
  const text = scalarText(raw)?.toLowerCase();
  return text === 'true' ? true : text === 'false' ? false : undefined;
});

/** A TCP port. */
export const port: ValueReader<number> = intIn(0, 65535, 'a port number 0-65535');

/** A host name or IP address to bind. */
export const host: ValueReader<string> = reader('a host name or IP address, e.g. 0.0.0.0 or ::1', (raw) => {
  const text = scalarText(raw);
  return text !== undefined && text !== '' && !/[\s/]/.test(text) ? text : undefined;
});

const sizeUnits: Record<string, number> = {
  '': 1,
  b: 1,
  kb: 1000,
  mb: 1_000_000,
  gb: 1_000_000_000,
  k: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gib: 1024 ** 3,
};

/** A size in bytes: a whole number, optionally with a unit (`512KiB`, `1MiB`, `2MB`; `k`/`m`/`g` are binary). */
export const size: ValueReader<number> = reader('a size in bytes such as 1048576, 512KiB or 1MiB', (raw) => {
  const m = /^(\d+)\s*([a-z]*)$/i.exec(scalarText(raw) ?? '');
  const factor = m ? sizeUnits[m[2].toLowerCase()] : undefined;
  if (!m || factor === undefined) return undefined;
  const n = Number(m[1]) * factor;
  return Number.isSafeInteger(n) ? n : undefined;
});

/** A size in bytes within [min, max]. */
export function sizeIn(min: number, max: number, expected: string): ValueReader<number> {
  return reader(expected, (raw, baseDir) => {
    const parsed = size.read(raw, baseDir);
    return parsed.ok && parsed.value >= min && parsed.value <= max ? parsed.value : undefined;
  });
}

/** A duration: `500ms`, `2s`, `1.5m`, `1h`, or a number of milliseconds. */
export const duration: ValueReader<Duration> = reader('a duration such as 500ms, 2s, 1m or 1h', (raw) => {
  const text = scalarText(raw);
  return text === undefined ? undefined : Duration.parse(text);
});

/** A duration above zero, or `none` / `off` for no limit (lets the environment undo a file's setting). */
export const optionalDuration: ValueReader<Duration | null> = reader(
  'a duration above zero such as 500ms, 2s, 1m or 1h, or none',
  (raw) => {
    const text = scalarText(raw);
    if (text === undefined) return undefined;
    if (/^(none|off)$/i.test(text)) return null;
    const d = Duration.parse(text);
    return d !== undefined && d > 0 ? d : undefined;
  },
);

/** A duration above zero (no `none`: a limit that must stay on). */
export const positiveDuration: ValueReader<Duration> = reader(
  'a duration above zero such as 500ms, 2s, 1m or 1h',
  (raw) => {
    const text = scalarText(raw);
    const d = text === undefined ? undefined : Duration.parse(text);
    return d !== undefined && d > 0 ? d : undefined;
  },
);

/** An integer within [min, max], or `none` / `off` (null) for no limit. */
export function optionalInt(min: number, max: number, expected: string): ValueReader<number | null> {
  const within = intIn(min, max, expected);
  return reader(expected, (raw, baseDir) => {
    if (/^(none|off)$/i.test(scalarText(raw) ?? '')) return null;
    const parsed = within.read(raw, baseDir);
    return parsed.ok ? parsed.value : undefined;
  });
}

/** One of a fixed set of words (any case); maps each word to a value. */
export function oneOf<T>(words: Readonly<Record<string, T>>): ValueReader<T> {
  const names = Object.keys(words);
  const expected = names.length === 2 ? `${names[0]} or ${names[1]}` : `one of ${names.join(', ')}`;
  return reader(expected, (raw) => {
    const text = scalarText(raw)?.toLowerCase();
    return text !== undefined && Object.hasOwn(words, text) ? words[text] : undefined;
  });
}

/** Non-empty text. */
export const text: ValueReader<string> = reader('a non-empty text', (raw) => {
  const t = scalarText(raw);
  return t ? t : undefined;
});

/** A file path; relative paths in a config file are taken from the file's folder. */
export const path: ValueReader<string> = reader('a file path', (raw, baseDir) => {
  const t = scalarText(raw);
  if (!t) return undefined;
  return baseDir !== undefined && !isAbsolute(t) ? resolve(baseDir, t) : t;
});

/** A password; its value never appears in an error. */
export const secret: ValueReader<Secret> = reader(
  'a non-empty password',
  (raw) => {
    const t = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : undefined;
    return t ? new Secret(t) : undefined;
  },
  true,
);

/** Shows a raw value in an error: strings quoted, lists and sections by kind, secrets hidden. */
export function show(raw: unknown, isSecret = false): string {
  if (isSecret) return 'a value that is not accepted (not shown)';
  if (Array.isArray(raw)) return 'a list';
  if (raw === null) return 'null';
  if (typeof raw === 'object') return 'a section';
  return JSON.stringify(raw);
}
