// The mutation test of `kitgen check`: a server kitgen generates for the store document, once as
// the document says and once per planted contract bug (a wrong status, a missing required
// response field, a wrong type, an undeclared 500, a refused valid request, a required header
// missing, an invalid request accepted, credentials unchecked). `kitgen check` runs as a user runs
// it, a child process against the server over the wire: it must report nothing on the true server
// and find at least 90 % of the mutants, each with the violation the bug is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runNode } from './support/e2e.ts';
import { repoRoot } from './support/fixtures.ts';
import { startStore, storeDocument, type Mutant } from './support/storeServer.ts';

const kitgen = join(repoRoot, 'bin', 'kitgen.js');

/** The true server, then each mutant with the category its bug must be reported as. */
const clean: Mutant = { name: 'clean', mutate: () => {}, fault: 'none' };
const mutants: Array<Mutant & { expected: string }> = [
  {
    name: 'wrong-status',
    mutate: (d) => {
      const r = d.paths['/items'].post.responses;
      r['200'] = r['201'];
      delete r['201'];
    },
    fault: 'none',
    expected: 'response-status',
  },
  {
    name: 'missing-required-field',
    mutate: (d) => (d.components.schemas.Item.required = ['id', 'name']),
    fault: 'omit-price',
    expected: 'response-schema',
  },
  {
    name: 'wrong-type',
    mutate: (d) => (d.components.schemas.Item.properties.price = { type: 'string' }),
    fault: 'price-as-text',
    expected: 'response-schema',
  },
  { name: 'undeclared-500', mutate: () => {}, fault: 'throw-on-get', expected: '5xx-on-valid' },
  {
    name: 'refused-valid-request',
    mutate: (d) => (d.paths['/items'].get.parameters[0].schema.maximum = 5),
    fault: 'none',
    expected: 'valid-refused',
  },
  {
    name: 'required-header-missing',
    mutate: (d) => delete d.paths['/items'].get.responses['200'].headers,
    fault: 'no-total-header',
    expected: 'response-header-missing',
  },
  {
    name: 'invalid-request-accepted',
    mutate: (d) => (d.components.schemas.NewItem.required = ['price']),
    fault: 'none',
    expected: 'invalid-accepted',
  },
  {
    name: 'credentials-unchecked',
    mutate: (d) => delete d.paths['/items/{itemId}'].delete.security,
    fault: 'none',
    expected: 'credentials-unchecked',
  },
];

/** Runs `kitgen check` against a store; its exit code, output, and the JUnit report it wrote. */
async function check(mutant: Mutant, extra: readonly string[] = []) {
  const server = await startStore(mutant);
  const junit = join(repoRoot, '.tmp', 'check-test', `junit-${mutant.name}-${process.pid}.xml`);
  try {
    const run = await runNode([
      kitgen,
      'check',
      storeDocument,
      '--url',
      server.url,
      '--seed',
      '7',
      '--max-examples',
      '12',
      '--bearer',
      'secret',
      '--junit',
      junit,
      ...extra,
    ]);
    const report = await readFile(junit, 'utf8').catch(() => '');
    return { ...run, junit: report };
  } finally {
    await server.shutdown();
    await rm(junit, { force: true });
  }
}

test('kitgen check reports nothing on a server that keeps the contract', async () => {
  const run = await check(clean);
  assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /^no violations: 4 operations, \d+ requests/m);
  // Every operation got valid and invalid requests.
  for (const op of ['listItems', 'createItem', 'getItem', 'deleteItem'])
    assert.match(run.stdout, new RegExp(`\\(${op}\\)\\s+[1-9]\\d*\\s+[1-9]\\d*\\s+0$`, 'm'));
  assert.match(run.junit, /<testsuites name="kitgen check" tests="\d+" failures="0"/);
});

test('kitgen check finds at least 90 % of the planted contract bugs, each as the violation it is', async (t) => {
  const found: string[] = [];
  for (const mutant of mutants) {
    await t.test(mutant.name, async () => {
      const run = await check(mutant);
      assert.equal(run.code, 1, `${mutant.name} was not found:\n${run.stdout}\n${run.stderr}`);
      assert.match(run.stdout, new RegExp(`^✗ .* ${mutant.expected}\\b`, 'm'), run.stdout);
      // Each violation shows the shrunk request as a curl command against the server.
      assert.match(run.stdout, /^ {2}curl -i -X [A-Z]+ '?http:\/\/127\.0\.0\.1:\d+\/items/m);
      assert.match(run.junit, /<failure type="/);
      // fast-check shrinks the refused request to the smallest limit past the planted maximum of 5.
      if (mutant.name === 'refused-valid-request')
        assert.match(run.stdout, /^ {2}curl -i -X GET '[^']*\/items\?limit=6' /m);
      found.push(mutant.name);
    });
  }
  assert.ok(found.length / mutants.length >= 0.9, `found ${found.length} of ${mutants.length}: ${found.join(', ')}`);
});
