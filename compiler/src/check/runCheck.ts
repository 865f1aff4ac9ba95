// `kitgen check`'s run over a live server: for each operation, a property-based run of valid
// requests (every answer a declared status, body and headers, no 4xx/5xx) and one per way of
// spoiling them (each answer a 4xx); fast-check shrinks a failing case to a small request, which
// the report prints as curl. The answers are judged by the referee, over the document alone.
import fc from 'fast-check';
import { DocumentReferee, responseKey, type OpenApiDocument } from './documentReferee.ts';
import { documentOperations, type DocumentOperation } from './documentOperations.ts';
import { curlCommand } from './curl.ts';
import { sendRequest } from './sendRequest.ts';
import { judgeRefusal, judgeValidAnswer, type Seen } from './judge.ts';
import { moreInvalidRequests } from './moreSpoilers.ts';
import { caseArbitrary, caseParts, type CaseInput } from './operationCases.ts';
import { credentials } from './credentials.ts';
import { render, type RequestParts } from './requests.ts';
import { judgeHeaders } from './responseHeaders.ts';
import { credentialsLeftOut, invalidRequests } from './spoilers.ts';
import { operationLabel, selectOperations } from './operationFilter.ts';
import { siblingOperations } from './siblingOperations.ts';
import { identicalPaths, protocolSwitchOnly } from './skippedOperations.ts';
import { flagSharers, servedElsewhere, siblingsAddressed, templateSharers } from './servedElsewhere.ts';
import { documentLinks, linkApplies, linkedParts, refusedText } from './links.ts';
import { loadPatternTester, type PatternTester } from './patternTester.ts';

/** Options of {@link runCheck}. */
export interface CheckOptions {
  /** The server's base URL; an operation's path is appended to it. */
  readonly baseUrl: string;
  /** Generated cases per operation for valid requests (each way of spoiling them gets a fifth, at least one). */
  readonly maxExamples: number;
  readonly seed: number;
  /** Headers sent with every request (the user's credentials): they replace generated ones of the same name. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** Per request, in milliseconds. */
  readonly timeoutMs: number;
  /** `--operations`: which operations to call (all when absent). */
  readonly operations?: string;
  /** How document patterns are tested; by default the runtime's engines (imported at run time). */
  readonly patterns?: PatternTester;
  /** Told before each operation is run. */
  readonly onOperation?: (index: number, total: number, label: string) => void;
}

/** One contract violation, shrunk. */
export interface Violation {
  readonly operation: string;
  /** Which run found it: the valid requests, or a way of spoiling them. */
  readonly run: string;
  readonly category: string;
  readonly message: string;
  readonly status?: number;
  readonly curl: string;
}

/** What the run did with one operation. */
export interface OperationResult {
  readonly label: string;
  valid: number;
  invalid: number;
  readonly violations: Violation[];
  /** The runs made: valid requests, then one per way of spoiling them. */
  readonly runs: string[];
  /** Why no valid request was made, if none was (a pattern the generator cannot meet, a document defect). */
  unbuildable?: string;
  /** Schemas of the document the referee cannot read: its defects, not the server's. */
  readonly notes: string[];
}

/** The whole run. */
export interface CheckReport {
  readonly seed: number;
  readonly operations: OperationResult[];
}

interface Outcome {
  readonly findings: ReadonlyArray<{ category: string; message: string }>;
  readonly status?: number;
  readonly curl: string;
}

/** The header names that carry the operation's credentials (the user's own are left out where credentials are). */
function credentialHeaders(doc: OpenApiDocument, op: DocumentOperation): Set<string> {
  return new Set(['authorization', ...credentials(doc, op).parts.headers.map(([name]) => name)]);
}

/** Sends one request; a string is a transport failure (no answer, time limit). */
async function send(
  doc: OpenApiDocument,
  op: DocumentOperation,
  parts: RequestParts,
  options: CheckOptions,
  withoutCredentials: boolean,
): Promise<{ seen: Seen | string; curl: string }> {
  const { url, init } = render(options.baseUrl, op, parts);
  const headers = init.headers as Headers;
  const secret = credentialHeaders(doc, op);
  for (const [name, value] of options.headers)
    if (!(withoutCredentials && secret.has(name.toLowerCase()))) headers.set(name, value);
  const curl = curlCommand(url, init);
  try {
    const answer = await sendRequest(url, init, options.timeoutMs);
    return {
      seen: {
        status: answer.status,
        contentType: answer.headers.get('content-type') ?? undefined,
        text: answer.text,
        headers: answer.headers,
      },
      curl,
    };
  } catch (error) {
    const cause = (error as { cause?: Error }).cause;
    return { seen: `no answer: ${(error as Error).message}${cause ? `: ${cause.message}` : ''}`, curl };
  }
}

/** Statuses that say the request itself is wrong: a valid request must never get them. */
const refusalStatuses = new Set([400, 415, 422]);

/**
 * The verdict on a valid request's answer. A declared 4xx other than a refusal of the request
 * itself (a 404 for an id the server does not hold, a 401 for credentials it does not know) is an
 * answer the document allows: judged like any declared answer; an undeclared one is not.
 */
function judgeValid(doc: OpenApiDocument, referee: DocumentReferee, op: DocumentOperation, seen: Seen) {
  if (seen.status < 400 || seen.status >= 500 || refusalStatuses.has(seen.status))
    return judgeValidAnswer(doc, referee, op, seen);
  if (Object.keys(op.responses).length === 0) return [];
  if (responseKey(op.responses, seen.status) === undefined)
    return [
      {
        category: 'response-status',
        message: `status ${seen.status} is not declared (${Object.keys(op.responses).join(', ')}): ${seen.text.slice(0, 160)}`,
      },
    ];
  return judgeRefusal(doc, referee, op, seen);
}

/** The way of spoiling a request a `how` belongs to: the same for every generated case. */
function kindOf(how: string): string {
  if (/^body (?!not JSON)/.test(how)) return 'body its schema refuses';
  return how.split(' = ')[0];
}

/** Every spoiled request of a valid one, by kind; `siblings` as {@link invalidRequests} takes them. */
function spoiledOf(
  doc: OpenApiDocument,
  referee: DocumentReferee,
  op: DocumentOperation,
  valid: RequestParts,
  siblings: readonly DocumentOperation[],
) {
  return [
    ...invalidRequests(doc, referee, op, valid, siblings).map((s) => ({ ...s, kind: kindOf(s.how) })),
    ...moreInvalidRequests(doc, referee, op, valid),
  ];
}

/**
 * Runs a property; on failure, the shrunk counterexample's outcome. fast-check hands the property
 * the same case object it reports, so each case's outcome is kept by identity.
 */
async function property(
  arbitrary: fc.Arbitrary<CaseInput>,
  numRuns: number,
  seed: number,
  attempt: (input: CaseInput) => Promise<Outcome | undefined>,
): Promise<Outcome | undefined> {
  const outcomes = new WeakMap<CaseInput, Outcome>();
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (input) => {
      const outcome = await attempt(input);
      fc.pre(outcome !== undefined);
      outcomes.set(input, outcome!);
      return outcome!.findings.length === 0;
    }),
    { numRuns, seed, maxSkipsPerRun: 20 },
  );
  if (!details.failed || !details.counterexample) return undefined;
  const input = details.counterexample[0];
  return outcomes.get(input) ?? (await attempt(input));
}

/** Runs `kitgen check` over the document's operations against the server at `options.baseUrl`. */
export async function runCheck(doc: OpenApiDocument, options: CheckOptions): Promise<CheckReport> {
  const referee = new DocumentReferee(doc, options.patterns ?? (await loadPatternTester()));
  const all = documentOperations(doc);
  const twins = identicalPaths(all);
  const siblings = siblingOperations(all);
  const operations = selectOperations(all, options.operations);
  const results: OperationResult[] = [];
  for (const [index, op] of operations.entries()) {
    const label = operationLabel(op);
    options.onOperation?.(index, operations.length, label);
    const result: OperationResult = {
      label,
      valid: 0,
      invalid: 0,
      violations: [],
      runs: ['valid requests'],
      notes: [],
    };
    results.push(result);
    const twin = twins.get(op);
    if (twin !== undefined) {
      result.unbuildable = `its path is ${twin}'s but for parameter names, which OpenAPI forbids (such paths are identical): no server can tell the two apart`;
      continue;
    }
    const switched = protocolSwitchOnly(op);
    if (switched !== undefined) {
      result.unbuildable = `its only success is ${switched}, a switch of protocol: no HTTP answer can be judged against it`;
      continue;
    }
    const arbitrary = caseArbitrary(doc, op);
    let lastUnbuildable: string | undefined;
    const build = (input: CaseInput): RequestParts | undefined => {
      const parts = caseParts(doc, referee, op, input);
      if ('owner' in parts) {
        lastUnbuildable = parts.message;
        return undefined;
      }
      return parts;
    };
    // A schema the referee cannot compile is the document's defect: noted, never a violation.
    const judged = (findings: ReadonlyArray<{ category: string; message: string }>) => {
      for (const f of findings)
        if (f.category === 'document-unjudgeable' && !result.notes.includes(f.message)) result.notes.push(f.message);
      return findings.filter((f) => f.category !== 'document-unjudgeable');
    };
    const report = (run: string, outcome: Outcome | undefined) => {
      for (const f of outcome?.findings ?? [])
        result.violations.push({
          operation: label,
          run,
          category: f.category,
          message: f.message,
          curl: outcome!.curl,
          ...(outcome!.status !== undefined ? { status: outcome!.status } : {}),
        });
    };

    const valid = await property(arbitrary, options.maxExamples, options.seed, async (input) => {
      const parts = build(input);
      if (!parts) return undefined;
      const { seen, curl } = await send(doc, op, parts, options, false);
      result.valid++;
      if (typeof seen === 'string') return { findings: [{ category: 'transport', message: seen }], curl };
      let findings: Array<{ category: string; message: string }> = [...judgeValid(doc, referee, op, seen)];
      // A request that is also a sibling's (box's `GET /shared_items` and its `#folders`, told
      // apart by nothing the request sends) may be served as that sibling: its answer is judged so.
      let servedAs = op;
      if (findings.length > 0) {
        const sibling = siblingsAddressed(referee, siblings.get(op) ?? [], parts).find(
          (s) => judgeValid(doc, referee, s, seen).length === 0,
        );
        if (sibling !== undefined) {
          findings = [];
          servedAs = sibling;
        }
      }
      if (findings.length === 0 && seen.headers)
        findings.push(...judgeHeaders(doc, referee, servedAs, seen.status, seen.headers));
      return { findings: judged(findings), status: seen.status, curl };
    });
    report('valid requests', valid);
    if (result.valid === 0) {
      result.unbuildable = lastUnbuildable ?? 'no valid request could be generated';
      continue;
    }

    // The ways of spoiling a request, from the first generated cases that make one.
    const kinds = new Set<string>();
    for (const input of fc.sample(arbitrary, { numRuns: 20, seed: options.seed })) {
      const parts = build(input);
      if (parts) for (const s of spoiledOf(doc, referee, op, parts, siblings.get(op) ?? [])) kinds.add(s.kind);
      if (kinds.size > 0) break;
    }
    for (const kind of kinds) {
      const invalid = await property(
        arbitrary,
        Math.max(1, Math.ceil(options.maxExamples / 5)),
        options.seed,
        async (input) => {
          const parts = build(input);
          // A case whose spoiled request another operation serves (box's body, sent with the query
          // a sibling requires) is skipped.
          const spoiled =
            parts &&
            spoiledOf(doc, referee, op, parts, siblings.get(op) ?? []).find(
              (s) =>
                s.kind === kind &&
                servedElsewhere(doc, referee, op, siblings.get(op) ?? [], all, parts, s.parts) === undefined,
            );
          if (!spoiled) return undefined;
          const withoutCredentials = spoiled.how === credentialsLeftOut;
          const { seen, curl } = await send(doc, op, spoiled.parts, options, withoutCredentials);
          result.invalid++;
          if (typeof seen === 'string')
            return { findings: [{ category: 'transport', message: `${spoiled.how}: ${seen}` }], curl };
          // A request of none of the siblings (their flag spoiled), or of none of the templates
          // its spoiled path fits, may be refused as any of them.
          const refusal = (o: DocumentOperation) => judgeRefusal(doc, referee, o, seen, withoutCredentials);
          const sharers = [
            ...flagSharers(op, siblings.get(op) ?? [], parts!, spoiled.parts),
            ...templateSharers(op, all, parts!, spoiled.parts),
          ];
          const findings = (sharers.some((o) => refusal(o).length === 0) ? [] : refusal(op)).map((f) => ({
            ...f,
            message: `${spoiled.how}: ${f.message}`,
          }));
          // A 404, a 409 or a 2xx means the server went on without knowing who asked; a refusal
          // of the request itself (400, 415, 422) may come first on a server that validates
          // before it authenticates (a valid request refused is the valid run's finding).
          if (
            withoutCredentials &&
            findings.length === 0 &&
            ![401, 403].includes(seen.status) &&
            !refusalStatuses.has(seen.status)
          )
            findings.push({
              category: 'credentials-unchecked',
              message: `${spoiled.how}: answered ${seen.status}, not 401 or 403: ${seen.text.slice(0, 120)}`,
            });
          return { findings: judged(findings), status: seen.status, curl };
        },
      );
      result.runs.push(`invalid: ${kind}`);
      report(`invalid: ${kind}`, invalid);
    }
  }
  await runLinks(doc, referee, operations, results, options);
  return { seed: options.seed, operations: results };
}

/**
 * Each declared link as a chain: a valid request to its operation, and where the answer has the
 * link's status, the linked operation's valid request with the parameters the link feeds from
 * that answer. Both answers are judged as valid requests' are; findings go to the linked operation.
 */
async function runLinks(
  doc: OpenApiDocument,
  referee: DocumentReferee,
  operations: readonly DocumentOperation[],
  results: OperationResult[],
  options: CheckOptions,
): Promise<void> {
  const firstParts = (op: DocumentOperation, offset: number): RequestParts[] => {
    const out: RequestParts[] = [];
    for (const input of fc.sample(caseArbitrary(doc, op), { numRuns: 20, seed: options.seed + offset })) {
      const parts = caseParts(doc, referee, op, input);
      if (!('owner' in parts)) out.push(parts);
    }
    return out;
  };
  for (const link of documentLinks(doc, operations)) {
    const result = results[operations.indexOf(link.to)];
    const run = `link ${link.name} from ${operationLabel(link.from)}`;
    const sources = firstParts(link.from, 0);
    const targets = firstParts(link.to, 1);
    const chains = Math.min(Math.max(1, Math.ceil(options.maxExamples / 5)), sources.length, targets.length);
    let fed = 0;
    for (let i = 0; i < chains; i++) {
      const first = await send(doc, link.from, sources[i], options, false);
      if (typeof first.seen === 'string' || !linkApplies(link, first.seen.status)) continue;
      const parts = linkedParts(link, targets[i], sources[i], first.seen, (p, text) =>
        refusedText(doc, referee, p, text),
      );
      if ('missing' in parts || 'unfit' in parts) {
        const note =
          'missing' in parts
            ? `${run}: its answer feeds no ${parts.missing.join(', ')}`
            : `${run}: its answer feeds ${parts.unfit.join(', ')}, which the parameter's schema refuses (the document's link)`;
        if (!result.notes.includes(note)) result.notes.push(note);
        continue;
      }
      fed++;
      const { seen, curl } = await send(doc, link.to, parts, options, false);
      result.valid++;
      const findings: Array<{ category: string; message: string }> =
        typeof seen === 'string'
          ? [{ category: 'transport', message: seen }]
          : [...judgeValid(doc, referee, link.to, seen)];
      if (typeof seen !== 'string' && findings.length === 0 && seen.headers)
        findings.push(...judgeHeaders(doc, referee, link.to, seen.status, seen.headers));
      for (const f of findings.filter((x) => x.category !== 'document-unjudgeable'))
        result.violations.push({
          operation: result.label,
          run,
          category: f.category,
          message: `${f.message} (after ${first.curl})`,
          curl,
          ...(typeof seen !== 'string' ? { status: seen.status } : {}),
        });
      if (findings.length > 0) break;
    }
    if (fed > 0) result.runs.push(run);
  }
}
