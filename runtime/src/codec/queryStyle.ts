/**
 * OpenAPI serialisation style of a query parameter. The styles are part of the codecs: the
 * server's parameter coercion and the client's encoder read one table, so they cannot drift.
 */
export type QueryStyle = 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';

/** What joins the items of a list in one (non-exploded) parameter value, per style. */
const delimiters: Readonly<Record<QueryStyle, string>> = {
  form: ',',
  spaceDelimited: ' ',
  pipeDelimited: '|',
  deepObject: ',',
};

/** The delimiter of a non-exploded list in this style (`,` for form and deepObject). */
export function listDelimiter(style: QueryStyle): string {
  return delimiters[style];
}

/** The query key of one property of a deepObject parameter: `filter[name]`. */
export function deepObjectKey(name: string, property: string): string {
  return `${name}[${property}]`;
}

/** The property a query key names in a deepObject parameter, or undefined when it is not one of its keys. */
export function deepObjectProperty(name: string, key: string): string | undefined {
  if (!key.startsWith(name) || key.charCodeAt(name.length) !== 0x5b /* [ */ || !key.endsWith(']')) return undefined;
  return key.slice(name.length + 1, -1);
}
