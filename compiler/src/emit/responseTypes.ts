import { propertyKey, stringLiteral } from '../names/literals.ts';
import type { Response } from '../model/Api.ts';
import type { RuntimeImports } from './printer/RuntimeImports.ts';
import { typeText, type IdentOf } from './typeText.ts';

/** The hundreds a range or `default` response covers (`['4']` for `4XX`), given the keys beside it. */
function hundredsOf(key: string, keys: readonly string[], which: 'outputs' | 'errors'): string[] {
  if (key !== 'default') return [key[0]];
  return (which === 'outputs' ? ['2', '3'] : ['4', '5']).filter((d) => !keys.includes(`${d}XX`));
}

/**
 * The statuses of the given hundreds less the codes declared on their own among `keys`, spelt with
 * the runtime's `StatusIn`: `StatusIn<'4XX' | '5XX'>`, `Exclude<StatusIn<'4XX'>, 404>`.
 */
function rangeStatus(hundreds: readonly string[], keys: readonly string[], declImports: RuntimeImports): string {
  if (hundreds.length === 0) return 'never';
  const codes = keys.filter((k) => /^\d{3}$/.test(k) && hundreds.includes(k[0]));
  const union = `${declImports.use('StatusIn')}<${hundreds.map((d) => `'${d}XX'`).join(' | ')}>`;
  return codes.length === 0 ? union : `Exclude<${union}, ${codes.join(' | ')}>`;
}

/**
 * The type of a response's `status`: its code, or for a range or `default` the union of what the
 * key covers (Responses.of's rule, spelt with the runtime's `StatusIn`, less the codes and ranges
 * declared beside it), so a handler may answer any of them and a client narrows on them.
 */
export function statusType(
  r: Response,
  side: readonly Response[],
  which: 'outputs' | 'errors',
  declImports: RuntimeImports,
): string {
  if (/^\d{3}$/.test(r.key)) return r.key;
  const keys = side.map((x) => x.key);
  return rangeStatus(hundredsOf(r.key, keys, which), keys, declImports);
}

/**
 * A response's value type: its body's type when `status` is undefined (a plain output), else
 * `{ status; body; headers }`, one member per media type when the status has several shapes.
 */
export function responseType(r: Response, identOf: IdentOf, status: string | undefined): string {
  if (status === undefined) return r.content ? typeText(r.content.schema, identOf) : 'void';
  const headers =
    r.headers.length > 0
      ? [
          `headers: { ${r.headers.map((h) => `${propertyKey(h.prop)}${h.required ? '' : '?'}: ${typeText(h.schema, identOf)}`).join('; ')} }`,
        ]
      : [];
  // A status with several shapes: one member per media type, tagged, as Responses.of's `content` reads them.
  if (r.content?.variants)
    return r.content.variants
      .map(
        (v) =>
          `{ ${[`status: ${status}`, `mediaType: ${stringLiteral(v.mediaTypes[0])}`, `body: ${typeText(v.schema, identOf)}`, ...headers].join('; ')} }`,
      )
      .join(' | ');
  const parts = [`status: ${status}`];
  if (r.content) parts.push(`body: ${typeText(r.content.schema, identOf)}`);
  return `{ ${[...parts, ...headers].join('; ')} }`;
}

/** Whether a response is written `StatusBody<Status, Body>`: one body, no headers. */
function plainResponse(r: Response): boolean {
  return r.content !== undefined && r.content.variants === undefined && r.headers.length === 0;
}

/**
 * The type of a success output of an operation with several statuses or headers: `StatusBody<200,
 * Pet>` for a status with one body and no headers, the object type of {@link responseType}
 * otherwise. The runtime's interface is one type for each status and body, shared by the
 * operations answering it, where an object type written per operation is a type and three
 * symbols each time (most operations of a large document answer `2XX` with a body of their own).
 */
export function outputMemberType(r: Response, identOf: IdentOf, status: string, declImports: RuntimeImports): string {
  if (!plainResponse(r) || r.content === undefined) return responseType(r, identOf, status);
  return `${declImports.use('StatusBody')}<${status}, ${typeText(r.content.schema, identOf)}>`;
}

/**
 * An operation's declared errors, a union of one member per status: `StatusBody<404, Problem>`
 * for a status with one body and no headers, the object type of {@link responseType} otherwise.
 * Operations of a document mostly share their errors (one problem schema under `4XX`, `5XX` or
 * `default`), and the runtime's alias is one type for each status and body, however many
 * operations declare it; an object type written per operation was a type, its symbol and its two
 * members' symbols each time (on a document of 11,000 operations, an eighth of the types and
 * symbols the checker made for the output). Ranges answered with the same body are one member,
 * `StatusBody<StatusIn<'4XX' | '5XX'>, Problem>`: the same values, three type references fewer
 * for the checker to resolve in every operation declaring them. Single codes stay members of their
 * own, so `Extract<Error, { status: 404 }>` still finds theirs.
 */
export function errorType(errors: readonly Response[], identOf: IdentOf, declImports: RuntimeImports): string {
  if (errors.length === 0) return 'never';
  const keys = errors.map((r) => r.key);
  const isRange = (r: Response) => plainResponse(r) && !/^\d{3}$/.test(r.key);
  const bodyOf = (r: Response) => (r.content ? typeText(r.content.schema, identOf) : 'void');
  const members: string[] = [];
  const merged = new Set<Response>();
  for (const r of errors) {
    if (merged.has(r)) continue;
    if (!plainResponse(r)) {
      members.push(responseType(r, identOf, statusType(r, errors, 'errors', declImports)));
      continue;
    }
    const body = bodyOf(r);
    const group = isRange(r) ? errors.filter((x) => isRange(x) && bodyOf(x) === body) : [r];
    for (const x of group) merged.add(x);
    const status =
      group.length > 1
        ? rangeStatus([...new Set(group.flatMap((x) => hundredsOf(x.key, keys, 'errors')))].sort(), keys, declImports)
        : statusType(r, errors, 'errors', declImports);
    members.push(`${declImports.use('StatusBody')}<${status}, ${body}>`);
  }
  return members.join(' | ');
}
