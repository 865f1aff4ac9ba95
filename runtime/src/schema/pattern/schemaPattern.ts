import { isBacktrackingLinear } from './backtrackSafety.ts';
import { compileLinearMatcher } from './linearMatcher.ts';
import { parseRegex, UnsupportedPattern, type RegexNode } from './regexSyntax.ts';

// A schema's `pattern` comes from whoever wrote the document, and the string it is tested on
// comes from whoever sent the request: a pattern like `^(a+)+$` must not let a 30-character
// string take the server's CPU for seconds. Each pattern is compiled to whichever of three
// engines is safe for it:
// - "native": V8's own engine, when the pattern is proven to run in linear time there (most
//   published patterns: anchored character classes with bounds), so the fast path stays fast;
// - "linear": the linear-time matcher (linearMatcher.ts) for every other pattern it can express;
// - "bounded": V8's engine on strings of at most BACKTRACKING_LENGTH_LIMIT characters, refusing
//   longer ones, for backreferences and lookarounds other than leading lookaheads. The compiler
//   warns about such patterns when it generates code.

/** How a pattern is run: see above. */
export type PatternEngine = 'native' | 'linear' | 'bounded';

/** The longest string a pattern only a backtracking engine can run is tested on. */
export const BACKTRACKING_LENGTH_LIMIT = 1024;

interface PatternDetails {
  readonly engine: PatternEngine;
  /** Why `value` fails, in the words a validation message uses. */
  failure(value: string): string;
}

const cache = new Map<string, RegExp>();
// Kept beside the RegExp, not on it: a RegExp with own properties leaves V8's fast path (a
// proven-linear pattern's check took 157 ns instead of 66).
const details = new WeakMap<RegExp, PatternDetails>();

/**
 * The safe matcher for a `pattern` (compiled once per source), as a real `RegExp` TypeBox accepts
 * as `pattern`: V8's own when proven linear, else one whose `test` is the safe one. Throws
 * SyntaxError when the source is not a `u`-mode pattern.
 */
export function compileSchemaPattern(source: string): RegExp {
  let hit = cache.get(source);
  if (hit === undefined) {
    hit = build(source);
    cache.set(source, hit);
  }
  return hit;
}

/** Which engine runs `source` (for warnings and tests). */
export function patternEngine(source: string): PatternEngine {
  return details.get(compileSchemaPattern(source))!.engine;
}

/** Why `value` fails `pattern` (one compileSchemaPattern made, or any RegExp), in a validation message's words. */
export function patternFailure(pattern: RegExp, value: string): string {
  return details.get(pattern)?.failure(value) ?? `must match pattern ${JSON.stringify(pattern.source)}`;
}

function build(source: string): RegExp {
  const native = new RegExp(source, 'u');
  const { engine, test } = chooseEngine(source, native);
  const quoted = JSON.stringify(source);
  const failure = (value: string) =>
    engine === 'bounded' && value.length > BACKTRACKING_LENGTH_LIMIT
      ? `must not have more than ${BACKTRACKING_LENGTH_LIMIT} characters to be checked against pattern ${quoted}`
      : `must match pattern ${quoted}`;
  const compiled =
    engine === 'native' ? native : (Object.defineProperty(new RegExp(source, 'u'), 'test', { value: test }) as RegExp);
  details.set(compiled, { engine, failure });
  return compiled;
}

function chooseEngine(source: string, native: RegExp): { engine: PatternEngine; test: (s: string) => boolean } {
  const nativeTest = RegExp.prototype.test.bind(native);
  try {
    const test = matcherFor(source, nativeTest);
    return { engine: test === nativeTest ? 'native' : 'linear', test };
  } catch (error) {
    if (!(error instanceof UnsupportedPattern)) throw error;
  }
  return { engine: 'bounded', test: (s) => s.length <= BACKTRACKING_LENGTH_LIMIT && nativeTest(s) };
}

/** The safe test of `source`: `nativeTest` itself when V8 runs it in linear time. */
function matcherFor(source: string, nativeTest: (s: string) => boolean): (s: string) => boolean {
  const tree = parseRegex(source);
  const split = splitLeadingLookaheads(tree, source);
  if (split) return split;
  if (isBacktrackingLinear(tree)) return nativeTest;
  const matcher = compileLinearMatcher(tree);
  return (s) => matcher.test(s);
}

/**
 * `^(?=A)(?!B)C` holds when `^(?:A)` matches, `^(?:B)` does not and `^C` does: lookaheads right
 * after the start anchor are looked at from position 0 only, so each is a pattern of its own
 * (password rules are written this way). Undefined when the pattern has no such prefix.
 */
function splitLeadingLookaheads(tree: RegexNode, source: string): ((s: string) => boolean) | undefined {
  if (tree.kind !== 'sequence' || tree.items[0]?.kind !== 'assert' || tree.items[0].assertion !== 'start')
    return undefined;
  const checks: { negative: boolean; test: (s: string) => boolean }[] = [];
  let end = 0;
  for (const item of tree.items.slice(1)) {
    if (item.kind !== 'look' || !item.ahead) break;
    checks.push({ negative: item.negative, test: anchoredPart(`^(?:${item.text})`) });
    end = item.end;
  }
  if (checks.length === 0) return undefined;
  const rest = anchoredPart(`^(?:${source.slice(end)})`);
  return (s) => checks.every((c) => c.test(s) !== c.negative) && rest(s);
}

function anchoredPart(source: string): (s: string) => boolean {
  return matcherFor(source, RegExp.prototype.test.bind(new RegExp(source, 'u')));
}
