// `kitgen check <document | URL> --url <base URL>`: reads the document (its `$ref`s into other
// files bundled; one without any is read as it is, as `kitgen mock` reads it: bundling Microsoft
// Graph's, whose `$ref`s are all local, took 46 s),
// runs the contract test against the live server and reports: each violation with its curl
// command, a summary table, a JUnit file when asked; exit 1 on any violation, 0 when clean.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ExitCode, RunError, UsageError } from '../diagnostics/index.ts';
import { hasExternalRefs, parseText } from '../input/loadDocument.ts';
import { isUrl, readSource } from '../input/readSource.ts';
import { junitXml, summaryLines, violationLines } from './checkReport.ts';
import type { OpenApiDocument } from './documentReferee.ts';
import { runCheck } from './runCheck.ts';

/** The options of `kitgen check`, as commander gives them. */
export interface CheckFlags {
  readonly url: string;
  readonly operations?: string;
  readonly maxExamples?: string;
  readonly seed?: string;
  readonly header?: readonly string[];
  readonly bearer?: string;
  readonly junit?: string;
  readonly timeout?: string;
}

/** Where `kitgen check` reads and writes. */
export interface CheckIO {
  readonly cwd: string;
  stdout(line: string): void;
  stderr(line: string): void;
  /** A progress line that replaces the previous one (a terminal only); `undefined` clears it. */
  progress?(line: string | undefined): void;
}

function count(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`${flag} takes a whole number of 1 or more, not ${JSON.stringify(value)}`);
  return n;
}

/** `Name: value` pairs of `--header`, then `--bearer` as an Authorization header. */
function headersOf(flags: CheckFlags): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const h of flags.header ?? []) {
    const at = h.indexOf(':');
    const name = at > 0 ? h.slice(0, at).trim() : '';
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      throw new UsageError(`--header takes 'Name: value', not ${JSON.stringify(h)}`);
    out.push([name.toLowerCase(), h.slice(at + 1).trim()]);
  }
  if (flags.bearer !== undefined) out.push(['authorization', `Bearer ${flags.bearer}`]);
  return out;
}

function baseUrlOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--url takes the server's base URL (http://host:port[/base]), not ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UsageError(`--url takes an http or https URL, not ${JSON.stringify(url)}`);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

async function readDocument(input: string, cwd: string): Promise<OpenApiDocument> {
  const where = isUrl(input) ? input : resolve(cwd, input);
  let doc: OpenApiDocument;
  try {
    const text = await readSource(where);
    const { value, format } = parseText(where, text);
    const local = typeof value === 'object' && value !== null && !hasExternalRefs(value, text, format);
    doc = (local ? value : await SwaggerParser.bundle(where)) as unknown as OpenApiDocument;
  } catch (error) {
    throw new RunError(`cannot read ${input}: ${(error as Error).message}`);
  }
  if (!/^3\.[01]\./.test(String(doc.openapi)))
    throw new RunError(
      `${input} is not an OpenAPI 3.0 or 3.1 document (openapi: ${String(doc.openapi ?? (doc as { swagger?: string }).swagger)})`,
    );
  return doc;
}

/** Runs `kitgen check` and resolves with its exit code (1 on any violation). */
export async function checkCommand(input: string, flags: CheckFlags, io: CheckIO): Promise<number> {
  const baseUrl = baseUrlOf(flags.url);
  const maxExamples = count('--max-examples', flags.maxExamples, 20);
  const timeoutMs = count('--timeout', flags.timeout, 10_000);
  const seed = flags.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : count('--seed', flags.seed, 0);
  const headers = headersOf(flags);
  const doc = await readDocument(input, io.cwd);
  const started = performance.now();
  const report = await runCheck(doc, {
    baseUrl,
    maxExamples,
    seed,
    headers,
    timeoutMs,
    ...(flags.operations !== undefined ? { operations: flags.operations } : {}),
    onOperation: (index, total, label) => io.progress?.(`[${index + 1}/${total}] ${label}`),
  });
  io.progress?.(undefined);
  const seconds = (performance.now() - started) / 1000;
  if (report.operations.length === 0 && flags.operations !== undefined)
    throw new UsageError(`no operation of ${input} matches --operations ${JSON.stringify(flags.operations)}`);
  // A document of no operations (APIs.guru holds some: `paths: {}`) has nothing to judge, and no violation.
  if (report.operations.length === 0) io.stderr(`kitgen: ${input} declares no operations; nothing was checked`);
  const violations = report.operations.flatMap((o) => o.violations);
  for (const v of violations) for (const line of violationLines(v)) io.stdout(line);
  if (violations.length > 0) io.stdout('');
  for (const o of report.operations) {
    if (o.unbuildable !== undefined)
      io.stderr(`kitgen: ${o.label}: skipped, no valid request could be made: ${o.unbuildable}`);
    for (const note of o.notes) io.stderr(`kitgen: ${o.label}: not judged, a defect of the document: ${note}`);
  }
  for (const line of summaryLines(report)) io.stdout(line);
  const requests = report.operations.reduce((n, o) => n + o.valid + o.invalid, 0);
  io.stdout(
    `${violations.length === 0 ? 'no violations' : `${violations.length} violation${violations.length === 1 ? '' : 's'}`}: ${report.operations.length} operation${report.operations.length === 1 ? '' : 's'}, ${requests} requests in ${seconds.toFixed(1)} s (seed ${seed}; --seed ${seed} repeats this run)`,
  );
  if (flags.junit !== undefined) await writeFile(resolve(io.cwd, flags.junit), junitXml(report, seconds));
  return violations.length === 0 ? ExitCode.ok : ExitCode.invalidInput;
}
