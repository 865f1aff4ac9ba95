// Which of `kitgen check`'s violations against `kitgen mock` are kitgen's recorded decisions, as
// the real-world wire test files them: a refusal of the generated server (the mock) that is not in
// the operation's declared error shape because the runtime cannot fill that shape (a required
// field no part of the failure names, a body only in image or audio types, a required header),
// which `kitgen generate` and `kitgen mock` warn about, naming the operation and `mapError`
// (docs/decisions.md: "The runtime's own refusals use a declared error type only when it can hold
// them", and the generated error mappers' "a value the compiler cannot invent"). The check itself
// still reports them: it judges any server by the document, and a user's `mapError` fills the shape.
import { EndpointGen, loadDocument } from '../../src/index.ts';
import type { Api } from '../../src/model/Api.ts';
import { unmetDeclaredError } from '../../src/model/declaredErrors.ts';

/** The check's categories of a refusal not in the declared error shape. */
const errorShapeCategories = /: (error-content-type|error-body-schema|error-body-undeclared) \(status (\d{3})\)$/m;

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
  const candidates = violations.filter((v) => errorShapeCategories.test(v.split('\n')[0]));
  if (candidates.length === 0) return { violations: [...violations], decisions: [] };
  const source = await loadDocument(file);
  const api = EndpointGen.fromOpenAPI(source.document, { targets: ['server'], file, split: false }).api;
  const byLabel = labels(api);
  const out = { violations: [] as string[], decisions: [] as string[] };
  for (const v of violations) {
    const head = v.split('\n')[0];
    const match = errorShapeCategories.exec(head);
    const label = /^✗ (\S+ \S+)/.exec(head)?.[1];
    const op = label === undefined ? undefined : byLabel.get(label);
    const why = match && op ? unmetDeclaredError(api, op, Number(match[2])) : undefined;
    if (why === undefined) out.violations.push(v);
    else out.decisions.push(`${v}\n  recorded decision: the runtime cannot fill the declared ${why}`);
  }
  return out;
}
