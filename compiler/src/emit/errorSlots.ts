import type { Api, Operation } from '../model/Api.ts';
import {
  declaredErrorAt,
  declaredErrorBody,
  errorFillOf,
  runtimeStatuses,
  type ErrorFill,
} from '../model/declaredErrors.ts';

const failureFields = {
  message: 'f.message',
  error: 'f.error',
  code: 'f.code',
  statusText: 'String(f.status)',
  place: 'f.parameter ?? f.pointer',
} as const;

// Numeric character references keep any text well-formed inside an element.
const xmlEscaped = (expr: string) => `${expr}.replace(/[<>&]/g, (c) => '&#' + c.charCodeAt(0) + ';')`;
/** The runtime's failure `f` as a minimal XML error document, S3's form. */
const xmlError =
  `'<?xml version="1.0" encoding="UTF-8"?><Error><Code>' + ${xmlEscaped('String(f.code)')} + ` +
  `'</Code><Message>' + ${xmlEscaped('f.message')} + '</Message></Error>'`;

// A fresh identifier of the error's occurrence: a UUID (as a URN where a URI is declared), or a
// ULID (48-bit milliseconds, then 80 random bits, in Crockford's base 32).
const uniqueText = {
  uuid: 'crypto.randomUUID()',
  urn: "'urn:uuid:' + crypto.randomUUID()",
  ulid:
    "((a, t) => Array.from({ length: 10 }, (_, i) => a[Math.floor(t / 32 ** (9 - i)) % 32]).join('') + " +
    "Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => a[b % 32]).join(''))" +
    "('0123456789ABCDEFGHJKMNPQRSTVWXYZ', Date.now())",
} as const;

/**
 * A failure's text cut to a declared `maxLength` (unicourt's 255-character `message`, which a
 * refused 2,000-character parameter quoted in the runtime's message would pass): cut by UTF-16
 * units, so never longer in code points either. `optional` keeps an absent text absent.
 */
function clipped(expr: string, maxLength: number | undefined, optional: boolean): string {
  if (maxLength === undefined) return expr;
  return optional ? `(${expr})?.slice(0, ${maxLength})` : `${expr}.slice(0, ${maxLength})`;
}

/** The JavaScript expression of a fill, over the runtime's failure `f`. */
function print(fill: ErrorFill): string {
  switch (fill.kind) {
    case 'failure':
      return clipped(
        fill.field === 'place' && fill.optional !== true ? `(${failureFields.place} ?? '')` : failureFields[fill.field],
        fill.maxLength,
        fill.field === 'place' && fill.optional === true,
      );
    case 'status':
      return fill.bigint === true ? 'BigInt(f.status)' : 'f.status';
    case 'literal':
      return JSON.stringify(fill.value);
    case 'now':
      return 'new Date().toISOString()';
    case 'unique':
      return uniqueText[fill.form];
    case 'array':
      return `[${fill.items.map(print).join(', ')}]`;
    case 'object':
      return `{ ${fill.fields
        .map(({ name, fill: f }) =>
          f.kind === 'failure' && f.optional === true
            ? `...((${print(f)}) === undefined ? {} : { ${JSON.stringify(name)}: ${print(f)} })`
            : `${JSON.stringify(name)}: ${print(f)}`,
        )
        .join(', ')} }`;
  }
}

/**
 * The generated `mapError` of an operation: an arrow from the runtime's failure to the declared
 * error of each runtime status whose declared schema the failure can fill; undefined when none can.
 */
export function errorMapperOf(api: Api, op: Operation): string | undefined {
  // Statuses answered the same way (one range or default covering several) share one case.
  const byAnswer = new Map<string, number[]>();
  for (const status of runtimeStatuses) {
    const r = declaredErrorAt(op, status);
    if (!r) continue;
    if (!r.content) {
      // Declared without a body: the refusal goes out bodiless, as the document says (its
      // message is logged at debug level by the runtime); a required header it declares stays
      // unmet (generation warns), the body at least as declared.
      const answer = 'bodiless';
      byAnswer.set(answer, [...(byAnswer.get(answer) ?? []), status]);
      continue;
    }
    if (r.headers.some((h) => h.required)) continue;
    const declared = declaredErrorBody(r, api);
    if (!declared) continue;
    const result = errorFillOf(api, declared.schema, status);
    if (!('fill' in result)) continue;
    // Bytes (`application/octet-stream`) carry the filled value as JSON text; a `text/xml` error
    // takes the message in a minimal XML document.
    const body =
      declared.bytes === true
        ? `new TextEncoder().encode(JSON.stringify(${print(result.fill)}))`
        : declared.xml === true && result.fill.kind === 'failure'
          ? xmlError
          : print(result.fill);
    const answer = `${declared.mediaType !== undefined ? `mediaType: ${JSON.stringify(declared.mediaType)}, ` : ''}body: ${body}`;
    byAnswer.set(answer, [...(byAnswer.get(answer) ?? []), status]);
  }
  const cases = [...byAnswer].map(([answer, statuses]) => {
    const rest = answer === 'bodiless' ? '' : `, ${answer}`;
    return statuses.length === 1
      ? `f.status === ${statuses[0]} ? { status: ${statuses[0]}${rest} } : `
      : `[${statuses.join(', ')}].includes(f.status) ? { status: f.status${rest} } : `;
  });
  return cases.length === 0 ? undefined : `(f) => (${cases.join('')}undefined)`;
}
