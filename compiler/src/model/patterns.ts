// JSON Schema's `pattern` is an ECMA-262 regular expression, and the runtime's validator
// (TypeBox) compiles it with the `u` flag, which refuses the "identity escapes" ECMA-262's
// Annex B allows without it: `\:`, `\_`, `\"`, `` \` `` mean the character itself. Published
// documents write them often (DigitalOcean `^[a-zA-Z0-9_\-\:]+$`, SendGrid), so such a
// pattern is rewritten to the same expression in unicode mode instead of being dropped.

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
    if (c === '[' && !inClass) inClass = true;
    else if (c === ']' && inClass) inClass = false;
    out += c;
  }
  return compiles(out, 'u') ? out : undefined;
}
