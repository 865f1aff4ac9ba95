// The check of a response schema that the generator could not compile to code (checkCode.ts in
// the compiler): the validator engine's, loaded with the schema before the first call. Only a page
// whose operations have such a schema imports this module, and with it the engine.
import { compileSchema, loadValidatorEngine } from '#validator-engine';
import type { TSchema } from 'typebox';
import type { CompiledSchema } from '../schema/typeboxEngine.ts';
import { ClientError } from './ClientError.ts';
import { causeText } from './sendRequest.ts';

/**
 * A schema's check by the validator engine; `load` fetches the engine's part it needs, if any,
 * failing with a `network` ClientError of the endpoint `route`.
 */
export interface EngineCheck extends CompiledSchema {
  load(route: string): Promise<void>;
}

/**
 * The engine's check of `schema` for a generated operation's response table, compiled on first use.
 * @__NO_SIDE_EFFECTS__
 */
export function schemaCheck(schema: object): EngineCheck {
  let compiled: CompiledSchema | undefined;
  const engine = () => (compiled ??= compileSchema(schema as TSchema));
  return {
    // A value too deep for the stack is refused, as validator.ts does.
    check: (value) => {
      try {
        return engine().check(value);
      } catch (error) {
        if (error instanceof RangeError) return false;
        throw error;
      }
    },
    explain: (value) => {
      try {
        return engine().explain(value);
      } catch (error) {
        if (error instanceof RangeError) return { instancePath: '', message: 'nested too deeply to validate' };
        throw error;
      }
    },
    load: async (route) => {
      try {
        await loadValidatorEngine([schema]);
      } catch (error) {
        throw new ClientError('network', `loading the validator its schemas need failed: ${causeText(error)}`, {
          endpoint: route,
          url: undefined,
          cause: error,
        });
      }
    },
  };
}
