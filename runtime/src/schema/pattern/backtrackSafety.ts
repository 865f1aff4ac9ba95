import { CharSet } from './CharSet.ts';
import type { RegexNode } from './regexSyntax.ts';

// Which patterns a backtracking engine (V8's) runs in time linear in the input, proven on the
// syntax tree. The proof is deliberately narrow: a pattern passes when every choice the engine
// can make is decided by the next character, so a failed attempt gives back at most what one
// repetition took and never retries a different split of the same text.
//
// - Anchored at the start (`^…`), or free of variable repetition: otherwise the engine retries
//   from every start position (`[a-z]+@` on "aaaa…" is quadratic).
// - A repetition whose count can vary (`a*`, `\d{2,5}`) repeats a single character set, and that
//   set shares no character with what may follow it (`^\d+-\d+$` passes, `^\d+\d+$` does not).
// - Alternatives start with disjoint characters and cannot be empty; a group is not repeated
//   beyond `?` (`(a+)+`, `(ab)*` fail).
// - `$` only at the end, lookarounds and backreferences never.
// Everything else is run by the linear-time matcher instead, which is correct for all of them.

interface Shape {
  /** The characters a match of the node can start with. */
  readonly first: CharSet;
  /** True when the node can match the empty string. */
  readonly nullable: boolean;
}

class NotProven extends Error {}

/** True when V8's backtracking engine is proven to run `pattern` (parsed) in linear time. */
export function isBacktrackingLinear(node: RegexNode): boolean {
  const items = node.kind === 'sequence' ? node.items : [node];
  const anchored = items[0]?.kind === 'assert' && items[0].assertion === 'start';
  if (!anchored && hasVariableRepeat(node)) return false;
  try {
    sequence(anchored ? items.slice(1) : items, CharSet.empty, true);
    return true;
  } catch (error) {
    if (error instanceof NotProven) return false;
    throw error;
  }
}

function hasVariableRepeat(node: RegexNode): boolean {
  switch (node.kind) {
    case 'repeat':
      return node.min !== node.max || hasVariableRepeat(node.node);
    case 'sequence':
      return node.items.some(hasVariableRepeat);
    case 'alternation':
      return node.alternatives.some(hasVariableRepeat);
    case 'look':
      return true;
    default:
      return false;
  }
}

/** Checks a sequence right to left, each item against what may follow it; `last` when the pattern ends after it. */
function sequence(items: readonly RegexNode[], follow: CharSet, last: boolean): Shape {
  let after = follow;
  let nullable = true;
  for (let i = items.length - 1; i >= 0; i--) {
    const shape = item(items[i], after, last && i === items.length - 1);
    after = shape.nullable ? after.union(shape.first) : shape.first;
    nullable &&= shape.nullable;
  }
  return { first: after, nullable };
}

function item(node: RegexNode, follow: CharSet, last: boolean): Shape {
  switch (node.kind) {
    case 'chars':
      return { first: node.set, nullable: false };
    case 'assert':
      if (node.assertion === 'start') throw new NotProven();
      if (node.assertion === 'end' && !last) throw new NotProven();
      return { first: CharSet.empty, nullable: true };
    case 'sequence':
      return sequence(node.items, follow, last);
    case 'alternation':
      return alternation(node.alternatives, follow, last);
    case 'repeat':
      return repeat(node, follow, last);
    default:
      throw new NotProven();
  }
}

function alternation(alternatives: readonly RegexNode[], follow: CharSet, last: boolean): Shape {
  let first = CharSet.empty;
  for (const alternative of alternatives) {
    const shape = item(alternative, follow, last);
    if (shape.nullable || !first.disjoint(shape.first)) throw new NotProven();
    first = first.union(shape.first);
  }
  return { first, nullable: false };
}

function repeat(node: Extract<RegexNode, { kind: 'repeat' }>, follow: CharSet, last: boolean): Shape {
  const inner = node.node;
  if (node.min === node.max) {
    // A fixed count is the node written out that many times: each copy but the last is followed
    // by the node's own first characters.
    const shape = item(inner, follow, last && node.min === 1);
    if (node.min > 1) item(inner, follow.union(shape.first), false);
    if (node.min === 0) return { first: CharSet.empty, nullable: true };
    return { first: shape.first, nullable: shape.nullable };
  }
  if (inner.kind === 'chars') {
    if (!inner.set.disjoint(follow)) throw new NotProven();
    return { first: inner.set, nullable: node.min === 0 };
  }
  if (node.min === 0 && node.max === 1) {
    // An optional group: taken or skipped, decided by its first character.
    const shape = item(inner, follow, last);
    if (shape.nullable || !shape.first.disjoint(follow)) throw new NotProven();
    return { first: shape.first, nullable: true };
  }
  throw new NotProven();
}
