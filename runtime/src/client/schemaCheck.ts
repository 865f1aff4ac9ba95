// The check of a response schema that the generator could not compile to code (checkCode.ts in
// the compiler): the validator engine's, loaded with the schema before the first call. Only a page
// whose operations have such a schema imports this module, and with it the engine.
import { compileSchema, loadValidatorEngine } from '#validator-engine';
import type { TSchema } from 'typebox';
import type { CompiledSchema } from '../schema/typeboxEngine.ts';

/** A schema's check by the validator engine; `load` fetches the engine's part it needs, if any. */
export interface EngineCheck extends CompiledSchema {
  load(): Promise<void> | undefined;
}

/**
 * The engine's check of `schema` for a generated operation's response table, compiled on first use.
 * @__NO_SIDE_EFFECTS__
 */
export function schemaCheck(schema: object): EngineCheck {
  let compiled: CompiledSchema | undefined;
  const engine = () => (compiled ??= compileSchema(schema as TSchema));
  return {
    check: (value) => engine().check(value),
    explain: (value) => engine().explain(value),
    load: () => loadValidatorEngine([schema]),
  };
}
