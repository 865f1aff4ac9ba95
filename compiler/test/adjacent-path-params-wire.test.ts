// Two path parameters with no text between them (fixtures/adjacent-path-params), as healthcare.gov's
// and Buffer's published documents write `/blog/{pageName}{mediaTypeExtension}`: the later
// parameter's enum or pattern says where its text starts, so the server routes such requests and
// both generated clients write them; text the later parameter's values do not end is refused 400.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from '@kitgen/runtime/client';
import { routes } from '../../fixtures/adjacent-path-params/expected/server.js';
import { createClient } from '../../fixtures/adjacent-path-params/expected/client.js';
import { getBlogPage } from '../../fixtures/adjacent-path-params/expected/operations.js';
import { withServed, type Running } from './support/e2e.ts';

const answer = (operation: string) => (input: object) => ({ operation: `${operation} ${JSON.stringify(input)}` });
const handlers = {
  getPage: answer('getPage'),
  getBlogPage: answer('getBlogPage'),
  getFile: answer('getFile'),
  getRun: answer('getRun'),
};

const withServer = (fn: (server: Running) => Promise<void>) => withServed(routes(handlers), fn);

async function who(response: Response): Promise<string> {
  const body = (await response.json()) as { operation?: string; message?: string };
  return response.status === 200 ? String(body.operation) : `${response.status} ${body.message}`;
}

test('the later parameter takes the text its enum or pattern ends with; the first the rest', async () => {
  await withServer(async ({ url }) => {
    const get = async (path: string) => who(await fetch(`${url}${path}`));
    assert.equal(await get('/blog/glossary.json'), 'getBlogPage {"pageName":"glossary","mediaTypeExtension":".json"}');
    assert.equal(await get('/blog/a.json.json'), 'getBlogPage {"pageName":"a.json","mediaTypeExtension":".json"}');
    assert.equal(await get('/files/12.json'), 'getFile {"id":12,"format":".json"}');
    assert.equal(await get('/files/12.json.gz'), 'getFile {"id":12,"format":".json.gz"}');
    assert.equal(await get('/files/12.xml'), 'getFile {"id":12,"format":".xml"}');
    assert.equal(await get('/runs/build-v2-v3'), 'getRun {"name":"build-v2","version":"-v3"}');
  });
});

test('a segment the later parameter cannot end is refused 400, or finds no route', async () => {
  await withServer(async ({ url }) => {
    const status = async (path: string) => (await fetch(`${url}${path}`)).status;
    assert.equal(await status('/blog/glossary.xml'), 400);
    assert.equal(await status('/blog/.json'), 400);
    assert.equal(await status('/files/x.json'), 400);
    assert.equal(await status('/files/12.yaml'), 400);
    assert.equal(await status('/runs/build'), 400);
  });
});

test('both generated clients write the two values into one segment', async () => {
  await withServer(async ({ url }) => {
    const client = createClient({ baseUrl: url });
    assert.deepEqual(await client.getFile({ id: 7, format: '.xml' }), {
      operation: 'getFile {"id":7,"format":".xml"}',
    });
    assert.deepEqual(await getBlogPage(connect({ baseUrl: url }), { pageName: 'faq', mediaTypeExtension: '.json' }), {
      operation: 'getBlogPage {"pageName":"faq","mediaTypeExtension":".json"}',
    });
  });
});
