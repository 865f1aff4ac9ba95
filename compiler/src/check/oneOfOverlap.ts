// Whether a value the document refuses is refused only for fitting two or more members of a
// `oneOf`. kitgen reads `oneOf` as `anyOf` by a recorded decision (a value that fits two members
// is accepted), and documents often write `oneOf` where members accept the same values (zoom's
// settings bodies, wiremock's delay distributions: `{}` fits every member, none requiring a
// field), so such a value is no invalid request to send, and a server accepting it breaks no
// contract kitgen holds. The referee checks the schema's parts one by one: a oneOf two members of
// which accept the value, and an allOf each of whose members accepts it or is such a oneOf.
import type { DocumentReferee } from './documentReferee.ts';
import { follow, type View } from './documentPointers.ts';

/** How the schema at a pointer takes a value: it fits, it is refused only by a oneOf overlap, or it fails. */
export type OneOfVerdict = 'pass' | 'overlap' | 'fail';

/** The {@link OneOfVerdict} of `value` against the schema at `pointer` in `view`. */
export function oneOfVerdict(
  doc: unknown,
  referee: DocumentReferee,
  pointer: string,
  value: unknown,
  depth: number,
  view: View = 'request',
): OneOfVerdict {
  if (referee.check(pointer, view, value) === undefined) return 'pass';
  if (depth > 8) return 'fail';
  const { value: schema, pointer: at } = follow(doc, pointer);
  if (schema === undefined) return 'fail';
  // Keywords beside the composition could be what refuses the value: only a bare one is judged.
  const others = Object.keys(schema).filter(
    (k) => !['oneOf', 'allOf', 'type', 'title', 'description', 'example', 'discriminator'].includes(k),
  );
  if (others.length > 0) return 'fail';
  if (Array.isArray(schema.oneOf)) {
    if (schema.allOf !== undefined) return 'fail';
    const passing = schema.oneOf.filter((_m, i) => referee.check(`${at}/oneOf/${i}`, view, value) === undefined);
    return passing.length >= 2 ? 'overlap' : 'fail';
  }
  if (Array.isArray(schema.allOf)) {
    const each = schema.allOf.map((_m, i) => oneOfVerdict(doc, referee, `${at}/allOf/${i}`, value, depth + 1, view));
    return each.every((v) => v !== 'fail') && each.includes('overlap') ? 'overlap' : 'fail';
  }
  return 'fail';
}

/** True when the request schema at `pointer` refuses `value` for more than fitting several members of a oneOf. */
export function refusedBeyondOverlap(doc: unknown, referee: DocumentReferee, pointer: string, value: unknown): boolean {
  return oneOfVerdict(doc, referee, pointer, value, 0) === 'fail';
}
