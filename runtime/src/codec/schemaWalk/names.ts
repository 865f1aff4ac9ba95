import { words } from '../../util/words.ts';

// Identifier helpers for IDLs: every format wants `[A-Za-z_][A-Za-z0-9_]*` names, while schema
// property names, titles and enum values can be anything.

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}

/** `home address` / `home_address` → `HomeAddress`; a leading digit gets a `_`. */
export function pascalIdentifier(text: string): string {
  const out = words(text, { ascii: true })
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
  if (out === '') return 'Type';
  return /^[0-9]/.test(out) ? `_${out}` : out;
}

/** `inProgress` / `in-progress` → `IN_PROGRESS` (enum constants); empty → `EMPTY`. */
export function upperSnake(text: string): string {
  const out = words(text, { ascii: true })
    .map((w) => w.toUpperCase())
    .join('_');
  if (out === '') return 'EMPTY';
  return /^[0-9]/.test(out) ? `_${out}` : out;
}

/** `HomeAddress` → `home_address` (protobuf oneof member names). */
export function lowerSnake(text: string): string {
  const out = words(text, { ascii: true })
    .map((w) => w.toLowerCase())
    .join('_');
  if (out === '') return 'value';
  return /^[0-9]/.test(out) ? `_${out}` : out;
}

/** A property name as an identifier: kept when it already is one, else non-identifier runs become `_`. */
export function fieldIdentifier(name: string): string {
  if (isIdentifier(name)) return name;
  const out = name.replace(/[^A-Za-z0-9_]+/g, '_');
  if (out === '' || out === '_') return 'field';
  return /^[0-9]/.test(out) ? `_${out}` : out;
}
