import type { Diagnostics } from '../diagnostics/index.ts';
import type { Json } from './DocumentReader.ts';
import { BACKTRACKING_LENGTH_LIMIT, backtrackingOnly, unicodePattern } from './patterns.ts';
import type { Constraints } from './Schema.ts';

/** The string keywords a model node keeps. */
export const stringKeys = ['minLength', 'maxLength', 'pattern'];
/** The number keywords a model node keeps. */
export const numberKeys = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
/** The array keywords a model node keeps. */
export const arrayKeys = ['minItems', 'maxItems', 'uniqueItems'];
/** The object keywords a model node keeps. */
export const objectKeys = ['minProperties', 'maxProperties'];

/** The validation keywords among `keys` of a schema object, patterns translated to JavaScript. */
export function constraintsOf(
  raw: Json,
  keys: readonly string[],
  pointer: string,
  diagnostics: Diagnostics,
): Constraints {
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = raw[k];
    if (v === undefined) continue;
    if (k === 'pattern') {
      const pattern = typeof v === 'string' ? unicodePattern(v) : undefined;
      if (pattern === undefined) {
        diagnostics.warn(
          `${pointer}/pattern`,
          `pattern ${JSON.stringify(v)} is not a JavaScript regular expression; it is not checked`,
        );
        continue;
      }
      const backtracking = backtrackingOnly(pattern);
      if (backtracking !== undefined)
        diagnostics.warn(
          `${pointer}/pattern`,
          `pattern ${JSON.stringify(v)} has ${backtracking}, which only a backtracking regular expression engine runs: the validator checks it on strings of at most ${BACKTRACKING_LENGTH_LIMIT} characters and refuses longer ones`,
        );
      out[k] = pattern;
      continue;
    }
    // OpenAPI 3.0 writes exclusive bounds as booleans next to minimum/maximum.
    if ((k === 'exclusiveMinimum' || k === 'exclusiveMaximum') && typeof v === 'boolean') {
      const bound = raw[k === 'exclusiveMinimum' ? 'minimum' : 'maximum'];
      if (v && typeof bound === 'number') {
        out[k] = bound;
        delete out[k === 'exclusiveMinimum' ? 'minimum' : 'maximum'];
      }
      continue;
    }
    if ((k === 'minimum' || k === 'maximum') && raw[k === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum'] === true)
      continue;
    out[k] = v;
  }
  return out;
}

/** The type a schema without `type` has by its other keywords (properties, items, enum, format...). */
export function inferType(raw: Json): string | undefined {
  if (raw.properties !== undefined || raw.additionalProperties !== undefined || raw.required !== undefined)
    return 'object';
  if (raw.items !== undefined) return 'array';
  const values = Array.isArray(raw.enum)
    ? raw.enum.filter((v) => v !== null)
    : raw.const !== undefined
      ? [raw.const]
      : undefined;
  if (values && values.length > 0) {
    if (values.every((v) => typeof v === 'string')) return 'string';
    if (values.every((v) => typeof v === 'number'))
      return Number.isInteger(values[0]) && values.every(Number.isInteger) ? 'integer' : 'number';
    if (values.every((v) => typeof v === 'boolean')) return 'boolean';
    return undefined;
  }
  if (
    raw.format === 'binary' ||
    raw.format === 'byte' ||
    typeof raw.pattern === 'string' ||
    raw.minLength !== undefined ||
    raw.maxLength !== undefined
  )
    return 'string';
  return undefined;
}

/** The names `x-enum-varnames`/`x-enumNames` give an enum's values, when there is one per value. */
export function enumNamesOf(raw: Json, count: number): string[] | undefined {
  const names = raw['x-enum-varnames'] ?? raw['x-enumNames'];
  if (!Array.isArray(names) || names.length !== count || count === 0 || !names.every((n) => typeof n === 'string'))
    return undefined;
  return names as string[];
}
