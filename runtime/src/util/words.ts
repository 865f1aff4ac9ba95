/**
 * The runtime's one name splitter: `firstName`, `first_name`, `first-name`, `FirstName`,
 * `HTTPServer2`, `users/{id}` → words, case kept. A lower-case letter or digit followed by a
 * capital starts a word, and so does the last capital of a run followed by a lower-case letter
 * (`HTTPServer` → `HTTP`, `Server`); anything that is not a letter or digit separates words.
 * With `ascii`, only A–Z, a–z and 0–9 count as letters and digits (for identifiers in IDLs,
 * operation ids and command names, which must stay ASCII).
 */
export function words(text: string, options: { readonly ascii?: boolean } = {}): string[] {
  const unicode = options.ascii ? undefined : (unicodeWords ??= unicodeWordPatterns());
  return text
    .replace(unicode?.lowerUpper ?? ASCII_LOWER_UPPER, '$1 $2')
    .replace(unicode?.acronym ?? ASCII_ACRONYM, '$1 $2')
    .split(unicode?.separators ?? ASCII_SEPARATORS)
    .filter((w) => w.length > 0);
}

// Made on first use, from strings: V8 checks a `\p{…}` literal against ICU's tables while it
// parses the file, and again when the literal is evaluated, a cost every server's start would
// pay for names it may never split.
let unicodeWords: { lowerUpper: RegExp; acronym: RegExp; separators: RegExp } | undefined;
const unicodeWordPatterns = () => ({
  lowerUpper: new RegExp('([\\p{Ll}\\p{N}])(\\p{Lu})', 'gu'),
  acronym: new RegExp('(\\p{Lu}+)(\\p{Lu}\\p{Ll})', 'gu'),
  separators: new RegExp('[^\\p{L}\\p{N}]+', 'u'),
});
const ASCII_LOWER_UPPER = /([a-z0-9])([A-Z])/g;
const ASCII_ACRONYM = /([A-Z]+)([A-Z][a-z])/g;
const ASCII_SEPARATORS = /[^A-Za-z0-9]+/;
