import { Compile } from 'typebox/compile';
import type { TSchema } from 'typebox';
import { DecodeError } from '../codec/DecodeError.ts';

/** A compiled check of values against a schema, with the first error as a DecodeError. */
export interface Validator {
  check(value: unknown): boolean;
  /** The first error as a DecodeError whose pointer is prefixed by `pointer`, or undefined when valid. */
  firstError(value: unknown, pointer?: string, what?: string): DecodeError | undefined;
}

const cache = new WeakMap<object, Validator>();

/** Compiles (once per schema object) TypeBox's checker for a schema; `$defs` resolve inside it. */
export function validatorFor(schema: object, defs: Record<string, object> = {}): Validator {
  const hit = cache.get(schema);
  if (hit) return hit;
  const full = Object.keys(defs).length > 0 && !(schema as { $defs?: unknown }).$defs ? { ...schema, $defs: defs } : schema;
  const compiled = Compile(full as TSchema);
  const v: Validator = {
    check: (value) => compiled.Check(value),
    firstError(value, pointer = '', what = 'value') {
      if (compiled.Check(value)) return undefined;
      const [first] = compiled.Errors(value);
      if (!first) return new DecodeError(`${what}: does not match the schema`, { pointer });
      const at = pointer + first.instancePath;
      const expected = first.message;
      const where = at ? `${what} at ${at}` : what;
      return new DecodeError(`${where}: ${expected}`, { pointer: at, expected });
    },
  };
  cache.set(schema, v);
  return v;
}

/** A plain boolean check of a schema (used where only membership matters). */
export function compileCheck(schema: object, defs: Record<string, object> = {}): (value: unknown) => boolean {
  const v = validatorFor(schema, defs);
  return (value) => v.check(value);
}
