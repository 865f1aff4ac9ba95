// `kitgen check` against `kitgen mock` on a fixed sample of documents: the store of the mutation
// test, feature fixtures (security schemes, request bodies in several media types, query styles)
// and published documents from APIs.guru's directory (3.0 and 3.1, and ones the whole-set run
// found the pair disagreeing on). The mock runs as a user runs it (a child process, over the wire);
// the check runs in process (main(), as the CLI calls it), which spares a process start per
// document, and the documents run side by side: they wait on sockets more than on the CPU. The
// mock keeps each contract, so the check reports no violation and calls every operation with
// valid and invalid requests.
import { suite, test } from 'node:test';
import assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import { main } from '../src/cli/main.ts';
import { directoryRoot } from './support/apisGuruDirectory.ts';
import { fixturesDir, repoRoot } from './support/fixtures.ts';
import { startMockProcess } from './support/mockProcess.ts';
import { storeDocument } from './support/storeServer.ts';

const sample: ReadonlyArray<{ readonly file: string; readonly shows: string }> = [
  { file: storeDocument, shows: 'bearer security, required response headers, bounds' },
  {
    file: join(fixturesDir, 'security', 'openapi.yaml'),
    shows: 'basic, bearer and apiKey schemes in header, query and cookie',
  },
  { file: join(fixturesDir, 'request-bodies', 'openapi.yaml'), shows: 'bodies in JSON, form, text and bytes' },
  {
    file: join(fixturesDir, 'query-styles', 'openapi.yaml'),
    shows: 'form, spaceDelimited, pipeDelimited and deepObject query parameters',
  },
  {
    file: join(directoryRoot, 'opto22.com', 'groov.json'),
    shows: 'a published 3.0 document: an apiKey in the query, integer path parameters',
  },
  { file: join(directoryRoot, 'webscraping.ai.json'), shows: 'a published 3.1 document' },
  {
    file: join(directoryRoot, 'amadeus.com', 'amadeus-hotel-search.json'),
    shows: 'a required form list with minItems 1, a vendor JSON media type',
  },
  {
    file: join(directoryRoot, 'mastercard.com', 'MDES.json'),
    shows: 'texts of maxLength 0 whose examples break them',
  },
];

/** `kitgen <args>` in process, its output collected. */
async function kitgen(...args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(args, { cwd: repoRoot, stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

suite('kitgen check against kitgen mock', { concurrency: 4 }, () => {
  for (const s of sample) {
    test(
      `kitgen check against kitgen mock: ${s.file.startsWith(directoryRoot) ? relative(directoryRoot, s.file) : relative(repoRoot, s.file)} (${s.shows})`,
      { timeout: 180_000 },
      async () => {
        const mock = await startMockProcess([s.file]);
        try {
          const run = await kitgen('check', s.file, '--url', mock.url, '--seed', '11', '--max-examples', '8');
          assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
          assert.equal(run.stderr, '', 'no operation skipped, no schema the referee cannot read');
          const summary = new RegExp(`^no violations: ${mock.operations} operations?, \\d+ requests`, 'm');
          assert.match(run.stdout, summary);
          // Every operation row: valid requests sent, and no violation.
          const rows = run.stdout.split('\n').filter((l) => /^(GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS|TRACE) /.test(l));
          assert.equal(rows.length, mock.operations);
          for (const row of rows) assert.match(row, /\s[1-9]\d*\s+\d+\s+0$/, row);
        } finally {
          assert.equal(await mock.stop(), 0);
        }
      },
    );
  }
});
