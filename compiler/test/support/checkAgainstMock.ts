// `kitgen check` of a document against `kitgen mock` serving it, as the check tests run it: the
// document written to a scratch folder, the mock started as a process, the check run in this one.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenApiDocument } from '../../src/check/documentReferee.ts';
import { runCheck, type CheckReport } from '../../src/check/runCheck.ts';
import { startMockProcess } from './mockProcess.ts';

/** The check's report of `doc` against a mock of it (the mock stopped, and seen to exit cleanly). */
export async function checkAgainstMock(
  doc: OpenApiDocument,
  options: { readonly maxExamples: number; readonly seed: number },
): Promise<CheckReport> {
  const dir = await mkdtemp(join(tmpdir(), 'kitgen-check-against-mock-'));
  try {
    await writeFile(join(dir, 'openapi.json'), JSON.stringify(doc));
    const mock = await startMockProcess([join(dir, 'openapi.json')]);
    try {
      return await runCheck(doc, { baseUrl: mock.url, ...options, headers: [], timeoutMs: 10_000 });
    } finally {
      assert.equal(await mock.stop(), 0);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
