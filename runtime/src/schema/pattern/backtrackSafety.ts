import { CharSet } from './CharSet.ts';
import type { RegexNode } from './regexSyntax.ts';

// Which patterns a backtracking engine (V8's) runs in time linear in the input, proven on the
// syntax tree. The proof is deliberately narrow: a pattern passes when every choice the engine
// can make is decided by the next character, so a failed attempt gives back at most what one
// repetition took and never retries a different split of the same text.
//
// - Anchored at the start (`^…`): otherwise the engine retries from every start position
//   (`.*\S` on spaces is quadratic). An unanchored pattern passes when only its last item
//   repeats a variable number of times, repeating one character set (`[a-z][a-z0-9-]+`,
//   `\S+`): an attempt then fails within the fixed part or succeeds.
// - A repetition whose count can vary (`a*`, `\d{2,5}`) repeats a single character set, and that
//   set shares no character with what may follow it (`^\d+-\d+$` passes, `^\d+\d+$` does
//   not), unless all that follows it is of fixed width (`^[a-z][a-z0-9-]*[a-z0-9]$`): giving back
//   one character then costs one fixed-width attempt.
// - Alternatives start with disjoint characters and cannot be empty; a repeated group cannot be
//   empty, starts with characters that cannot follow the loop, and passes these rules with the
//   next round as what follows it (`^\w+(,\w+)*$` passes, `(a+)+` and `^(\w+\s?)*$` do not).
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
  try {
    if (anchored) sequence(items.slice(1), CharSet.empty, true, true);
    else if (!hasVariableRepeat(node)) sequence(items, CharSet.empty, true, true);
    else {
      const tail = items[items.length - 1];
      const fixed = items.slice(0, -1);
      if (tail.kind !== 'repeat' || tail.node.kind !== 'chars' || fixed.some(hasVariableRepeat)) return false;
      sequence(fixed, tail.node.set, false, true);
    }
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

/**
 * Checks a sequence right to left, each item against what may follow it; `last` when the pattern
 * ends after it, `fixedAfter` when all that follows it to the end is of fixed width.
 */
function sequence(items: readonly RegexNode[], follow: CharSet, last: boolean, fixedAfter: boolean): Shape {
  let after = follow;
  let nullable = true;
  let fixed = fixedAfter;
  for (let i = items.length - 1; i >= 0; i--) {
    const shape = item(items[i], after, last && i === items.length - 1, fixed);
    after = shape.nullable ? after.union(shape.first) : shape.first;
    nullable &&= shape.nullable;
    fixed &&= !hasVariableRepeat(items[i]);
  }
  return { first: after, nullable };
}

function item(node: RegexNode, follow: CharSet, last: boolean, fixedAfter: boolean): Shape {
  switch (node.kind) {
    case 'chars':
      return { first: node.set, nullable: false };
    case 'assert':
      if (node.assertion === 'start') throw new NotProven();
      if (node.assertion === 'end' && !last) throw new NotProven();
      return { first: CharSet.empty, nullable: true };
    case 'sequence':
      return sequence(node.items, follow, last, fixedAfter);
    case 'alternation':
      return alternation(node.alternatives, follow, last, fixedAfter);
    case 'repeat':
      return repeat(node, follow, last, fixedAfter);
    default:
      throw new NotProven();
  }
}

function alternation(alternatives: readonly RegexNode[], follow: CharSet, last: boolean, fixedAfter: boolean): Shape {
  let first = CharSet.empty;
  for (const alternative of alternatives) {
    const shape = item(alternative, follow, last, fixedAfter);
    if (shape.nullable || !first.disjoint(shape.first)) throw new NotProven();
    first = first.union(shape.first);
  }
  return { first, nullable: false };
}

function repeat(
  node: Extract<RegexNode, { kind: 'repeat' }>,
  follow: CharSet,
  last: boolean,
  fixedAfter: boolean,
): Shape {
  const inner = node.node;
  const innerFixed = fixedAfter && !hasVariableRepeat(inner);
  if (node.min === node.max) {
    // A fixed count is the node written out that many times: each copy but the last is followed
    // by the node's own first characters.
    const shape = item(inner, follow, last && node.min === 1, fixedAfter);
    if (node.min > 1) item(inner, follow.union(shape.first), false, innerFixed);
    if (node.min === 0) return { first: CharSet.empty, nullable: true };
    return { first: shape.first, nullable: shape.nullable };
  }
  if (inner.kind === 'chars') {
    if (!inner.set.disjoint(follow) && !fixedAfter) throw new NotProven();
    return { first: inner.set, nullable: node.min === 0 };
  }
  if (node.min === 0 && node.max === 1) {
    // An optional group: taken or skipped, decided by its first character.
    const shape = item(inner, follow, last, fixedAfter);
    if (shape.nullable || !shape.first.disjoint(follow)) throw new NotProven();
    return { first: shape.first, nullable: true };
  }
  // A repeated group (`(,\d+)*`): another round or the end of the loop, decided by the next
  // character, and within a round what may follow is the next round or what follows the loop.
  const shape = shapeOf(inner);
  if (shape.nullable || !shape.first.disjoint(follow)) throw new NotProven();
  item(inner, follow.union(shape.first), false, false);
  return { first: shape.first, nullable: node.min === 0 };
}

/** The first characters and nullability of a node, without checking it. */
function shapeOf(node: RegexNode): Shape {
  switch (node.kind) {
    case 'chars':
      return { first: node.set, nullable: false };
    case 'assert':
      return { first: CharSet.empty, nullable: true };
    case 'sequence': {
      let first = CharSet.empty;
      for (const child of node.items) {
        const shape = shapeOf(child);
        first = first.union(shape.first);
        if (!shape.nullable) return { first, nullable: false };
      }
      return { first, nullable: true };
    }
    case 'alternation': {
      const shapes = node.alternatives.map(shapeOf);
      return {
        first: shapes.reduce((set, x) => set.union(x.first), CharSet.empty),
        nullable: shapes.some((x) => x.nullable),
      };
    }
    case 'repeat': {
      const shape = shapeOf(node.node);
      return { first: shape.first, nullable: node.min === 0 || shape.nullable };
    }
    default:
      throw new NotProven();
  }
}
