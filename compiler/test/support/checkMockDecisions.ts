// Which of `kitgen check`'s violations against `kitgen mock` are kitgen's recorded decisions, as
// the real-world wire test files them: a refusal of the generated server (the mock) that is not in
// the operation's declared error shape because the runtime cannot fill that shape (a required
// field no part of the failure names, a body only in image or audio types, a required header),
// which `kitgen generate` and `kitgen mock` warn about, naming the operation and `mapError`
// (docs/decisions.md: "The runtime's own refusals use a declared error type only when it can hold
// them", and the generated error mappers' "a value the compiler cannot invent"). The check itself
// still reports them: it judges any server by the document, and a user's `mapError` fills the shape.
// Also one of the model's: a response offered as multipart beside another shape is left out, with a
// warning ("one operation has one body shape"), so the generated server answers an Accept of that
// media type alone with 406 (docs/decisions.md, the kind left after the media-type variants).
// And one of the runtime's: a request path with an empty segment (`//`) is refused before routing,
// so an operation the document declares with `//` in its path is served without it (docs/decisions.md,
// "An empty path segment is refused"), as the wire test files it (`empty-segment-refused`).
import { EndpointGen, loadDocument } from '../../src/index.ts';
import type { Api } from '../../src/model/Api.ts';
import type { Diagnostic } from '../../src/diagnostics/index.ts';
import { at } from '../../src/check/documentPointers.ts';
import { unmetDeclaredError } from '../../src/model/declaredErrors.ts';

/** The check's categories of a refusal not in the declared error shape. */
const errorShapeCategories = /: (error-content-type|error-body-schema|error-body-undeclared) \(status (\d{3})\)$/m;

/** A 406 to a valid request, which asked for one of the response's declared media types. */
const notAcceptable = /— valid requests: response-status \(status 406\)$/m;

/** A valid request refused because its path, as the document declares it, holds an empty segment. */
const emptySegment =
  /^✗ \S+ \S*\/\/.* — valid requests: valid-refused \(status 400\)\n.*the path holds an empty segment/;

/** The media type a violation's curl line asked for. */
const acceptOf = (v: string) => /-H 'accept: ([^';,]+)'/i.exec(v)?.[1]?.trim().toLowerCase();

/**
 * Why the generated server cannot answer `accept` for `op`, where that is the model's warned
 * decision: no output of the model carries the media type, and generating warned that the
 * operation's response of it (its own or the component it names) was left out.
 */
function leftOutResponse(
  doc: unknown,
  op: Api['operations'][number],
  accept: string,
  warnings: readonly Diagnostic[],
): string | undefined {
  const carried = op.outputs.flatMap((r) => [
    ...(r.content?.mediaTypes ?? []),
    ...(r.content?.variants ?? []).flatMap((v) => v.mediaTypes),
  ]);
  if (carried.some((m) => m.toLowerCase() === accept)) return undefined;
  const places = op.outputs.flatMap((r) => {
    const own = `${op.pointer}/responses/${r.key}`;
    const ref = (at(doc, own) as { $ref?: unknown } | undefined)?.$ref;
    return typeof ref === 'string' && ref.startsWith('#/') ? [own, ref.slice(1)] : [own];
  });
  return warnings.find(
    (w) =>
      w.pointer !== undefined &&
      places.some((p) => w.pointer!.startsWith(`${p}/content/`)) &&
      / one operation has one body shape, so it is left out$/.test(w.message) &&
      w.message.toLowerCase().includes(` ${accept} `),
  )?.message;
}

const unescapePointer = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** `METHOD /path` of each operation of the model, as the check labels it (the document's path key). */
function labels(api: Api): Map<string, Api['operations'][number]> {
  const out = new Map<string, Api['operations'][number]>();
  for (const op of api.operations) {
    const [, , path, method] = op.pointer.split('/');
    if (path !== undefined && method !== undefined) out.set(`${method.toUpperCase()} ${unescapePointer(path)}`, op);
  }
  return out;
}

/**
 * Splits the check's printed violations of one document into kitgen's and its recorded decisions
 * (each decision line ends with why the shape cannot be filled).
 */
export async function splitDecisions(
  file: string,
  violations: readonly string[],
): Promise<{ violations: string[]; decisions: string[] }> {
  const refusedPaths = violations.filter((v) => emptySegment.test(v));
  const rest = violations.filter((v) => !emptySegment.test(v));
  const recordedPath = refusedPaths.map(
    (v) => `${v}\n  recorded decision: the runtime refuses an empty path segment in any request`,
  );
  const candidates = rest.filter((v) => {
    const head = v.split('\n')[0];
    return errorShapeCategories.test(head) || notAcceptable.test(head);
  });
  if (candidates.length === 0) return { violations: rest, decisions: recordedPath };
  const source = await loadDocument(file);
  const { api, warnings } = EndpointGen.fromOpenAPI(source.document, { targets: ['server'], file, split: false });
  const byLabel = labels(api);
  const out = { violations: [] as string[], decisions: recordedPath };
  for (const v of rest) {
    const head = v.split('\n')[0];
    const match = errorShapeCategories.exec(head);
    const label = /^✗ (\S+ \S+)/.exec(head)?.[1];
    const op = label === undefined ? undefined : byLabel.get(label);
    const why = match && op ? unmetDeclaredError(api, op, Number(match[2])) : undefined;
    const accept = op && notAcceptable.test(head) ? acceptOf(v) : undefined;
    const leftOut = op && accept !== undefined ? leftOutResponse(source.document, op, accept, warnings) : undefined;
    if (why !== undefined) out.decisions.push(`${v}\n  recorded decision: the runtime cannot fill the declared ${why}`);
    else if (leftOut !== undefined) out.decisions.push(`${v}\n  recorded decision: the model left it out: ${leftOut}`);
    else out.violations.push(v);
  }
  return out;
}
