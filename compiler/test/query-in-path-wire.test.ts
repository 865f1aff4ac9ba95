// Path keys with a query string written into them (fixtures/query-in-path), as flickr's, weatherbit's,
// clicksend's and HDInsight's published documents write them: the route is the path before `?`;
// a literal `method=…` is a required query parameter of that one value, which tells operations of
// one path apart and which the generated clients send; a `key={param}` is the parameter read from
// the query under `key`, whether the document declares it `in: path`, `in: query` or not at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from '@kitgen/runtime/client';
import { declaredSelectors, routes } from '../../fixtures/query-in-path/expected/server.js';
import { createClient } from '../../fixtures/query-in-path/expected/client.js';
import { currentByPosition, getPhotoInfo } from '../../fixtures/query-in-path/expected/operations.js';
import { withServed, type Running } from './support/e2e.ts';

const called: string[] = [];
const answer =
  (operation: string) =>
  (input: object): { operation: string } => {
    called.push(operation);
    return { operation: `${operation} ${JSON.stringify(input)}` };
  };
const handlers = {
  searchPhotos: answer('searchPhotos'),
  getPhotoInfo: answer('getPhotoInfo'),
  currentByPosition: answer('currentByPosition'),
  currentByCity: answer('currentByCity'),
  currentByStation: answer('currentByStation'),
  searchLocations: answer('searchLocations'),
  listJobsAfterId: answer('listJobsAfterId'),
};

const withServer = (fn: (server: Running) => Promise<void>) => withServed(routes(handlers), fn);

/** The operation that answered with its input, or the status and the parameter a refusal names. */
async function who(response: Response): Promise<string> {
  const body = (await response.json()) as { operation?: string; parameter?: string; message?: string };
  return response.status === 200 ? String(body.operation) : `${response.status} ${body.parameter}: ${body.message}`;
}

test('the literal and the templates of the query string are what picks each operation', () => {
  assert.deepEqual(declaredSelectors.searchPhotos, {
    carries: [{ in: 'query', name: 'method', value: 'photos.search' }],
  });
  assert.deepEqual(
    (declaredSelectors.currentByPosition?.carries ?? []).map((k) => k.name),
    ['lat', 'lon'],
  );
  assert.deepEqual(
    (declaredSelectors.currentByCity?.lacks ?? []).map((k) => k.name),
    ['lat', 'lon', 'station'],
  );
});

test('each request reaches the operation its query names, with the values read from the query', async () => {
  await withServer(async ({ url }) => {
    const get = async (path: string) => who(await fetch(`${url}${path}`));
    assert.equal(
      await get('/rest?method=photos.search&api_key=k'),
      'searchPhotos {"apiKey":"k","method":"photos.search"}',
    );
    assert.equal(
      await get('/rest?api_key=k&photo_id=42&method=photos.getInfo'),
      'getPhotoInfo {"apiKey":"k","photoId":"42","method":"photos.getInfo"}',
    );
    // Declared `in: path` in the document, but sent in the query: read there, as numbers.
    assert.equal(
      await get('/current?lat=51.5&lon=-0.12&units=S'),
      'currentByPosition {"lat":51.5,"lon":-0.12,"units":"S"}',
    );
    assert.equal(await get('/current?city=Paris'), 'currentByCity {"city":"Paris"}');
    // Declared nowhere: read as text.
    assert.equal(await get('/current?station=KJFK'), 'currentByStation {"station":"KJFK"}');
    // The key `q` names the parameter `query`; the path's trailing slash is the router's usual one.
    assert.equal(await get('/locations/fr/?q=Pa'), 'searchLocations {"country":"fr","q":"Pa"}');
    assert.equal(await get('/locations/fr?q=Pa'), 'searchLocations {"country":"fr","q":"Pa"}');
    assert.equal(await get('/jobs?op=LISTAFTERID&jobid=j1'), 'listJobsAfterId {"jobid":"j1","op":"LISTAFTERID"}');
  });
});

test('a request no operation of the path takes is refused 400 naming the key, and no handler runs', async () => {
  await withServer(async ({ url }) => {
    called.length = 0;
    const get = async (path: string) => who(await fetch(`${url}${path}`));
    assert.match(await get('/rest?method=photos.delete&api_key=k'), /^400 method: query parameter 'method'/);
    assert.match(await get('/rest?api_key=k'), /^400 method: query parameter 'method': required but missing/);
    assert.match(await get('/current?lat=91&lon=0'), /^400 lat: /);
    assert.match(await get('/current?lat=zz&lon=0'), /^400 lat: /);
    assert.match(await get('/current?lat=1'), /^400 (lon|lat): /);
    assert.match(await get('/current?lat=1&lon=2&city=Paris'), /^400 (city|lat|lon): /);
    assert.match(await get('/current'), /^400 /);
    assert.match(await get('/locations/fr/?q=P'), /^400 q: /);
    assert.match(await get('/jobs?op=LIST'), /^400 op: query parameter 'op'/);
    assert.match(await get('/jobs'), /^400 op: /);
    assert.deepEqual(called, [], 'no handler ran');
  });
});

test('both generated clients send the literal and the keys as the path key writes them', async () => {
  await withServer(async ({ url }) => {
    const client = createClient({ baseUrl: url });
    assert.deepEqual(await client.getPhotoInfo({ apiKey: 'k', photoId: '7', method: 'photos.getInfo' }), {
      operation: 'getPhotoInfo {"apiKey":"k","photoId":"7","method":"photos.getInfo"}',
    });
    assert.deepEqual(await client.searchLocations({ country: 'fr', q: 'Pa' }), {
      operation: 'searchLocations {"country":"fr","q":"Pa"}',
    });
    const api = connect({ baseUrl: url });
    assert.deepEqual(await currentByPosition(api, { lat: 1.5, lon: 2 }), {
      operation: 'currentByPosition {"lat":1.5,"lon":2}',
    });
    assert.deepEqual(await getPhotoInfo(api, { apiKey: 'k', photoId: '8', method: 'photos.getInfo' }), {
      operation: 'getPhotoInfo {"apiKey":"k","photoId":"8","method":"photos.getInfo"}',
    });
    // The literal is what the server picks by: another literal is another operation's request.
    const other = await client.getPhotoInfo({ apiKey: 'k', photoId: '7', method: 'photos.search' as never });
    assert.match(other.operation, /^searchPhotos /);
  });
});
