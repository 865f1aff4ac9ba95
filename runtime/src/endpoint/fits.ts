import { validatorFor } from '../schema/validator.ts';
import { Either } from '../util/Either.ts';
import { arity, type CodecNode } from './CodecNode.ts';

/** True when `value` can be written by `node` (how a union picks its alternative). */
export function fits(node: CodecNode, value: unknown): boolean {
  switch (node.kind) {
    case 'content':
      return node.stream || (node.optional === true && value === undefined) || validatorFor(node.schema).check(value);
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
