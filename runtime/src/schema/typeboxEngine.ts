// The validator's engine on Node, Deno, Bun and in any build that is not for a browser: TypeBox's
// compiled checker (typebox/schema, the checker without typebox/compile's Value operations) over
// the prepared copy of the schema (prepareSchema.ts), failures explained by firstFailure.ts.
// Browsers get lightEngine.ts instead (the package's `#validator-engine` import), which loads
// this module when a schema needs it.
import type { TSchema } from 'typebox';
import { Format } from 'typebox/format';
import { prepareSchema } from './prepareSchema.ts';
import { typeBoxChecker } from './typeboxCompile.ts';
import { firstFailure, needsFullErrors, type Failure } from './firstFailure.ts';
import { idContext } from './idContext.ts';
import { flattenResources } from './sharedRefs.ts';

/** A schema compiled by an engine: a verdict, and the first failure of a value it refused. */
export interface CompiledSchema {
  /** True when the value satisfies the schema; may throw a RangeError for values nested too deeply. */
  check(value: unknown): boolean;
  /** The first failure of a value (undefined when none is found); may throw a RangeError too. */
  explain(value: unknown): Failure | undefined;
}

// A failure is explained by walking the prepared copy along the value and stopping at the first
// failing keyword (firstFailure.ts), never by TypeBox's `Errors`, which evaluates every keyword and
// lists every failure. Schemas using keywords whose meaning depends on what other keywords
// evaluated (unevaluatedProperties, $dynamicRef…) are explained by `Errors`, which is still
// bounded: their patterns are the safe ones too.
// `$ref`s by plain `$id` resolve from a context built beside the schema (idContext.ts), never by
// TypeBox's walk of the whole schema; where every reference is one, the named schemas become defs
// of one root, each compiled once (sharedRefs.ts).

/** Compiles a schema with TypeBox. */
export function compileSchema(schema: TSchema): CompiledSchema {
  const prepared = prepareSchema(schema);
  const ids = idContext(prepared) as Record<string, TSchema>;
  const context = flattenResources(prepared, ids) ? {} : ids;
  const compiled = typeBoxChecker(context, prepared);
  return {
    check: (value) => compiled.Check(value),
    explain: needsFullErrors(prepared)
      ? (value) => compiled.Errors(value)[1][0]
      : (value) => firstFailure(prepared, value, context),
  };
}

/** Nothing to load here: this engine checks every schema. (The browser's engine may need to load this one.) */
export function loadValidatorEngine(_schemas: Iterable<unknown>): Promise<void> | undefined {
  return undefined;
}

/**
 * The test TypeBox's compiled checker makes of a string's `format`, for code that checks what it
 * checks (the JSON codec's generated walk): the registered format's function, or a pass for a
 * format TypeBox does not register. (`date-time` and `time` are the prepared copy's own checks.)
 */
export function formatCheck(name: string): ((value: string) => boolean) | undefined {
  return Format.Get(name) ?? (() => true);
}
