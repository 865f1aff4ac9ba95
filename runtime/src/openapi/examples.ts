import { arity, type CodecNode, type ContentNode, type HeaderNode } from '../endpoint/CodecNode.ts';
import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import { fits } from '../endpoint/fits.ts';
import { Either } from '../util/Either.ts';

/** Example values by the part they belong to: a path codec (by name) or a query/header/content node. */
export type ExampleParts = Map<object | string, unknown>;

/** The values of a node's tuple: none, the one value itself, or the tuple (as `Unwrap` gives them). */
function tupleOf(count: number, value: unknown): unknown[] {
  return count === 0 ? [] : count === 1 ? [value] : (value as unknown[]);
}

const joined = (values: unknown[]): unknown => (values.length === 1 ? values[0] : values);

/** Spreads one node's value over its leaves, following and/or/union/transform as encoding does. */
function spread(node: CodecNode, value: unknown, out: ExampleParts): void {
  switch (node.kind) {
    case 'query':
    case 'header':
    case 'content':
      out.set(node, value);
      return;
    case 'and': {
      const values = tupleOf(arity(node), value);
      let i = 0;
      for (const part of node.parts) {
        const n = arity(part);
        if (n > 0) spread(part, joined(values.slice(i, i + n)), out);
        i += n;
      }
      return;
    }
    case 'or':
      if (Either.is(value))
        spread(value._tag === 'left' ? node.left : node.right, value._tag === 'left' ? value.left : value.right, out);
      return;
    case 'union': {
      const alt = node.alts.find((a) => fits(a, value));
      if (alt) spread(alt, value, out);
      return;
    }
    case 'transform':
      spread(node.inner, node.encode(value), out);
      return;
    default:
      return;
  }
}

/**
 * Splits a named example of an endpoint's whole input (`examples({ in })`, the handler's input
 * value) into the value of each path parameter (keyed by name) and each input node. A value that
 * does not fit is skipped rather than documented wrongly.
 */
export function splitInputExample(endpoint: AnyEndpoint, value: unknown): ExampleParts {
  const out: ExampleParts = new Map();
  const { route, input, inputTransform } = endpoint.state;
  try {
    const raw = inputTransform ? inputTransform.encode(value) : value;
    const params = route.params;
    const values = tupleOf(params.length + arity(input), raw);
    params.forEach((codec, i) => out.set(codec.name, values[i]));
    const rest = values.slice(params.length);
    if (rest.length > 0) spread(input, joined(rest), out);
  } catch {
    // An example the transforms cannot map back is left out.
  }
  return out;
}

/** Splits a named example of an endpoint's output (`examples({ out })`) into its body and headers. */
export function splitOutputExample(
  output: CodecNode,
  value: unknown,
): { content: ContentNode | undefined; value: unknown; headers: Map<HeaderNode, unknown> } {
  const parts: ExampleParts = new Map();
  try {
    spread(output, value, parts);
  } catch {
    // As above.
  }
  let content: ContentNode | undefined;
  let body: unknown;
  const headers = new Map<HeaderNode, unknown>();
  for (const [node, v] of parts) {
    const n = node as CodecNode;
    if (n.kind === 'content') {
      content = n;
      body = v;
    } else if (n.kind === 'header') headers.set(n, v);
  }
  return { content, value: body, headers };
}
