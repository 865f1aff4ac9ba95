// TypeBox compiles a schema into one JavaScript function, folding each list of the schema (an
// enum's values, an object's properties, a union's members) into nested parentheses:
// `((a || b) || c) || …`. A long enough list nests past what V8's parser takes — Storecove's
// UN/ECE unit codes, an enum of 2,100 values, made `new Function` throw "Maximum call stack size
// exceeded" on the first request of the operation, a 500 on every one after. Such a schema is
// checked by TypeBox's interpreter instead: the same keywords and verdicts, with no code to parse.
import { Check, Compile, Errors } from 'typebox/schema';
import type { TSchema } from 'typebox';

/** What the validator needs of a TypeBox checker: a verdict, and the errors of a refused value. */
export interface TypeBoxChecker {
  Check(value: unknown): boolean;
  Errors(value: unknown): ReturnType<typeof Errors>;
}

/** TypeBox's compiled checker of a schema, or its interpreter where the compiled code is too deep to parse. */
export function typeBoxChecker(context: Record<string, TSchema>, schema: TSchema): TypeBoxChecker {
  try {
    return Compile(context, schema);
  } catch (thrown) {
    if (!(thrown instanceof RangeError)) throw thrown;
    return {
      Check: (value) => Check(context, schema, value),
      Errors: (value) => Errors(context, schema, value),
    };
  }
}
