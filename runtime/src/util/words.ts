/**
 * The runtime's one name splitter (the compiler's `names/identifiers.ts` applies the same rule,
 * held equal by a test): `firstName`, `first_name`, `first-name`, `FirstName`, `HTTPServer2`,
 * `users/{id}` → words, case kept. A lower-case letter or digit followed by a capital starts a
 * word, and so does the last capital of a run followed by a lower-case letter (`HTTPServer` →
 * `HTTP`, `Server`), except a lone `s` ending the run, an acronym's plural (`getAPIs` → `get`,
 * `APIs`; `listIPs`, `URLsForUser`); anything that is not a letter or digit separates words.
 * With `ascii`, accents are taken off first (`naïve` → `naive`) and then only A–Z, a–z and 0–9
 * count as letters and digits (for identifiers in code and IDLs, operation ids and command names,
 * which must stay ASCII).
 */
export function words(text: string, options: { readonly ascii?: boolean } = {}): string[] {
  const unicode = options.ascii ? undefined : (unicodeWords ??= unicodeWordPatterns());
  const source = options.ascii ? withoutAccents(text) : text;
  return source
    .replace(unicode?.lowerUpper ?? ASCII_LOWER_UPPER, '$1 $2')
    .replace(unicode?.acronym ?? ASCII_ACRONYM, '$1 $2')
    .split(unicode?.separators ?? ASCII_SEPARATORS)
    .filter((w) => w.length > 0);
}

/** The text with combining marks taken off its letters (`é` → `e`, `Ü` → `U`); ASCII text as it is. */
const withoutAccents = (text: string): string =>
  !NOT_ASCII.test(text) ? text : text.normalize('NFKD').replace(COMBINING_MARKS, '');

// Made on first use, from strings: V8 checks a `\p{…}` literal against ICU's tables while it
// parses the file, and again when the literal is evaluated, a cost every server's start would
// pay for names it may never split.
let unicodeWords: { lowerUpper: RegExp; acronym: RegExp; separators: RegExp } | undefined;
const unicodeWordPatterns = () => ({
  lowerUpper: new RegExp('([\\p{Ll}\\p{N}])(\\p{Lu})', 'gu'),
  acronym: new RegExp('(\\p{Lu}+)(\\p{Lu}(?!s(?!\\p{Ll}))\\p{Ll})', 'gu'),
  separators: new RegExp('[^\\p{L}\\p{N}]+', 'u'),
});
const ASCII_LOWER_UPPER = /([a-z0-9])([A-Z])/g;
const ASCII_ACRONYM = /([A-Z]+)([A-Z](?!s(?![a-z]))[a-z])/g;
const ASCII_SEPARATORS = /[^A-Za-z0-9]+/;
const NOT_ASCII = /[^\x20-\x7e\t\n\r]/;
const COMBINING_MARKS = /[\u0300-\u036f]/g;
