// A document's `pattern` runs on whatever text the referee is given: a sampled value, an answer
// from the server under check. On V8's backtracking engine a pattern such as BeezUP's
// `^(https?:\/\/)?([\da-z\.-]+)\.([a-z\.]{2,6})([\/\w \.-]*)*\/?$` takes minutes on a 60-character
// text that fails it. The runtime runs patterns on engines proven safe for each (a linear-time
// matcher where V8's could backtrack), and every referee tests patterns on them: the runtime is
// imported at run time (the compiler's sources never import it statically: a fresh clone runs
// them before the runtime is built), as `kitgen mock` imports it to serve.
import { RunError } from '../diagnostics/index.ts';
import { unicodeReading } from './unicodeReading.ts';

/** Tests texts against one pattern. */
export interface PatternTest {
  test(value: string): boolean;
}

/** Compiles a document's pattern into a test; throws a SyntaxError when it cannot. */
export type PatternTester = (source: string) => PatternTest;

/** The parts of `@kitgen/runtime` a pattern tester uses (the runtime is loaded at run time). */
export interface PatternRuntime {
  readonly Schema: { String(options: { pattern: string }): unknown };
  readonly JsonCodec: { schemaBasedBinaryCodec(schema: never): { decode(bytes: Uint8Array): { _tag: string } } };
}

/**
 * Tests each pattern as the runtime's validators do: a text is checked as a JSON string of
 * `{type: string, pattern}`. A pattern ECMA-262 reads only outside unicode mode (Annex B's `\:`
 * for `:`) is tested as the unicode-mode pattern that means the same, as a generated server has it.
 */
export function runtimePatternTester(runtime: PatternRuntime): PatternTester {
  const encoder = new TextEncoder();
  return (source) => {
    const pattern = unicodeReading(source);
    if (pattern === undefined) throw new SyntaxError(`not an ECMA-262 regular expression: ${source}`);
    const codec = runtime.JsonCodec.schemaBasedBinaryCodec(runtime.Schema.String({ pattern }) as never);
    return { test: (value) => codec.decode(encoder.encode(JSON.stringify(value)))._tag === 'right' };
  };
}

let loaded: Promise<PatternTester> | undefined;

/** The runtime's pattern tester, `@kitgen/runtime` imported once; a {@link RunError} naming `command` when it cannot be. */
export function loadPatternTester(command = 'kitgen check'): Promise<PatternTester> {
  loaded ??= (async () => {
    try {
      return runtimePatternTester((await import(import.meta.resolve('@kitgen/runtime'))) as PatternRuntime);
    } catch (error) {
      loaded = undefined;
      if (!/MODULE_NOT_FOUND|PACKAGE_PATH_NOT_EXPORTED/.test(String((error as { code?: unknown }).code))) throw error;
      throw new RunError(
        `${command} needs @kitgen/runtime, which cannot be loaded (${(error as Error).message.split('\n')[0]}); install it beside kitgen, or build it (npm run build) in kitgen's repository`,
      );
    }
  })();
  return loaded;
}
