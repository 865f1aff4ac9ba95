// A document's `pattern` runs on whatever text the referee is given: a sampled value, an answer
// from the server under check. On V8's backtracking engine a pattern such as BeezUP's
// `^(https?:\/\/)?([\da-z\.-]+)\.([a-z\.]{2,6})([\/\w \.-]*)*\/?$` takes minutes on a 60-character
// text that fails it. The runtime runs patterns on engines proven safe for each (a linear-time
// matcher where V8's could backtrack); a referee that has the runtime at hand uses them too.

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

/** Tests each pattern as the runtime's validators do: a text is checked as a JSON string of `{type: string, pattern}`. */
export function runtimePatternTester(runtime: PatternRuntime): PatternTester {
  const encoder = new TextEncoder();
  return (source) => {
    const codec = runtime.JsonCodec.schemaBasedBinaryCodec(runtime.Schema.String({ pattern: source }) as never);
    return { test: (value) => codec.decode(encoder.encode(JSON.stringify(value)))._tag === 'right' };
  };
}
