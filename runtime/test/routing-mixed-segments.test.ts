import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PathCodec, Response, Route, RoutePattern, Routes, Server, type Routes as RoutesType } from '@kitgen/runtime';
import { RawConnection, rawRequest } from './support/rawHttp.ts';

// Segments of text around parameters: `{name}.json`, `{id}:cancel`, `{year}-{month}`, `v{version}`.

const named = <P extends unknown[]>(name: string, pattern: RoutePattern<P>) =>
  Route.handled(pattern, (_req, ...params) =>
    Response.json({ route: name, params: params.map((p) => (typeof p === 'bigint' ? `${p}n` : p)) }),
  );

const { segment, string, int, long, uuid, bool } = PathCodec;

const api = Routes(
  named('whole', RoutePattern.GET('files', string('file'))),
  named('json', RoutePattern.GET('files', segment(string('name'), '.json'))),
  named('tgz', RoutePattern.GET('files', segment(string('name'), '.tar.gz'))),
  named('readme', RoutePattern.GET('files', 'README.json')),
  named('cancel', RoutePattern.POST('v1', segment(long('id'), ':cancel'))),
  named('month', RoutePattern.GET('reports', segment(int('year'), '-', int('month')))),
  named('avatar', RoutePattern.GET('users', uuid('id'), 'avatar', segment('avatar.', string('format')))),
  named('version', RoutePattern.GET('api', segment('v', int('version')), 'status')),
  named('flag', RoutePattern.GET('flags', segment('on=', bool('on')))),
  named('post', RoutePattern.GET('posts', segment(int('id'), '-', string('slug')))),
  named('colon', RoutePattern.GET('keys', segment(string('key'), ':get'))),
);

async function withServer(
  routes: RoutesType,
  fn: (
    get: (method: string, target: string) => Promise<{ status: number; json: { [key: string]: unknown } }>,
  ) => Promise<void>,
) {
  const server = Server.defaultWith((c) => c.binding('127.0.0.1', 0));
  const port = await Server.install(routes, server);
  const c = await RawConnection.open(port);
  try {
    await fn(async (method, target) => {
      c.write(rawRequest(method, target));
      const r = await c.response();
      const text = r.body.toString('utf8');
      return { status: r.status, json: r.headers['content-type']?.includes('json') ? JSON.parse(text) : text };
    });
  } finally {
    c.destroy();
    await server.shutdown();
  }
}

test('raw HTTP: the four shapes of mixed segments route, each piece through its codec', async () => {
  await withServer(api, async (send) => {
    assert.deepEqual((await send('GET', '/files/report.json')).json, { route: 'json', params: ['report'] });
    assert.deepEqual((await send('POST', '/v1/9223372036854775807:cancel')).json, {
      route: 'cancel',
      params: ['9223372036854775807n'],
    });
    assert.deepEqual((await send('GET', '/reports/2024-05')).json, { route: 'month', params: [2024, 5] });
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    assert.deepEqual((await send('GET', `/users/${id}/avatar/avatar.png`)).json, {
      route: 'avatar',
      params: [id, 'png'],
    });
    assert.deepEqual((await send('GET', '/api/v2/status')).json, { route: 'version', params: [2] });
    assert.deepEqual((await send('GET', '/flags/on=true')).json, { route: 'flag', params: [true] });
  });
});

test('raw HTTP: a piece its codec refuses is a 400 naming the parameter; text that does not match is a 404', async () => {
  await withServer(api, async (send) => {
    const bad = await send('GET', '/reports/2024-May');
    assert.equal(bad.status, 400);
    assert.equal(bad.json.parameter, 'month');
    assert.equal(bad.json.message, "path parameter 'month': expected a 32-bit integer, got 'May'");
    const overflow = await send('POST', '/v1/99999999999999999999:cancel');
    assert.equal(overflow.status, 400);
    assert.equal(overflow.json.parameter, 'id');
    assert.equal((await send('GET', '/api/vX/status')).json.parameter, 'version');
    assert.equal((await send('GET', '/flags/on=yes')).json.parameter, 'on');
    // The literal text does not match: no route has this shape.
    assert.equal((await send('POST', '/v1/42:pause')).status, 404);
    assert.equal((await send('GET', '/reports/202405')).status, 404);
    assert.equal((await send('GET', '/api/2/status')).status, 404);
    assert.equal((await send('GET', '/api/v/status')).status, 404, 'a parameter piece is never empty');
    assert.equal((await send('GET', '/users/0f8fad5b-d9cb-469f-a165-70867728950e/avatar/picture.png')).status, 404);
    // A method the path does not have is still a 405.
    const wrong = await send('GET', '/v1/42:cancel');
    assert.equal(wrong.status, 405);
  });
});

test('raw HTTP: precedence is literal segment, then mixed segment (more text first), then whole parameter', async () => {
  await withServer(api, async (send) => {
    assert.deepEqual((await send('GET', '/files/README.json')).json, { route: 'readme', params: [] });
    assert.deepEqual((await send('GET', '/files/a.json')).json, { route: 'json', params: ['a'] });
    assert.deepEqual((await send('GET', '/files/a.tar.gz')).json, { route: 'tgz', params: ['a'] });
    assert.deepEqual((await send('GET', '/files/a.zip')).json, { route: 'whole', params: ['a.zip'] });
    assert.deepEqual(
      (await send('GET', '/files/.json')).json,
      { route: 'whole', params: ['.json'] },
      'an empty piece does not match',
    );
  });
  // Declaration order does not matter: the whole parameter declared first still loses.
  const reversed = Routes(
    named('json', RoutePattern.GET('files', segment(string('name'), '.json'))),
    named('whole', RoutePattern.GET('files', string('file'))),
  );
  await withServer(reversed, async (send) => {
    assert.deepEqual((await send('GET', '/files/a.json')).json, { route: 'json', params: ['a'] });
    assert.deepEqual((await send('GET', '/files/a.jsonx')).json, { route: 'whole', params: ['a.jsonx'] });
  });
  // A mixed segment whose piece does not decode yields to a parameter that accepts the segment,
  // and answers the 400 itself when nothing else does.
  const typed = Routes(
    named('byId', RoutePattern.GET('items', segment(int('id'), '.json'))),
    named('bySlug', RoutePattern.GET('items', string('slug'))),
  );
  await withServer(typed, async (send) => {
    assert.deepEqual((await send('GET', '/items/7.json')).json, { route: 'byId', params: [7] });
    assert.deepEqual((await send('GET', '/items/seven.json')).json, { route: 'bySlug', params: ['seven.json'] });
  });
  // At equal text the narrower codec is tried first, whatever the declaration order.
  const kinds = Routes(
    named('byName', RoutePattern.GET('items', segment(string('name'), '.json'))),
    named('byId', RoutePattern.GET('items', segment(int('id'), '.json'))),
  );
  await withServer(kinds, async (send) => {
    assert.deepEqual((await send('GET', '/items/7.json')).json, { route: 'byId', params: [7] });
    assert.deepEqual((await send('GET', '/items/seven.json')).json, { route: 'byName', params: ['seven'] });
  });
  const alone = Routes(
    named('byId', RoutePattern.GET('items', segment(int('id'), '.json'))),
    named('byN', RoutePattern.GET('items', int('n'))),
  );
  await withServer(alone, async (send) => {
    const bad = await send('GET', '/items/seven.json');
    assert.equal(bad.status, 400);
    assert.equal(bad.json.parameter, 'id', 'the route whose text matched names its parameter');
  });
});

test('raw HTTP: greedy pieces, codec-aware splits, and RFC 3986 percent-encoding', async () => {
  await withServer(api, async (send) => {
    // The first parameter takes as much as it can: a name ending in ".json" keeps it.
    assert.deepEqual((await send('GET', '/files/a.json.json')).json, { route: 'json', params: ['a.json'] });
    // …unless its codec refuses that piece: `{id:int}-{slug}` reads "12-my-post" as 12 and "my-post".
    assert.deepEqual((await send('GET', '/posts/12-my-post')).json, { route: 'post', params: [12, 'my-post'] });
    // `.` and `-` are unreserved: %2E and %2D are the same characters (RFC 3986 6.2.2.2).
    assert.deepEqual((await send('GET', '/files/report%2Ejson')).json, { route: 'json', params: ['report'] });
    assert.deepEqual((await send('GET', '/reports/2024%2d05')).json, { route: 'month', params: [2024, 5] });
    // `:` is reserved: a raw ":" in the segment is the literal, an escaped one belongs to the value.
    assert.deepEqual((await send('GET', '/keys/a%3Aget:get')).json, { route: 'colon', params: ['a:get'] });
    assert.deepEqual((await send('GET', '/keys/a:b:get')).json, { route: 'colon', params: ['a:b'] });
    assert.equal((await send('GET', '/keys/a%3Aget')).status, 404, '%3A is not the literal ":"');
    // Escaped text inside a piece decodes (space, UTF-8).
    assert.deepEqual((await send('GET', '/files/Z%C3%BCrich%20notes.json')).json, {
      route: 'json',
      params: ['Zürich notes'],
    });
    // A long run of the separator does not cost the square of its length (split attempts are bounded).
    const r = await send('GET', `/reports/${'-'.repeat(4000)}`);
    assert.equal(r.status, 400);
    assert.equal(r.json.parameter, 'year');
  });
});

test('PathCodec.segment refuses shapes it cannot match, naming the segment', () => {
  assert.throws(
    () => segment(string('a'), string('b')),
    /PathCodec\.segment: "\{a\}\{b\}": two parameters need literal text between them/,
  );
  assert.throws(() => segment('v1'), /needs a parameter/);
  assert.throws(() => segment(string('a'), 'x/y'), /literal text may not hold "\/"/);
  assert.throws(() => segment(PathCodec.trailing('rest'), '.json'), /trailing parameter "rest" cannot share a segment/);
  assert.throws(
    () => RoutePattern.GET('a', string('id'), segment(string('id'), '.json')),
    /path parameter "id" appears twice/,
  );
});

test('RoutePattern with a mixed segment: OpenAPI path, formatted path with encoded pieces, parameter types', () => {
  const p = RoutePattern.GET('files', segment(string('name'), '.json'));
  assert.equal(p.openApiPath, '/files/{name}.json');
  const typed: RoutePattern<[string]> = p;
  assert.equal(typed.format(['a/b.json']), '/files/a%2Fb.json.json');
  const q = RoutePattern.POST('v1', segment(long('id'), ':cancel'));
  assert.equal(q.format([42n]), '/v1/42:cancel');
  const k = RoutePattern.GET('keys', segment(string('key'), ':get'));
  assert.equal(k.format(["it's:(x)"]), '/keys/it%27s%3A%28x%29:get');
  const r = RoutePattern.GET('reports', segment(int('year'), '-', int('month')), segment('page', int('n')));
  const tuple: RoutePattern<[number, number, number]> = r;
  assert.equal(tuple.format([2024, 5, 3]), '/reports/2024-5/page3');
  assert.deepEqual(
    r.params.map((c) => c.name),
    ['year', 'month', 'n'],
  );
});
