// `kitgen check` against `kitgen mock`, both as a user runs them (child processes, over the wire),
// on a fixed sample of documents: the store of the mutation test, feature fixtures (security
// schemes, request bodies in several media types, query styles) and published documents from
// APIs.guru's directory (3.0 and 3.1). The mock keeps each contract, so the check reports no
// violation and calls every operation with valid and invalid requests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import { directoryRoot } from './support/apisGuruDirectory.ts';
import { runNode } from './support/e2e.ts';
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
];

for (const s of sample) {
  test(
    `kitgen check against kitgen mock: ${s.file.startsWith(directoryRoot) ? relative(directoryRoot, s.file) : relative(repoRoot, s.file)} (${s.shows})`,
    { timeout: 180_000 },
    async () => {
      const mock = await startMockProcess([s.file]);
      try {
        const run = await runNode([
          join(repoRoot, 'bin', 'kitgen.js'),
          'check',
          s.file,
          '--url',
          mock.url,
          '--seed',
          '11',
          '--max-examples',
          '8',
        ]);
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
