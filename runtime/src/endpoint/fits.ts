import type { TSchema } from 'typebox';
import { withCommittedUnions } from '../codec/json/committedUnions.ts';
import { validatorFor, type Validator } from '../schema/validator.ts';
import { Either } from '../util/Either.ts';
import { arity, type AndNode, type CodecNode } from './CodecNode.ts';

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

/**
 * Visits each part of an `and` node that holds a value with its share of `value` (the value itself
 * for a part of arity 1, a tuple of the next n for more), until `visit` returns a result.
 */
function firstOfParts<T>(
  node: AndNode,
  value: unknown,
  visit: (part: CodecNode, share: unknown) => T | undefined,
): T | undefined {
  const values = Array.isArray(value) ? value : [value];
  let i = 0;
  for (const part of node.parts) {
    const n = arity(part);
    const start = i;
    i += n;
    if (n === 0) continue;
    const result = visit(part, n === 1 ? values[start] : values.slice(start, start + n));
    if (result !== undefined) return result;
  }
  return undefined;
}

/**
 * True when `value` can be written by `node` (how a union picks its alternative). With
 * `asWritten`, a body its committed unions refuse is also tried against the schema as written,
 * every member of each union in turn: a value that the first member chosen by its top level
 * refuses deep down, and a later member takes (Zoom's lock settings, whose second `oneOf` member
 * declares one optional field and takes any object), is still the schema's.
 */
export function fits(node: CodecNode, value: unknown, asWritten = false): boolean {
  switch (node.kind) {
    case 'content':
      return (
        node.stream ||
        (node.optional === true && value === undefined) ||
        committedValidator(node.schema).check(value) ||
        (asWritten && validatorFor(node.schema).check(value))
      );
    case 'and':
      return firstOfParts(node, value, (part, share) => (fits(part, share, asWritten) ? undefined : false)) ?? true;
    case 'or':
      return Either.is(value);
    case 'union':
      return node.alts.some((a) => fits(a, value, asWritten));
    case 'transform':
      try {
        return fits(node.inner, node.encode(value), asWritten);
      } catch {
        return false;
      }
    default:
      return true;
  }
}

/**
 * Why `value` cannot be written by `node`, for the server log of a handler's value that matches
 * no declared output: the first place each body schema refuses it, under the status it is
 * declared for; undefined when it fits.
 */
export function whyNotFits(node: CodecNode, value: unknown): string | undefined {
  if (fits(node, value, true)) return undefined;
  switch (node.kind) {
    case 'content': {
      const where = node.status === undefined ? 'the body' : `the ${node.status} body`;
      return committedValidator(node.schema).firstError(value, '', where)?.message ?? `${where}: refused by its schema`;
    }
    case 'and':
      return firstOfParts(node, value, whyNotFits);
    case 'or':
      return 'not an Either, as the output of several `out`s must be';
    case 'union':
      return node.alts.map((a) => whyNotFits(a, value) ?? 'refused').join('; ');
    case 'transform':
      try {
        return whyNotFits(node.inner, node.encode(value));
      } catch (error) {
        return `its encoding threw: ${(error as Error).message}`;
      }
    default:
      return undefined;
  }
}
