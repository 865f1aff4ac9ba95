import type { TSchema } from 'typebox';
import { withCommittedUnions } from '../codec/json/committedUnions.ts';
import { validatorFor, type Validator } from '../schema/validator.ts';
import { Either } from '../util/Either.ts';
import { arity, type CodecNode } from './CodecNode.ts';

// Each body schema is checked with its unions as committed choices, as the JSON codec checks
// them (codec/json/committedUnions.ts): a union member is chosen once per node by the value's
// top level. Trying every member of every nested union instead costs the product of their
// sizes on recursive unions, and a handler's value (an echo of its input, say) may be wrong
// deep down.
const committed = new WeakMap<TSchema, Validator>();

function committedValidator(schema: TSchema): Validator {
  let v = committed.get(schema);
  if (v === undefined)
    committed.set(schema, (v = validatorFor(withCommittedUnions(schema as unknown as Record<string, unknown>))));
  return v;
}

/** True when `value` can be written by `node` (how a union picks its alternative). */
export function fits(node: CodecNode, value: unknown): boolean {
  switch (node.kind) {
    case 'content':
      return (
        node.stream || (node.optional === true && value === undefined) || committedValidator(node.schema).check(value)
      );
    case 'and': {
      const values = Array.isArray(value) ? value : [value];
      let i = 0;
      for (const part of node.parts) {
        const n = arity(part);
        const slice = values.slice(i, i + n);
        i += n;
        if (n > 0 && !fits(part, n === 1 ? slice[0] : slice)) return false;
      }
      return true;
    }
    case 'or':
      return Either.is(value);
    case 'union':
      return node.alts.some((a) => fits(a, value));
    case 'transform':
      try {
        return fits(node.inner, node.encode(value));
      } catch {
        return false;
      }
    default:
      return true;
  }
}
