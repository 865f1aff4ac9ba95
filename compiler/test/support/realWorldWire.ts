// The real-world wire test of one published OpenAPI document: kitgen generates its endpoints and
// server into a folder of the repository, the server starts on a free loopback port with handlers
// answering values sampled from the document's own response schemas (in the generated types'
// representation), and every operation is called with raw fetch — once with a document-valid
// request, once with an invalid one. A referee that knows only the document (ajv over its own
// schemas) judges every answer; each finding is counted against kitgen, the sampler, the document
// or this harness (wireFindings.ts). Used by real-world-wire.test.ts and realWorldWireRun.ts.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { CompileError, EndpointGen, loadDocument } from '../../src/index.ts';
import { unmetDeclaredError } from '../../src/model/declaredErrors.ts';
import { DocumentReferee, isJsonMediaType, type OpenApiDocument } from './documentReferee.ts';
import { documentOperations, type DocumentOperation } from './documentOperations.ts';
import { DocumentSamples } from '../../src/mock/documentSamples.ts';
import { RefereeUnable } from '../../src/check/documentReferee.ts';
import { serve, type Running } from './e2e.ts';
import { needsRawRequest, rawRequest } from './rawRequest.ts';
import { errorOneOfOverlap, errorSchemaAdmitsNothing, oneOfOverlap } from './wireOneOf.ts';
import { JsonCodec, RequestStreaming, Schema, ServerConfig } from '@kitgen/runtime';
import { runtimePatternTester } from '../../src/check/patternTester.ts';
import { answerFor, type Answer } from '../../src/mock/handlerAnswers.ts';
import { Samples } from '../../src/mock/modelSamples.ts';
import { serverLog } from './serverLog.ts';
import { TypedValues } from '../../src/mock/typedValues.ts';
import { violation, type Category, type DocumentReport, type Violation } from './wireFindings.ts';
import { firstDifference } from './wireFidelity.ts';
import { readWireDocument } from './wireDocument.ts';
import { alteredRecursionCut, refusedRecursionCut } from './wireRecursionCut.ts';
import { judgeRefusal, judgeValidAnswer, type Seen } from './wireJudge.ts';
import { render, validParts, type RequestParts } from './wireRequests.ts';
import { credentialsLeftOut, invalidRequests } from './wireSpoilers.ts';
import {
  anotherOperationsPath,
  anotherOperationsRequest,
  concreteTwin,
  identicalTemplates,
  selectorValueSpoiled,
} from './siblingRequests.ts';

/** Options of {@link wireTestDocument}. */
export interface WireOptions {
  /** A folder inside the repository (so generated code finds `@kitgen/runtime`) for the generated files. */
  readonly workDir: string;
  /** The document's name in findings (default: the file). */
  readonly name?: string;
  /** Per request (default 10 s). */
  readonly requestTimeoutMs?: number;
  /** Invalid requests per operation (default 1: the most telling way to spoil it). */
  readonly invalidPerOperation?: number;
  /** At most this many operations are called, spread evenly over the document (default all). */
  readonly maxOperations?: number;
  /** Told of every exchange (for a verbose run). */
  readonly onExchange?: (operation: string, request: string, answer: Seen | string) => void;
}

type Routes = Parameters<typeof serve>[0];
type Generated = { routes: (handlers: object, options?: { basePath?: string }) => Routes };

let folders = 0;

/** Operations to call: all, or `max` spread evenly over the document. */
function spread<T>(list: readonly T[], max: number | undefined): readonly T[] {
  if (max === undefined || list.length <= max) return list;
  return Array.from({ length: max }, (_, i) => list[Math.floor((i * list.length) / max)]);
}

/** Runs the wire test of one document; never throws (a failure is a finding). */
export async function wireTestDocument(file: string, options: WireOptions): Promise<DocumentReport> {
  const name = options.name ?? file;
  const started = performance.now();
  const found: Violation[] = [];
  const add = (category: Category, message: string, operation?: string, status?: number) =>
    found.push(violation(category, name, message, operation, status));
  const counts = { operations: 0, generated: false, started: false, called: 0, judged: 0, refusalsTried: 0 };
  const phases: Record<string, number> = {};
  let phaseStart = started;
  const phase = (what: string) => {
    const now = performance.now();
    phases[what] = Math.round(now - phaseStart) / 1000;
    phaseStart = now;
  };
  const report = (): DocumentReport => ({
    document: name,
    ...counts,
    violations: found,
    seconds: (performance.now() - started) / 1000,
    phases,
  });
  const dir = join(
    options.workDir,
    `${name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80)}-${process.pid}-${folders++}`,
  );
  let running: Running | undefined;
  try {
    let doc: OpenApiDocument;
    try {
      doc = await readWireDocument(file);
    } catch (error) {
      add('document-unreadable', `swagger-parser cannot bundle it: ${(error as Error).message.slice(0, 200)}`);
      return report();
    }
    if (!/^3\.[01]\./.test(String(doc.openapi))) {
      add('document-unreadable', `not an OpenAPI 3.0/3.1 document (openapi: ${String(doc.openapi)})`);
      return report();
    }
    const operations = documentOperations(doc);
    counts.operations = operations.length;
    phase('bundle');

    let code: ReturnType<typeof EndpointGen.fromOpenAPI>;
    try {
      const source = await loadDocument(file);
      code = EndpointGen.fromOpenAPI(source.document, { targets: ['server'], file: name });
    } catch (error) {
      const message =
        error instanceof CompileError
          ? error.diagnostics.map((d) => `${d.pointer ?? ''}: ${d.message}`).join('; ')
          : String((error as Error).stack ?? error);
      const invalid = await SwaggerParser.validate(structuredClone(doc) as never).then(
        () => undefined,
        (e: Error) => e.message,
      );
      if (invalid !== undefined)
        add('document-invalid', `${message.slice(0, 300)} — and swagger-parser: ${invalid.slice(0, 200)}`);
      else add('generate-failed', message.slice(0, 600));
      return report();
    }
    counts.generated = true;
    phase('generate');

    const api = code.api;
    const typed = new TypedValues(new Map(api.schemas.map((s) => [s.key, s.schema])));
    const answers = new Map<string, unknown>();
    let handled = 0;
    const handlers = Object.fromEntries(
      api.operations.map((op) => [
        op.ident,
        () => {
          handled++;
          return answers.get(op.ident);
        },
      ]),
    );
    try {
      for (const [path, text] of code.files) {
        if (path.endsWith('.d.ts')) continue;
        await mkdir(dirname(join(dir, path)), { recursive: true });
        await writeFile(join(dir, path), text);
      }
      const generated = (await import(pathToFileURL(join(dir, 'server.js')).href)) as Generated;
      running = await serve(generated.routes(handlers, { basePath: '' }));
    } catch (error) {
      add('start-failed', String((error as Error).stack ?? error).slice(0, 600));
      return report();
    }
    counts.started = true;
    phase('start');

    // The referee's patterns run on the runtime's safe engines: on V8's alone one of BeezUP's backtracks
    // for minutes on a sampled text. They read a pattern as V8 does, where V8 finishes.
    const referee = new DocumentReferee(doc, runtimePatternTester({ Schema, JsonCodec }));
    const samples = new DocumentSamples(doc, referee, { documentFault: (e) => e instanceof RefereeUnable });
    const tools = { samples, typed, kitgen: new Samples(api) };
    const byRoute = new Map(api.operations.map((op) => [`${op.method} ${op.path}`, op]));
    const log = serverLog();
    const call = async (dop: DocumentOperation, parts: RequestParts): Promise<Seen | string> => {
      const { url, init } = render(running!.url, dop, parts);
      const mark = log.mark();
      const timeoutMs = options.requestTimeoutMs ?? 10_000;
      try {
        const declaresAgent = dop.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'user-agent');
        // fetch refuses TRACE outright (a browser's rule, httpbin declares it): node:http sends it.
        if ((declaresAgent && needsRawRequest(init)) || init.method === 'TRACE') {
          const answer = await rawRequest(url, init, timeoutMs);
          counts.called++;
          const serverError = log.errorSince(mark);
          return { ...answer, ...(serverError ? { serverError } : {}) };
        }
        const response = await fetch(url, {
          ...init,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        counts.called++;
        const serverError = log.errorSince(mark);
        return {
          status: response.status,
          contentType: response.headers.get('content-type') ?? undefined,
          text,
          ...(serverError ? { serverError } : {}),
        };
      } catch (error) {
        const cause = (error as { cause?: Error }).cause;
        const serverError = log.errorSince(mark);
        return `${(error as Error).message}${cause ? `: ${cause.message}` : ''}${serverError ? ` (server: ${serverError.slice(0, 200)})` : ''}`;
      }
    };

    const twins = identicalTemplates(operations);
    for (const dop of spread(operations, options.maxOperations)) {
      const label = `${dop.method.toUpperCase()} ${dop.path}${dop.operationId !== undefined ? ` (${dop.operationId})` : ''}`;
      const twin = twins.get(dop);
      if (twin !== undefined) {
        add(
          'document-unjudgeable',
          `its path and ${twin} differ only in parameter names or a fragment: no server can tell them apart`,
          label,
        );
        continue;
      }
      if (dop.path.replace(/[?#].*$/, '').includes('//')) {
        add('empty-segment-refused', 'its path has an empty segment, which the runtime refuses in any request', label);
        continue;
      }
      const op = byRoute.get(`${dop.method} ${dop.path}`);
      if (!op) {
        add('operation-missing', 'the generated server has no route for it', label);
        continue;
      }
      // OSIsoft's `GET /streamsets/channel` and Docker's `POST /session` declare no success but
      // `101` (a switch of protocol): no HTTP handler answers that, so there is no answer to judge.
      const successes = Object.keys(dop.responses).filter((k) => /^[123]/.test(k) || k === 'default');
      if (successes.length > 0 && successes.every((k) => k.startsWith('1'))) {
        add('document-unjudgeable', `its only success is ${successes.join(', ')}: a protocol switch`, label);
        continue;
      }
      const answer = answerFor(doc, dop, op, tools);
      if ('owner' in answer) {
        add(
          answer.owner === 'sampler'
            ? 'sampler'
            : answer.owner === 'document'
              ? 'document-unjudgeable'
              : 'harness-error',
          `response: ${answer.message}`,
          label,
        );
        continue;
      }
      const parts = validParts(doc, dop, samples, answer.accept);
      if ('owner' in parts) {
        add(parts.owner === 'sampler' ? 'sampler' : 'document-unjudgeable', `request: ${parts.message}`, label);
        continue;
      }
      const concrete = concreteTwin(dop, operations, new URL(render('http://x', dop, parts).url).pathname);
      if (concrete !== undefined) {
        add(
          'sampler',
          `request: the sampled path is ${concrete}'s, a more concrete path the document sends it to`,
          label,
        );
        continue;
      }
      const bodyBytes = bodySize(parts.body?.payload);
      const { maximumContentLength: defaultMaximumContentLength } = RequestStreaming.Disabled() as {
        maximumContentLength: number;
      };
      if (bodyBytes > defaultMaximumContentLength) {
        // A deliberate limit (docs/decisions.md, "A sampled body over the body limit"): the sampler
        // filled every optional field and array of DocuSign's recipients, no sender's request.
        add(
          'sampler',
          `request: the sampled body is ${bodyBytes} bytes, over the server's default body limit (${defaultMaximumContentLength})`,
          label,
        );
        continue;
      }
      // The same for the request line (4,096 bytes by default, 414 past it): gsmtasks' sampled
      // queries fill every optional filter of a list operation, no client's request.
      const target = new URL(render('http://x', dop, parts).url);
      const lineBytes = Buffer.byteLength(`${dop.method.toUpperCase()} ${target.pathname}${target.search} HTTP/1.1`);
      if (lineBytes > ServerConfig.default.maxInitialLineLength) {
        add(
          'sampler',
          `request: the sampled request line is ${lineBytes} bytes, over the server's default limit (${ServerConfig.default.maxInitialLineLength})`,
          label,
        );
        continue;
      }
      // The answer with every optional property, then (where that differs) with none of them:
      // what is absent in a handler's value must stay absent on the wire.
      const sparse = answer.json ? answerFor(doc, dop, op, tools, true) : undefined;
      const answered: Array<[Answer, string]> = [[answer, '']];
      if (sparse && 'json' in sparse && JSON.stringify(sparse.json?.value) !== JSON.stringify(answer.json?.value))
        answered.push([sparse, 'optional properties left out of the answer: ']);
      for (const [a, what] of answered) {
        answers.set(op.ident, a.value);
        const seen = await call(dop, parts);
        options.onExchange?.(label, `valid request${what === '' ? '' : ` (${what.slice(0, -2)})`}`, seen);
        if (typeof seen === 'string') {
          add('transport', `${what}valid request: ${seen}`, label);
          continue;
        }
        if (seen.status < 400 && Object.keys(dop.responses).length > 0) counts.judged++;
        const findings = judgeValidAnswer(doc, referee, dop, seen);
        for (const f of findings) {
          const cut = f.category === 'valid-refused' && refusedRecursionCut(parts.body?.payload, seen.text);
          add(cut ? 'sampler' : f.category, `${what}${cut ? 'recursion cut: ' : ''}${f.message}`, label, seen.status);
        }
        if (
          findings.length > 0 ||
          !a.json ||
          seen.status >= 300 ||
          dop.method === 'head' ||
          !isJsonMediaType(seen.contentType ?? '')
        )
          continue;
        let wire: unknown;
        try {
          wire = JSON.parse(seen.text);
        } catch {
          continue; // judged above, where the document gives the body a schema
        }
        const altered = firstDifference(a.json.value, wire, a.json.sampled);
        if (altered !== undefined) {
          const cut = alteredRecursionCut(a.json.value, altered);
          add(
            cut ? 'sampler' : 'response-altered',
            `${what}${cut ? 'recursion cut: ' : ''}${altered}`,
            label,
            seen.status,
          );
        }
      }
      answers.set(op.ident, answer.value);
      const spoils = invalidRequests(doc, referee, dop, parts).filter(
        (s) =>
          !anotherOperationsRequest(dop, operations, s.how) &&
          !anotherOperationsPath(dop, operations, new URL(render('http://x', dop, s.parts).url).pathname),
      );
      for (const spoiled of spoils.slice(0, options.invalidPerOperation ?? 1)) {
        counts.refusalsTried++;
        const before = handled;
        const refused = await call(dop, spoiled.parts);
        options.onExchange?.(label, spoiled.how, refused);
        if (typeof refused === 'string') {
          add(
            'transport',
            `invalid request (${spoiled.how})${handled > before ? ' (the handler was called)' : ''}: ${refused}`,
            label,
          );
          continue;
        }
        if (refused.status >= 400) counts.judged++;
        const called = handled > before ? ' (the handler was called)' : '';
        for (const f of judgeRefusal(doc, referee, dop, refused, spoiled.how === credentialsLeftOut)) {
          if (f.category.startsWith('error-') && selectorValueSpoiled(dop, spoiled.how)) continue;
          // A declared error shape the runtime cannot fill, which `kitgen generate` warned about
          // (naming the operation and `mapError`), is the recorded outcome, counted apart.
          const warned = f.category.startsWith('error-') && unmetDeclaredError(api, op, refused.status) !== undefined;
          const overlap = f.category === 'invalid-accepted' && oneOfOverlap(doc, referee, dop, spoiled.parts);
          const errorOverlap = f.category === 'error-body-schema' && errorOneOfOverlap(doc, referee, dop, refused);
          const admitsNothing =
            f.category === 'error-body-schema' && errorSchemaAdmitsNothing(doc, referee, dop, refused);
          add(
            warned
              ? 'error-shape-warned'
              : overlap
                ? 'oneof-overlap-accepted'
                : errorOverlap
                  ? 'error-oneof-overlap'
                  : admitsNothing
                    ? 'document-unjudgeable'
                    : f.category,
            `${spoiled.how}${called}: ${f.message}`,
            label,
            refused.status,
          );
        }
      }
    }
    phase('calls');
    for (const e of samples.invalidExamples) add('example-invalid', `${e.pointer}: ${e.message}`);
    return report();
  } catch (error) {
    add('harness-error', String((error as Error).stack ?? error).slice(0, 600));
    return report();
  } finally {
    await running?.shutdown().catch(() => undefined);
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The bytes a request body puts on the wire (0 for a form, which is never that large here). */
function bodySize(payload: string | Uint8Array | FormData | undefined): number {
  if (typeof payload === 'string') return Buffer.byteLength(payload);
  return payload instanceof Uint8Array ? payload.byteLength : 0;
}
