// The requests both mocks get: for each operation of a document, valid ones generated as
// `kitgen check` generates them (the document's styles, each value checked by ajv against the
// document) and each valid one spoiled in every way the check knows (a wrong type, a value out of
// range, a required part left out, credentials left out), so the document itself refuses it.
import SwaggerParser from '@apidevtools/swagger-parser';
import fc from 'fast-check';
import { documentOperations } from '../../compiler/src/check/documentOperations.ts';
import { DocumentReferee, type OpenApiDocument } from '../../compiler/src/check/documentReferee.ts';
import { moreInvalidRequests } from '../../compiler/src/check/moreSpoilers.ts';
import { caseArbitrary, caseParts } from '../../compiler/src/check/operationCases.ts';
import { operationLabel } from '../../compiler/src/check/operationFilter.ts';
import { loadPatternTester } from '../../compiler/src/check/patternTester.ts';
import { render, type RequestParts } from '../../compiler/src/check/requests.ts';
import { invalidRequests } from '../../compiler/src/check/spoilers.ts';

/** One request sent to both mocks. */
export interface BenchRequest {
  readonly operation: string;
  /** `valid`, or how the valid request was spoiled. */
  readonly how: string;
  readonly valid: boolean;
  readonly method: string;
  /** Path and query, to append to a mock's URL. */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string | Uint8Array | FormData;
}

/** The document bundled (external `$ref`s inlined) as the check reads it. */
export async function readDocument(file: string): Promise<OpenApiDocument> {
  return (await SwaggerParser.bundle(file)) as unknown as OpenApiDocument;
}

function asRequest(op: ReturnType<typeof documentOperations>[number], parts: RequestParts, how: string): BenchRequest {
  const { url, init } = render('', op, parts);
  const headers: Record<string, string> = {};
  (init.headers as Headers).forEach((v, k) => (headers[k] = v));
  return {
    operation: operationLabel(op),
    how,
    valid: how === 'valid',
    method: init.method!,
    path: url,
    headers,
    ...(init.body !== undefined && init.body !== null ? { body: init.body as BenchRequest['body'] } : {}),
  };
}

/** `perOperation` valid requests of every operation (seeded), and every spoiled one of the first. */
export async function documentRequests(
  doc: OpenApiDocument,
  perOperation: number,
  seed: number,
): Promise<BenchRequest[]> {
  const referee = new DocumentReferee(doc, await loadPatternTester());
  const out: BenchRequest[] = [];
  for (const op of documentOperations(doc)) {
    const valid: RequestParts[] = [];
    try {
      for (const input of fc.sample(caseArbitrary(doc, op), { numRuns: perOperation * 4, seed })) {
        const parts = caseParts(doc, referee, op, input);
        if (!('owner' in parts)) valid.push(parts);
        if (valid.length === perOperation) break;
      }
    } catch {
      continue; // a schema the generator cannot read: the operation is left out of the comparison
    }
    for (const parts of valid) out.push(asRequest(op, parts, 'valid'));
    if (valid.length === 0) continue;
    const spoiled = [
      ...invalidRequests(doc, referee, op, valid[0]),
      ...moreInvalidRequests(doc, referee, op, valid[0]),
    ];
    for (const s of spoiled) out.push(asRequest(op, s.parts, s.how));
  }
  return out;
}
