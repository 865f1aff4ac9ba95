// Operations of one method and path told apart by their required inputs, as AWS's documents
// declare them (`/#X-Amz-Target=Svc.Get`, `/tags/{arn}#tagKeys`): each request reaches the
// operation whose required query parameter or header (and its enum's value) it carries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, RoutePattern, HttpCodec, HeaderCodec, Schema, Routes, type Route } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

async function serve(routes: Route[], fn: (url: string) => Promise<void>): Promise<void> {
  const server = await startServer(Routes(...routes));
  try {
    await fn(server.url);
  } finally {
    await server.shutdown();
  }
}

const echo = Schema.Unknown();

test("a required header's enum value picks the operation among those of one path", async () => {
  const target = (value: string) =>
    HeaderCodec.name('x-amz-target', Schema.Unsafe<string>({ type: 'string', enum: [value] }));
  const get = Endpoint(RoutePattern.POST()).header(target('Svc.Get')).out(echo);
  const put = Endpoint(RoutePattern.POST()).header(target('Svc.Put')).out(echo);
  await serve([get.implement((t) => ({ get: t })), put.implement((t) => ({ put: t }))], async (url) => {
    const call = (value?: string) =>
      fetch(`${url}/`, { method: 'POST', headers: value === undefined ? {} : { 'x-amz-target': value } });
    assert.deepEqual(await (await call('Svc.Put')).json(), { put: 'Svc.Put' });
    assert.deepEqual(await (await call('Svc.Get')).json(), { get: 'Svc.Get' });
    // No operation's value: the first operation answers, naming what it wants.
    const wrong = await call('Svc.Delete');
    assert.equal(wrong.status, 400);
    assert.equal(((await wrong.json()) as Record<string, string>).parameter, 'x-amz-target');
    const missing = await call();
    assert.equal(missing.status, 400);
    assert.match(((await missing.json()) as Record<string, string>).message, /x-amz-target/);
  });
});

test('a required query parameter, or its enum value, picks the operation among those of one path', async () => {
  const action = (value: string) => HttpCodec.query('Action', Schema.Unsafe<string>({ type: 'string', enum: [value] }));
  const send = Endpoint(RoutePattern.GET('queue')).query(action('Send')).out(echo);
  const receive = Endpoint(RoutePattern.GET('queue'))
    .query(action('Receive'))
    .query(HttpCodec.query('max', Schema.Integer()))
    .out(echo);
  const untag = Endpoint(RoutePattern.GET('tags'))
    .query(HttpCodec.query('tagKeys', Schema.Array(Schema.String())))
    .out(echo);
  const list = Endpoint(RoutePattern.GET('tags')).out(echo);
  const routes = [
    send.implement((a) => ({ send: a })),
    receive.implement(([a, max]) => ({ receive: a, max })),
    untag.implement((keys) => ({ untag: keys })),
    list.implement(() => ({ list: true })),
  ];
  await serve(routes, async (url) => {
    assert.deepEqual(await (await fetch(`${url}/queue?Action=Receive&max=3`)).json(), { receive: 'Receive', max: 3 });
    assert.deepEqual(await (await fetch(`${url}/queue?Action=Send`)).json(), { send: 'Send' });
    assert.deepEqual(await (await fetch(`${url}/tags?tagKeys=a&tagKeys=b`)).json(), { untag: ['a', 'b'] });
    assert.deepEqual(await (await fetch(`${url}/tags`)).json(), { list: true });
    // The operation a request picks still checks the rest of its input.
    const bad = await fetch(`${url}/queue?Action=Receive&max=x`);
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as Record<string, string>).parameter, 'max');
  });
});
