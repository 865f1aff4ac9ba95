// The validator's engine on Node, Deno, Bun and in any build that is not for a browser: TypeBox's
// compiled checker (typebox/schema, the checker without typebox/compile's Value operations) over
// the prepared copy of the schema (prepareSchema.ts), failures explained by firstFailure.ts.
// Browsers get lightEngine.ts instead (the package's `#validator-engine` import), which loads
// this module when a schema needs it.
import type { TSchema } from 'typebox';
import { prepareSchema } from './prepareSchema.ts';
import { typeBoxChecker } from './typeboxCompile.ts';
import { firstFailure, needsFullErrors, type Failure } from './firstFailure.ts';

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
// TypeBox resolves a `$ref` it finds in its context by a map lookup, and any other by walking the
// whole schema for the `$id` (every key, without stopping at the first match): a schema holding
// thousands of `$ref`s to hundreds of `$id`s (a published document's response union, rewritten
// as a committed choice) took a minute to compile on its first request. Every plain `$id` that
// occurs once is put in the context, so a reference to it resolves to the same schema at once.
const PLAIN_ID = /^[^:/#]+$/;
function idContext(schema: unknown): Record<string, unknown> {
  const found = new Map<string, unknown>();
  const repeated = new Set<string>();
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const id = (node as { $id?: unknown }).$id;
    if (typeof id === 'string' && PLAIN_ID.test(id)) {
      if (found.has(id) && found.get(id) !== node) repeated.add(id);
      found.set(id, node);
    }
    // As TypeBox's own search: a const or enum value is data, not a schema.
    for (const key of Object.keys(node))
      if (key !== 'const' && key !== 'enum') visit((node as Record<string, unknown>)[key]);
  };
  visit(schema);
  const context: Record<string, unknown> = {};
  for (const [id, node] of found) if (!repeated.has(id)) context[id] = node;
  return context;
}

/** Compiles a schema with TypeBox. */
export function compileSchema(schema: TSchema): CompiledSchema {
  const prepared = prepareSchema(schema);
  const compiled = typeBoxChecker(idContext(prepared) as Record<string, TSchema>, prepared);
  return {
    check: (value) => compiled.Check(value),
    explain: needsFullErrors(prepared)
      ? (value) => compiled.Errors(value)[1][0]
      : (value) => firstFailure(prepared, value),
  };
}

/** Nothing to load here: this engine checks every schema. (The browser's engine may need to load this one.) */
export function loadValidatorEngine(_schemas: Iterable<unknown>): Promise<void> | undefined {
  return undefined;
}
