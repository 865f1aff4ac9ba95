// A generated server answers its own 4xx (a bad parameter or body, missing credentials, an
// unsupported media type) in the error shapes published APIs declare, as the document's own
// schemas judge them (ajv over fixtures/error-shapes-published/openapi.yaml, not kitgen's model):
// Azure's optional nested error, Slack's ok/error pair, Spotify's nested status, JSON:API's error
// list, Google's status enum, an allOf'd RFC 7807 problem with a required timestamp, plain text.
// The one shape no failure fills (XML only) keeps the runtime's body, and generation warned of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import YAML from 'yaml';
import { routes } from '../../fixtures/error-shapes-published/expected/server.js';
import { serve } from './support/e2e.ts';

const addFormats = addFormatsModule as unknown as (ajv: unknown) => void;
const documentUrl = new URL('../../fixtures/error-shapes-published/openapi.yaml', import.meta.url);
const document = YAML.parse(await readFile(documentUrl, 'utf8')) as { components: object };

const ajv = new Ajv({ strict: false, allErrors: false });
addFormats(ajv);
ajv.addSchema({ $id: 'doc', components: document.components });
const judge = (schema: string, value: unknown): void => {
  const validate =
    ajv.getSchema(`doc#/components/schemas/${schema}`) ?? ajv.compile({ $ref: `doc#/components/schemas/${schema}` });
  assert.ok(validate(value), `${schema}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(value)}`);
};

const thing = { name: 'w' };
const handlers = {
  azureGet: () => thing,
  slackPost: () => thing,
  spotifyGet: () => thing,
  jsonApiPost: () => ({ status: 201 as const, body: thing }),
  googleGet: () => thing,
  problemPut: () => undefined,
  textGet: () => 'ok',
  legacyGet: () => thing,
};

interface Seen {
  readonly status: number;
  readonly type: string | null;
  readonly text: string;
}

async function call(base: string, path: string, init: RequestInit & { token?: boolean } = {}): Promise<Seen> {
  const headers = new Headers(init.headers);
  if (init.token !== false) headers.set('authorization', 'Bearer t');
  const r = await fetch(base + path, { ...init, headers });
  return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
}

test('published error shapes: each runtime 4xx takes the declared shape, judged by ajv over the document', async () => {
  const server = await serve(routes(handlers as never));
  const json = { 'content-type': 'application/json' };
  try {
    const azure = await call(server.url, '/azure/x?api-version=1');
    assert.equal(azure.status, 400, azure.text);
    judge('CloudError', JSON.parse(azure.text));
    assert.match(JSON.parse(azure.text).error.message, /id/, 'the message names the parameter');
    assert.equal(JSON.parse(azure.text).error.target, 'id');
    const azure401 = await call(server.url, '/azure/1?api-version=1', { token: false });
    assert.equal(azure401.status, 401);
    judge('CloudError', JSON.parse(azure401.text));

    const slack = await call(server.url, '/slack', { method: 'POST', headers: json, body: '{}' });
    assert.equal(slack.status, 400, slack.text);
    judge('SlackError', JSON.parse(slack.text));
    assert.equal(JSON.parse(slack.text).ok, false);
    const slack415 = await call(server.url, '/slack', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'name\nw',
    });
    assert.equal(slack415.status, 415);
    judge('SlackError', JSON.parse(slack415.text));

    const spotify = await call(server.url, '/spotify/1?limit=51');
    assert.equal(spotify.status, 400, spotify.text);
    judge('SpotifyError', JSON.parse(spotify.text));
    assert.equal(JSON.parse(spotify.text).error.status, 400);

    const jsonApi = await call(server.url, '/jsonapi', {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json' },
      body: '{"name":""}',
    });
    assert.equal(jsonApi.status, 400, jsonApi.text);
    assert.equal(jsonApi.type, 'application/vnd.api+json');
    judge('JsonApiErrors', JSON.parse(jsonApi.text));
    assert.equal(JSON.parse(jsonApi.text).errors[0].status, '400');
    assert.match(JSON.parse(jsonApi.text).errors[0].detail, /\/name/);

    const google = await call(server.url, '/google/n?pageSize=0');
    assert.equal(google.status, 400, google.text);
    judge('GoogleError', JSON.parse(google.text));
    assert.deepEqual(
      [JSON.parse(google.text).error.code, JSON.parse(google.text).error.status],
      [400, 'INVALID_ARGUMENT'],
    );
    const google401 = await call(server.url, '/google/n', { token: false });
    assert.equal(google401.status, 401);
    judge('GoogleError', JSON.parse(google401.text));
    assert.equal(JSON.parse(google401.text).error.status, 'UNAUTHENTICATED');

    const problem = await call(server.url, '/problems', { method: 'PUT', headers: json, body: '{"size":"big"}' });
    assert.equal(problem.status, 400, problem.text);
    assert.equal(problem.type, 'application/problem+json');
    judge('TimedProblem', JSON.parse(problem.text));
    assert.ok(Math.abs(Date.parse(JSON.parse(problem.text).timestamp) - Date.now()) < 60_000, 'the timestamp is now');

    const text = await call(server.url, '/text?n=x');
    assert.equal(text.status, 400);
    assert.match(text.type ?? '', /^text\/plain/);
    assert.match(text.text, /\bn\b/, 'the message itself, naming the parameter');

    // No failure fills an XML-only error: the runtime's own body, as the generator warned.
    const legacy = await call(server.url, '/legacy?n=x');
    assert.equal(legacy.status, 400);
    assert.equal(JSON.parse(legacy.text).error, 'Bad Request');

    const ok = await call(server.url, '/azure/1?api-version=1');
    assert.equal(ok.status, 200, 'a valid request is still served');
  } finally {
    await server.shutdown();
  }
});
