// A document's `pattern` is an ECMA-262 regular expression, read as Annex B reads it when it does
// not compile in unicode mode: `\:` or `\_` is the character itself, and a brace that starts no
// quantifier (`[0-9]{,2}`) is text. The runtime's safe engines take unicode-mode patterns only,
// so the referee hands them the unicode-mode pattern that means the same. The referee reads the
// document alone, never through kitgen's model, so it keeps its own reading of the rewrite.

/** Characters a unicode-mode pattern may escape to mean themselves (SyntaxCharacter and `/`). */
const syntax = new Set('^$\\.*+?()[]{}|/');

/** A quantifier `{n}`, `{n,}` or `{n,m}` starting where lastIndex is set. */
const quantifierAt = /\{\d+(?:,\d*)?\}/y;

function compiles(pattern: string, flags: string): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
}

/** `pattern` as a unicode-mode pattern of the same meaning; undefined when ECMA-262 cannot read it at all. */
export function unicodeReading(pattern: string): string | undefined {
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
    } else if (!inClass && (c === '{' || c === '}')) {
      quantifierAt.lastIndex = i;
      const quantifier = c === '{' ? quantifierAt.exec(pattern)?.[0] : undefined;
      out += quantifier ?? `\\${c}`;
      i += quantifier === undefined ? 0 : quantifier.length - 1;
    } else {
      if (c === '[' && !inClass) inClass = true;
      else if (c === ']' && inClass) inClass = false;
      out += c;
    }
  }
  return compiles(out, 'u') ? out : undefined;
}
