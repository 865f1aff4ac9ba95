import type { CodecNode, ContentNode, HeaderNode, StatusCoverage, StatusNode } from '../endpoint/CodecNode.ts';
import { Either } from '../util/Either.ts';

/** A response leaf: a header, the body, or a fixed status. */
export type ResponseLeaf = HeaderNode | ContentNode | StatusNode;

/**
 * One way an output (or error) node can come back: the leaves that go out together, the status
 * the server gives them, and how to rebuild the node's value from the decoded leaf values
 * (given in the order of `leaves`).
 */
export interface ResponseShape {
  readonly leaves: readonly ResponseLeaf[];
  /** The status the server gives the shape (a range's or default's representative). */
  readonly status: number;
  /** How the shape's status is declared: the code, or a range such as `4XX`, or `default`. */
  readonly key: string;
  /** Whether a response of `status` can be this shape. */
  covers(status: number): boolean;
  readonly content: ContentNode | undefined;
  build(values: readonly unknown[]): unknown;
}

interface Partial {
  readonly leaves: readonly ResponseLeaf[];
  build(values: readonly unknown[]): unknown[];
}

/** The value a list of node values stands for: none → undefined, one → itself, more → the tuple. */
export function unwrapValues(values: readonly unknown[]): unknown {
  return values.length === 0 ? undefined : values.length === 1 ? values[0] : [...values];
}

const nothing: Partial = { leaves: [], build: () => [] };

function partials(node: CodecNode): Partial[] {
  switch (node.kind) {
    case 'header':
    case 'content':
      return [{ leaves: [node], build: (v) => [v[0]] }];
    case 'status':
      // A range's leaf is decoded to the response's status, the value it carries.
      return [{ leaves: [node], build: node.range ? (v) => [v[0]] : () => [] }];
    case 'query':
    case 'empty':
      return [nothing];
    case 'transform':
      return partials(node.inner).map((p) => ({
        leaves: p.leaves,
        build: (v) => [node.decode(unwrapValues(p.build(v)))],
      }));
    case 'or':
      return [
        ...partials(node.left).map((p) => ({
          leaves: p.leaves,
          build: (v: readonly unknown[]) => [Either.left(unwrapValues(p.build(v)))],
        })),
        ...partials(node.right).map((p) => ({
          leaves: p.leaves,
          build: (v: readonly unknown[]) => [Either.right(unwrapValues(p.build(v)))],
        })),
      ];
    case 'union':
      return node.alts.flatMap((alt) =>
        partials(alt).map((p) => ({ leaves: p.leaves, build: (v: readonly unknown[]) => [unwrapValues(p.build(v))] })),
      );
    case 'and':
      return node.parts.reduce<Partial[]>(
        (acc, part) =>
          acc.flatMap((prefix) =>
            partials(part).map((p) => ({
              leaves: [...prefix.leaves, ...p.leaves],
              build: (v: readonly unknown[]) => [
                ...prefix.build(v.slice(0, prefix.leaves.length)),
                ...p.build(v.slice(prefix.leaves.length)),
              ],
            })),
          ),
        [nothing],
      );
  }
}

/**
 * The shapes of an output or error node in declaration order, each with the status the server's
 * `encodeOutput` gives it: the last declared status, else `defaultStatus` with a body, or 204
 * without one when the default is 200.
 */
export function responseShapes(node: CodecNode, defaultStatus: number): ResponseShape[] {
  return partials(node).map((p) => {
    let status: number | undefined;
    let content: ContentNode | undefined;
    let range: StatusCoverage | undefined;
    for (const leaf of p.leaves) {
      if (leaf.kind === 'content') {
        content = leaf;
        if (leaf.status !== undefined) status = leaf.status;
      } else if (leaf.kind === 'status') {
        status = leaf.status;
        range = leaf.range;
      }
    }
    const effective = status ?? (content || defaultStatus !== 200 ? defaultStatus : 204);
    return {
      leaves: p.leaves,
      status: effective,
      key: range?.key ?? String(effective),
      covers: range ? (s) => range.covers(s) : (s) => s === effective,
      content,
      build: (v) => unwrapValues(p.build(v)),
    };
  });
}
