/**
 * The runtime's one name splitter: `firstName`, `first_name`, `first-name`, `FirstName`,
 * `HTTPServer2`, `users/{id}` → words, case kept. A lower-case letter or digit followed by a
 * capital starts a word, and so does the last capital of a run followed by a lower-case letter
 * (`HTTPServer` → `HTTP`, `Server`); anything that is not a letter or digit separates words.
 * With `ascii`, only A–Z, a–z and 0–9 count as letters and digits (for identifiers in IDLs,
 * operation ids and command names, which must stay ASCII).
 */
export function words(text: string, options: { readonly ascii?: boolean } = {}): string[] {
  return text
    .replace(options.ascii ? ASCII_LOWER_UPPER : LOWER_UPPER, '$1 $2')
    .replace(options.ascii ? ASCII_ACRONYM : ACRONYM, '$1 $2')
    .split(options.ascii ? ASCII_SEPARATORS : SEPARATORS)
    .filter((w) => w.length > 0);
}

const LOWER_UPPER = /([\p{Ll}\p{N}])(\p{Lu})/gu;
const ACRONYM = /(\p{Lu}+)(\p{Lu}\p{Ll})/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/u;
const ASCII_LOWER_UPPER = /([a-z0-9])([A-Z])/g;
const ASCII_ACRONYM = /([A-Z]+)([A-Z][a-z])/g;
const ASCII_SEPARATORS = /[^A-Za-z0-9]+/;
