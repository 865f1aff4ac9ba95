// Operations of one method and path told apart by what a `#fragment` of their paths names, as
// Amazon S3's published document writes them (fixtures/fragment-selectors): each request reaches
// the operation whose query parameter or header it carries; the operation without one (the bucket
// listing) takes only requests that carry none of the others'; a request that none of them takes
// is answered 400 naming the key, and no handler runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { declaredSelectors as declared, routes } from '../../fixtures/fragment-selectors/expected/server.js';
import { withServed, type Running } from './support/e2e.ts';

type Key = { in: string; name: string; value?: string };
const declaredSelectors = declared as Record<string, { carries?: Key[]; lacks?: Key[] }>;
const lacks = (operation: string) => (declaredSelectors[operation].lacks ?? []).map((k) => k.name);

const called: string[] = [];
const answer = (operation: string) => () => {
  called.push(operation);
  return { operation };
};
const handlers = {
  listObjects: (input: { xAmzOptionalObjectAttributes?: string[] }) => {
    called.push('listObjects');
    return { operation: `listObjects ${JSON.stringify(input.xAmzOptionalObjectAttributes ?? null)}` };
  },
  getBucketCors: answer('getBucketCors'),
  listBucketAnalyticsConfigurations: answer('listBucketAnalyticsConfigurations'),
  getBucketAnalyticsConfiguration: (input: { id: string }) => {
    called.push('getBucketAnalyticsConfiguration');
    return { operation: `getBucketAnalyticsConfiguration ${input.id}` };
  },
  listObjectsV2: answer('listObjectsV2'),
  getBucketLifecycle: answer('getBucketLifecycle'),
  putObject: answer('putObject'),
  copyObject: answer('copyObject'),
  uploadPart: answer('uploadPart'),
};

const withServer = (fn: (server: Running) => Promise<void>) => withServed(routes(handlers), fn);

/** The operation that answered, or the status and the parameter a refusal names. */
async function who(response: Response): Promise<string> {
  const body = (await response.json()) as { operation?: string; parameter?: string; message?: string };
  return response.status === 200 ? String(body.operation) : `${response.status} ${body.parameter}: ${body.message}`;
}

test('the fragment names what each operation carries; the others’ keys are what it lacks; a label is no key', () => {
  assert.deepEqual(declaredSelectors.getBucketCors.carries, [{ in: 'query', name: 'cors' }]);
  assert.deepEqual(declaredSelectors.listObjectsV2.carries, [{ in: 'query', name: 'list-type', value: '2' }]);
  assert.deepEqual(declaredSelectors.copyObject.carries, [{ in: 'header', name: 'x-amz-copy-source' }]);
  // `#lifecycle&deprecated!`: `deprecated!` is declared nowhere, so nothing on the wire carries it.
  assert.deepEqual(declaredSelectors.getBucketLifecycle.carries, [{ in: 'query', name: 'lifecycle' }]);
  assert.equal(declaredSelectors.listObjects.carries, undefined);
  assert.deepEqual(lacks('listObjects'), ['cors', 'analytics', 'id', 'list-type', 'lifecycle']);
  // An operation does not lack a key it declares itself: the analytics listing has `analytics`.
  assert.deepEqual(lacks('listBucketAnalyticsConfigurations'), ['cors', 'id', 'list-type', 'lifecycle']);
});

test('each request reaches the operation whose flag it carries, the listing only a request with none', async () => {
  await withServer(async ({ url }) => {
    const get = async (query: string) => who(await fetch(`${url}/photos${query}`));
    assert.equal(await get(''), 'listObjects null');
    assert.equal(await get('?prefix=2024'), 'listObjects null');
    assert.equal(await get('?cors=true'), 'getBucketCors');
    // A flag as clients write it: its name alone.
    assert.equal(await get('?cors'), 'getBucketCors');
    assert.equal(await get('?cors='), 'getBucketCors');
    assert.equal(await get('?analytics&id=a1'), 'getBucketAnalyticsConfiguration a1');
    assert.equal(await get('?analytics=true'), 'listBucketAnalyticsConfigurations');
    assert.equal(await get('?analytics=true&id=a1'), 'getBucketAnalyticsConfiguration a1');
    assert.equal(await get('?list-type=2&prefix=x'), 'listObjectsV2');
    assert.equal(await get('?lifecycle=true'), 'getBucketLifecycle');
    // HEAD is answered by the GET operations, picked the same way.
    assert.equal((await fetch(`${url}/photos?cors=true`, { method: 'HEAD' })).status, 200);
  });
});

test('a spoiled or stray flag is refused 400 naming it, and no handler runs', async () => {
  await withServer(async ({ url }) => {
    called.length = 0;
    const get = async (query: string) => who(await fetch(`${url}/photos${query}`));
    // The operation whose flag it is reads it, and names what its value must be.
    assert.match(await get('?cors=zz-invalid'), /^400 cors: query parameter 'cors'/);
    assert.match(await get('?analytics=maybe&id=a1'), /^400 analytics: /);
    // A key of another operation, without that operation's other keys: the listing refuses it.
    assert.match(await get('?id=a1'), /^400 id: query parameter 'id': not taken by this operation/);
    assert.match(await get('?list-type=1'), /^400 list-type: /);
    // Two operations' flags at once: neither takes it.
    assert.match(await get('?cors=true&lifecycle=true'), /^400 (cors|lifecycle): /);
    assert.deepEqual(called, [], 'no handler ran');
  });
});

test('a header names the operation too: PUT with x-amz-copy-source copies, without it uploads', async () => {
  await withServer(async ({ url }) => {
    const put = async (query: string, headers: Record<string, string> = {}) =>
      who(await fetch(`${url}/photos/cat.jpg${query}`, { method: 'PUT', headers }));
    assert.equal(await put(''), 'putObject');
    assert.equal(await put('', { 'x-amz-copy-source': '/other/dog.jpg' }), 'copyObject');
    assert.equal(await put('?partNumber=1&uploadId=u1'), 'uploadPart');
    // The copy operation still checks its header's value against the schema.
    assert.match(await put('', { 'x-amz-copy-source': 'nowhere' }), /^400 x-amz-copy-source: /);
    // Upload-part keys with a copy source: that is no operation of this document.
    assert.match(await put('?partNumber=1&uploadId=u1', { 'x-amz-copy-source': '/other/dog.jpg' }), /^400 /);
    assert.match(await put('?uploadId=u1'), /^400 (partNumber|uploadId): /);
  });
});

test('an array header is a comma-separated list (OpenAPI simple style), each item checked', async () => {
  await withServer(async ({ url }) => {
    const list = async (value: string) =>
      who(await fetch(`${url}/photos`, { headers: { 'x-amz-optional-object-attributes': value } }));
    assert.equal(await list('RestoreStatus'), 'listObjects ["RestoreStatus"]');
    assert.equal(await list('RestoreStatus,Owner'), 'listObjects ["RestoreStatus","Owner"]');
    assert.equal(await list('RestoreStatus, Owner'), 'listObjects ["RestoreStatus","Owner"]');
    assert.match(await list('RestoreStatus,Nope'), /^400 x-amz-optional-object-attributes: /);
  });
});
