import { arity, type CodecNode, type ContentNode, type HeaderNode, type QueryNode } from '../endpoint/CodecNode.ts';
import { fits } from '../endpoint/fits.ts';
import { Either } from '../util/Either.ts';

/** An input leaf of an endpoint: where one value goes in the request. */
export type InputLeaf = QueryNode | HeaderNode | ContentNode;

/** The request as leaf values: path parameter values in order, then each input leaf with its value. */
export interface RequestValues {
  readonly path: readonly unknown[];
  readonly inputs: ReadonlyArray<readonly [InputLeaf, unknown]>;
}

/** Thrown when a value does not have the shape its node needs; the caller adds the endpoint. */
export class InputShapeError extends Error {}

/** The values a node of arity `n` carries, as a list (mirror of the server's `values.length === 1 ? values[0] : values`). */
function asList(value: unknown, n: number, what: string): unknown[] {
  if (n === 0) return [];
  if (n === 1) return [value];
  if (!Array.isArray(value) || value.length !== n)
    throw new InputShapeError(`${what}: expected a tuple of ${n} values`);
  return value;
}

/**
 * Splits an input value along the input node, as the server's `decodeInput` assembles it: `and`
 * concatenates, `transform` maps back with its `encode`, `or` takes an Either, `union` the
 * alternative the value fits.
 */
export function assignInputs(node: CodecNode, value: unknown, out: Array<readonly [InputLeaf, unknown]>): void {
  switch (node.kind) {
    case 'query':
    case 'header':
    case 'content':
      out.push([node, value]);
      return;
    case 'and': {
      const values = asList(value, arity(node), 'input');
      let i = 0;
      for (const part of node.parts) {
        const n = arity(part);
        assignInputs(part, n === 0 ? undefined : n === 1 ? values[i] : values.slice(i, i + n), out);
        i += n;
      }
      return;
    }
    case 'transform': {
      const inner = node.encode(value);
      assignInputs(node.inner, inner, out);
      return;
    }
    case 'or': {
      if (!Either.is(value)) throw new InputShapeError('input alternatives (or) take an Either');
      if (value._tag === 'left') assignInputs(node.left, value.left, out);
      else assignInputs(node.right, value.right, out);
      return;
    }
    case 'union': {
      const alt = node.alts.find((a) => fits(a, value));
      if (!alt) throw new InputShapeError('the input value fits none of the declared alternatives');
      assignInputs(alt, value, out);
      return;
    }
    case 'status':
    case 'empty':
      return;
  }
}

/**
 * The leaf values of an endpoint's whole input value: `inputTransform` mapped back first, then
 * path parameters (first), then the input node's leaves.
 */
export function requestValues(
  state: {
    route: { params: readonly unknown[] };
    input: CodecNode;
    inputTransform: { encode: (v: unknown) => unknown } | undefined;
  },
  value: unknown,
): RequestValues {
  const raw = state.inputTransform ? state.inputTransform.encode(value) : value;
  const nPath = state.route.params.length;
  const total = nPath + arity(state.input);
  const list = asList(raw, total, 'input');
  const inputs: Array<readonly [InputLeaf, unknown]> = [];
  const rest = list.slice(nPath);
  const n = arity(state.input);
  assignInputs(state.input, n === 0 ? undefined : n === 1 ? rest[0] : rest, inputs);
  return { path: list.slice(0, nPath), inputs };
}
