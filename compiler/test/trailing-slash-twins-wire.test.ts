// A document that declares `/x` and `/x/` as two operations (fixtures/trailing-slash-twins), as
// peoplegeneratorapi's and useapi's published documents do: each request reaches the operation its
// trailing slash names, and a request missing that operation's required input is refused naming it.
// A path declared one way only keeps the router's reading: one trailing slash is ignored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { routes } from '../../fixtures/trailing-slash-twins/expected/server.js';
import { createClient } from '../../fixtures/trailing-slash-twins/expected/client.js';
import { withServed } from './support/e2e.ts';

const answer = (operation: string) => (input?: object) => ({
  operation: `${operation}${input === undefined || Object.keys(input).length === 0 ? '' : ` ${JSON.stringify(input)}`}`,
});
const handlers = {
  getPerson: answer('getPerson'),
  getPersonSlash: answer('getPersonSlash'),
  listJobs: answer('listJobs'),
  getJob: answer('getJob'),
  getPlain: answer('getPlain'),
};

test('the trailing slash picks between twins; a path declared once ignores it', async () => {
  await withServed(routes(handlers), async (server) => {
    const get = async (path: string) => {
      const response = await fetch(`${server.url}${path}`);
      const body = (await response.json()) as { operation?: string; parameter?: string };
      return response.status === 200 ? String(body.operation) : `${response.status} ${body.parameter}`;
    };
    assert.equal(await get('/person'), 'getPerson');
    assert.equal(await get('/person/'), 'getPersonSlash');
    assert.equal(await get('/jobs'), 'listJobs');
    assert.equal(await get('/jobs/?jobid=j1'), 'getJob {"jobid":"j1"}');
    // The slash names the operation; the operation names what is missing.
    assert.equal(await get('/jobs/'), '400 jobid');
    assert.equal(await get('/jobs?jobid=j1'), 'listJobs');
    assert.equal(await get('/plain/'), 'getPlain');
    assert.equal(await get('/plain'), 'getPlain');
    const client = createClient({ baseUrl: server.url });
    assert.deepEqual(await client.getPersonSlash(), { operation: 'getPersonSlash' });
    assert.deepEqual(await client.getPerson(), { operation: 'getPerson' });
    assert.deepEqual(await client.getJob({ jobid: 'j2' }), { operation: 'getJob {"jobid":"j2"}' });
  });
});
