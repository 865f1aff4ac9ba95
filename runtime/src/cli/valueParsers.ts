import { invalidArgument } from './commander.ts';
import type { TSchema } from 'typebox';
import { coerceScalar } from '../codec/body/paramCoercion.ts';
import type { PathCodec, PathCodecKind } from '../routing/PathCodec.ts';
import { isBytesSchema } from '../schema/Bytes.ts';
import { isDateSchema } from '../schema/DateTime.ts';
import { validatorFor } from '../schema/validator.ts';

type S = Record<string, any>;

/** A bytes value named on the command line by its file, read when the command runs. */
export class FileRef {
  constructor(readonly path: string) {}
}

function literalValues(s: S): unknown[] | undefined {
  if (Array.isArray(s.enum)) return s.enum;
  if (Array.isArray(s.anyOf) && s.anyOf.length > 0 && s.anyOf.every((m: S) => 'const' in m))
    return s.anyOf.map((m: S) => m.const);
  return undefined;
}

/** True for a schema whose values are written as one word (not an object, array or bytes). */
export function isScalarSchema(schema: TSchema): boolean {
  const s = schema as unknown as S;
  if (isBytesSchema(s)) return false;
  if (isDateSchema(s) || literalValues(s)) return true;
  return ['string', 'integer', 'number', 'boolean', 'bigint'].includes(s.type);
}

/** True for an array of scalars, given as several values of one option. */
export function isScalarArray(schema: TSchema): boolean {
  const s = schema as unknown as S;
  return s.type === 'array' && s.items !== undefined && isScalarSchema(s.items);
}

/** The type label shown in help: integer, number, boolean, text, uuid, date-time, a|b, file, json. */
export function typeLabel(schema: TSchema): string {
  const s = schema as unknown as S;
  if (isBytesSchema(s)) return 'file';
  if (isDateSchema(s)) return 'date-time';
  const literals = literalValues(s);
  if (literals) return literals.map(String).join('|');
  if (s.type === 'array' && s.items && isScalarSchema(s.items)) return typeLabel(s.items);
  switch (s.type) {
    case 'integer':
    case 'bigint':
      return 'integer';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
      return typeof s.format === 'string' && ['uuid', 'date-time', 'date', 'email', 'uri'].includes(s.format)
        ? s.format
        : 'text';
    default:
      return 'json';
  }
}

const pathLabels: Readonly<Record<PathCodecKind, string>> = {
  int: 'integer',
  integer: 'integer',
  long: 'integer',
  number: 'number',
  string: 'text',
  uuid: 'uuid',
  bool: 'boolean',
  dateTime: 'date-time',
  trailing: 'path',
};

/** The label of a path parameter from its codec: its enum's values, else its kind. */
export function pathLabel(codec: PathCodec<unknown, string>): string {
  if (codec.schema.enum !== undefined) return codec.schema.enum.map(String).join('|');
  return pathLabels[codec.kind];
}

/** Parses one option value to the schema's type and validates it; commander reports the message. */
export function parseValue(schema: TSchema, text: string): unknown {
  const s = schema as unknown as S;
  if (isBytesSchema(s)) return new FileRef(text);
  let value: unknown;
  if (isScalarSchema(schema)) value = coerceScalar(s, text);
  else {
    try {
      value = JSON.parse(text);
    } catch {
      throw invalidArgument('expected JSON text.');
    }
  }
  const failure = validatorFor(schema).firstError(value, '', 'value');
  if (failure) {
    const literals = literalValues(s);
    if (literals) throw invalidArgument(`expected one of ${literals.map(String).join(', ')}.`);
    const label = typeLabel(schema);
    // Text the coercion could not convert: say which type was wanted, not the schema rule.
    if (isScalarSchema(schema) && value === text && s.type !== 'string')
      throw invalidArgument(`expected ${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}.`);
    throw invalidArgument(`${failure.expected ?? 'invalid value'}${failure.pointer ? ` at ${failure.pointer}` : ''}.`);
  }
  return value;
}

/** A parser for a path parameter: its codec decides (`expected a 32-bit integer`). */
export function pathParser(codec: PathCodec<unknown, string>): (text: string) => unknown {
  return (text) => {
    const value = codec.decode(text);
    if (value === undefined) throw invalidArgument(`expected ${codec.expected}.`);
    return value;
  };
}

/** A commander parser for a schema; arrays of scalars collect every value given. */
export function schemaParser(schema: TSchema): (text: string, previous: unknown) => unknown {
  if (isScalarArray(schema)) {
    const items = (schema as unknown as S).items as TSchema;
    return (text, previous) => [...(Array.isArray(previous) ? previous : []), parseValue(items, text)];
  }
  return (text) => parseValue(schema, text);
}
