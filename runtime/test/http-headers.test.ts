import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Headers, Request, Response, Route, RoutePattern, Routes, Server } from '@kitgen/runtime';

test('names are case-insensitive in every operation', () => {
  const h = Headers.from({ 'Content-Type': 'text/plain', 'X-Trace': 'a' });
  assert.equal(h.get('content-type'), 'text/plain');
  assert.equal(h.get('CONTENT-TYPE'), 'text/plain');
  assert.ok(h.has('x-TRACE'));
  assert.deepEqual(h.names().sort(), ['content-type', 'x-trace']);
  assert.equal(h.set('x-trace', 'b').get('X-Trace'), 'b');
  assert.equal(h.delete('X-TRACE').has('x-trace'), false);
  assert.deepEqual(h.add('X-Trace', 'c').getAll('x-trace'), ['a', 'c']);
  assert.deepEqual(
    Headers.from([
      ['X-A', '1'],
      ['x-a', '2'],
    ]).getAll('X-A'),
    ['1', '2'],
  );
});

test('every change returns a new value and leaves the original as it was', () => {
  const original = Headers.from({ a: '1', b: '2' });
  const snapshot = [...original];
  const changed = [
    original.set('a', 'x'),
    original.add('a', 'y'),
    original.delete('b'),
    original.merge({ c: '3', a: 'z' }),
    original.set('n', 5),
  ];
  assert.deepEqual([...original], snapshot);
  assert.deepEqual(
    changed.map((h) => h.get('a')),
    ['x', '1, y', '1', 'z', '1'],
  );
  assert.equal(changed[4].get('n'), '5');
  // Deleting an absent header and merging nothing return the same value.
  assert.equal(original.delete('nope'), original);
  assert.equal(original.merge({}), original);
  // A record taken out is a copy.
  const record = original.toRecord();
  record.a = 'mutated';
  assert.equal(original.get('a'), '1');
  // Headers shared by two responses are not affected by changes to one of them.
  const r1 = new Response(200, original);
  const r2 = r1.setHeader('a', 'changed');
  assert.equal(r1.headers.get('a'), '1');
  assert.equal(r2.headers.get('a'), 'changed');
});

test('several values: get joins them, set-cookie is never joined', () => {
  const h = Headers.from({ accept: ['text/html', 'application/json'], 'set-cookie': ['a=1', 'b=2'] });
  assert.equal(h.get('accept'), 'text/html, application/json');
  assert.equal(h.get('set-cookie'), 'a=1');
  assert.deepEqual(h.getAll('set-cookie'), ['a=1', 'b=2']);
  assert.deepEqual(
    [...h].filter(([n]) => n === 'set-cookie'),
    [
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
    ],
  );
  assert.deepEqual(h.getAll('missing'), []);
  assert.equal(Headers.from({ a: undefined }).has('a'), false);
});

test('names of Object.prototype members are ordinary, absent headers', () => {
  const built = Headers.from({ a: '1' }).set('b', '2').merge({ c: '3' });
  for (const h of [built, Headers.empty, Headers.from({})]) {
    for (const name of ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf']) {
      assert.equal(h.get(name), undefined, name);
      assert.equal(h.has(name), false, name);
      assert.deepEqual(h.getAll(name), [], name);
    }
  }
  const proto = Headers.from({ a: '1' }).set('__proto__', 'x');
  assert.equal(proto.get('__proto__'), 'x');
  assert.equal(proto.get('a'), '1');
});

test('over the wire: request headers are case-insensitive, and "constructor" is not a header', async () => {
  const route = Route.handled(RoutePattern.GET('h'), (req) =>
    Response.json({
      trace: req.header('x-TrAcE') ?? null,
      ctor: req.header('constructor') ?? null,
      has: req.headers.has('toString'),
    }),
  );
  const server = Server.defaultWith((c) => c.binding('127.0.0.1', 0));
  const port = await Server.install(Routes(route), server);
  try {
    const res = await fetch(`http://127.0.0.1:${port}/h`, { headers: { 'X-Trace': 'abc' } });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { trace: 'abc', ctor: null, has: false });
  } finally {
    await server.shutdown();
  }
});

test('a request copy shares nothing mutable with the original headers', () => {
  const req = new Request({ method: 'GET', url: '/', headers: { a: '1' } });
  const copy = req.copy({ headers: req.headers.set('a', '2') });
  assert.equal(req.header('a'), '1');
  assert.equal(copy.header('a'), '2');
});
