// The engine that compiles a schema is TypeBox's checker (typeboxEngine.ts) everywhere but in a
// browser build, which takes lightEngine.ts through the package's `#validator-engine` import: a
// page ships a small interpreter of the keywords most schemas use, and loads TypeBox's for those
// that use others.
import { compileSchema } from '#validator-engine';
import type { TSchema } from 'typebox';
import { DecodeError } from '../errors/DecodeError.ts';
import { ieee754Numbers } from './binaryNumbers.ts';
import type { Failure } from './firstFailure.ts';

/**
 * The one wrapper over the engine's compiled checker: JSON bodies, parameters, the client, the CLI
 * and the binary codecs all check values with it, so a violation reads the same everywhere:
 * `<what> at <pointer>: <message>`, or `<what>: <message>` at the root.
 */
export interface Validator {
  /** True when the value satisfies the schema. */
  check(value: unknown): boolean;
  /** The first error as a DecodeError whose pointer is prefixed by `pointer`, or undefined when valid. */
  firstError(value: unknown, pointer?: string, what?: string): DecodeError | undefined;
  /** The first error of a value already known to be invalid (`check` said false). */
  error(value: unknown, pointer?: string, what?: string): DecodeError;
}

const cache = new WeakMap<object, Validator>();
const binaryCache = new WeakMap<object, Validator>();

/** Compiles (once per schema object) TypeBox's checker for a schema; `$defs` resolve inside it. */
export function validatorFor(schema: object, defs: Record<string, object> = {}): Validator {
  const hit = cache.get(schema);
  if (hit) return hit;
  const full =
    Object.keys(defs).length > 0 && !(schema as { $defs?: unknown }).$defs ? { ...schema, $defs: defs } : schema;
  const v = compile(full as TSchema);
  cache.set(schema, v);
  return v;
}

/** The validator for values a binary codec decoded: numbers are IEEE 754 doubles (see binaryNumbers.ts). */
export function binaryValidatorFor(schema: TSchema): Validator {
  const hit = binaryCache.get(schema);
  if (hit) return hit;
  const v = compile(ieee754Numbers(schema));
  binaryCache.set(schema, v);
  return v;
}

/** A plain boolean check of a schema (used where only membership matters). */
export function compileCheck(schema: object, defs: Record<string, object> = {}): (value: unknown) => boolean {
  const v = validatorFor(schema, defs);
  return (value) => v.check(value);
}

function compile(schema: TSchema): Validator {
  const compiled = compileSchema(schema);
  const explain = (value: unknown): Failure | undefined => compiled.explain(value);
  const error = (value: unknown, pointer = '', what = 'value'): DecodeError => {
    let first: Failure | undefined;
    try {
      first = explain(value);
    } catch (thrown) {
      if (!(thrown instanceof RangeError)) throw thrown;
      return new DecodeError(`${what}: nested too deeply to validate`, {
        pointer,
        expected: 'a value nested less deeply',
      });
    }
    if (!first) return new DecodeError(`${what}: does not match the schema`, { pointer });
    const at = pointer + first.instancePath;
    const expected = first.message;
    const where = at ? `${what} at ${at}` : what;
    return new DecodeError(`${where}: ${expected}`, { pointer: at, expected });
  };
  // A value nested deeper than the stack allows (under a recursive schema) cannot be checked:
  // it is refused, as "nested too deeply", rather than let a RangeError escape as a server error.
  const check = (value: unknown): boolean => {
    try {
      return compiled.check(value);
    } catch (thrown) {
      if (thrown instanceof RangeError) return false;
      throw thrown;
    }
  };
  return {
    check,
    firstError: (value, pointer, what) => (check(value) ? undefined : error(value, pointer, what)),
    error,
  };
}
