import { compileCheck } from '../schema/validator.ts';
import type { PathCodec } from '../routing/PathCodec.ts';

/**
 * A text path parameter also held to a JSON Schema `format` (`date`, `date-time`, `email`…), as
 * the validator checks it for a query parameter: a segment that breaks it does not decode, so the
 * router answers 400 naming the parameter and the format (or offers the path to another route).
 * Applied last, after `constrain` and `doc`, whose copies would not keep the check.
 */
export function withFormat<A>(codec: PathCodec<A>, format: string): PathCodec<A> {
  const holds = compileCheck({ type: 'string', format });
  const decode = codec.decode;
  return {
    ...codec,
    expected: `${codec.expected} in format ${format}`,
    schema: { ...codec.schema, format },
    decode: (segment) => {
      const value = decode(segment);
      return value !== undefined && holds(value) ? value : undefined;
    },
  };
}
