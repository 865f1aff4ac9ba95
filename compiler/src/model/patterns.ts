// JSON Schema's `pattern` is an ECMA-262 regular expression, and the runtime's validator
// (TypeBox) compiles it with the `u` flag, which refuses the "identity escapes" ECMA-262's
// Annex B allows without it: `\:`, `\_`, `\"`, `` \` `` mean the character itself. Published
// documents write them often (DigitalOcean `^[a-zA-Z0-9_\-\:]+$`, SendGrid), so such a
// pattern is rewritten to the same expression in unicode mode instead of being dropped. So is
// one with braces that start no quantifier (ijenko's `[0-9]{,2}`, which Annex B reads as text).

/** Characters a unicode-mode pattern may escape to mean themselves (SyntaxCharacter and `/`). */
const syntax = new Set('^$\\.*+?()[]{}|/');

function compiles(pattern: string, flags: string): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
}

/** A quantifier `{n}`, `{n,}` or `{n,m}` starting where lastIndex is set. */
const quantifierAt = /\{\d+(?:,\d*)?\}/y;

/**
 * The pattern as the runtime's validator can compile it (with the `u` flag): as written when it
 * compiles, else with Annex B identity escapes written as the characters they stand for;
 * undefined when it is not an ECMA-262 regular expression at all.
 */
export function unicodePattern(pattern: string): string | undefined {
  if (compiles(pattern, 'u')) return pattern;
  if (!compiles(pattern, '')) return undefined;
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) {
      const next = pattern[i + 1];
      // `\-` is a class escape in unicode mode; outside a class it is a literal `-` either way.
      const keep = /[0-9A-Za-z]/.test(next) || syntax.has(next) || (next === '-' && inClass);
      out += keep ? c + next : next;
      i++;
      continue;
    }
    if (!inClass && (c === '{' || c === '}')) {
      // Annex B reads a brace that starts no quantifier (`{,2}`, a lone `}`) as itself; unicode mode needs it escaped.
      quantifierAt.lastIndex = i;
      const quantifier = c === '{' ? quantifierAt.exec(pattern)?.[0] : undefined;
      out += quantifier ?? `\\${c}`;
      i += quantifier === undefined ? 0 : quantifier.length - 1;
      continue;
    }
    if (c === '[' && !inClass) inClass = true;
    else if (c === ']' && inClass) inClass = false;
    out += c;
  }
  return compiles(out, 'u') ? out : undefined;
}

/** What the runtime's validator tests on strings of at most this many characters when only a backtracking engine can run the pattern. */
export const BACKTRACKING_LENGTH_LIMIT = 1024;

/**
 * Why the runtime's validator can run `pattern` (a unicode-mode pattern) only on a backtracking
 * engine, and so only on strings of at most BACKTRACKING_LENGTH_LIMIT characters: a
 * backreference, a lookbehind, or a lookahead anywhere but right after a leading `^` (where the
 * runtime checks each lookahead as a pattern of its own, in linear time). Undefined when the
 * runtime's linear-time engines run it. Mirrors runtime/src/schema/pattern/schemaPattern.ts.
 */
export function backtrackingOnly(pattern: string): string | undefined {
  let depth = 0;
  let inClass = false;
  // Still in the leading run `^(?=…)(?!…)` at the top level; and inside one of its lookaheads.
  let leading = pattern.startsWith('^');
  let leadingLookaheads = 0;
  const openedLeading: boolean[] = [];
  let alternatives = false;
  for (let i = leading ? 1 : 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || (next === 'k' && pattern[i + 2] === '<'))) return 'a backreference';
      if (depth === 0) leading = false;
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') {
      if (pattern.startsWith('(?<=', i) || pattern.startsWith('(?<!', i)) return 'a lookbehind';
      const lookahead = pattern.startsWith('(?=', i) || pattern.startsWith('(?!', i);
      const atStart = lookahead && depth === 0 && leading;
      if (lookahead && !atStart)
        return depth === 0 ? 'a lookahead that does not follow a leading ^ directly' : 'a lookahead inside a group';
      if (atStart) leadingLookaheads++;
      openedLeading.push(atStart);
      depth++;
      continue;
    } else if (c === ')') {
      depth--;
      if (depth === 0 && openedLeading.pop() === true) continue;
    } else if (c === '|' && depth === 0) alternatives = true;
    if (depth === 0) leading = false;
  }
  return leadingLookaheads > 0 && alternatives ? 'a lookahead in a pattern with top-level alternatives' : undefined;
}
