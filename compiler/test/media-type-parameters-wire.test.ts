// Bodies declared with media type parameters (`application/json; charset=utf-8`, a `profile`, an
// upper-case `charset=UTF-8`), as published documents declare them: the generated server of
// fixtures/media-type-parameters answers them over the wire with their codec (they used to answer
// 500, no codec for the media type), sends the declared parameters on the Content-Type, reads a
// request declared so whether or not the client repeats the parameter, and the generated client
// reads the answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { routes } from '../../fixtures/media-type-parameters/expected/server.js';
import { createClient } from '../../fixtures/media-type-parameters/expected/client.js';
import * as endpoints from '../../fixtures/media-type-parameters/expected/endpoints.js';
import { serve } from './support/e2e.ts';

const accounts = new Map([['a1', { id: 'a1', balance: 12.5 }]]);
const handlers = {
  getAccount: ({ id }: { id: string }) =>
    accounts.get(id) ?? endpoints.getAccount.fail({ status: 404, body: { message: `no account ${id}` } }),
  putAccount: ({ id, body }: { id: string; body: { id: string; balance: number } }) => {
    accounts.set(id, body);
    return body;
  },
  getAccountCard: ({ id }: { id: string }) => ({ '@id': `https://example.com/accounts/${id}`, name: 'Card' }),
  getAccountMotd: () => 'Grüße',
};

test('media type parameters: each declared media type is answered with its codec and its parameters', async () => {
  const server = await serve(routes(handlers));
  try {
    const got = await fetch(`${server.url}/accounts/a1`);
    assert.equal(got.status, 200, await got.clone().text());
    assert.equal(got.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(await got.json(), { id: 'a1', balance: 12.5 });

    const missing = await fetch(`${server.url}/accounts/zz`);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('content-type'), 'application/json;charset=UTF-8', 'as the document spells it');
    assert.deepEqual(await missing.json(), { message: 'no account zz' });

    const card = await fetch(`${server.url}/accounts/a1/card`);
    assert.equal(card.status, 200);
    assert.equal(card.headers.get('content-type'), 'application/ld+json;charset=UTF-8');
    assert.deepEqual(await card.json(), { '@id': 'https://example.com/accounts/a1', name: 'Card' });

    const motd = await fetch(`${server.url}/accounts/a1/motd`);
    assert.equal(motd.status, 200);
    assert.equal(
      motd.headers.get('content-type'),
      'text/plain; charset=utf-8',
      'the declared charset, not a second one',
    );
    assert.equal(await motd.text(), 'Grüße');
  } finally {
    await server.shutdown();
  }
});

test('media type parameters: a request body declared with a charset is read with or without it; two profiles of one type are negotiated', async () => {
  const server = await serve(routes(handlers));
  try {
    for (const contentType of [
      'application/json; charset=utf-8',
      'application/json',
      'Application/JSON;Charset=UTF-8',
    ]) {
      const r = await fetch(`${server.url}/accounts/b${contentType.length}`, {
        method: 'PUT',
        headers: { 'content-type': contentType },
        body: JSON.stringify({ id: 'b', balance: 3 }),
      });
      assert.equal(r.status, 200, `${contentType}: ${await r.clone().text()}`);
      assert.equal(
        r.headers.get('content-type'),
        'application/json; profile="CamelCase"',
        'the first declared profile',
      );
      assert.deepEqual(await r.json(), { id: 'b', balance: 3 });
    }
    const bad = await fetch(`${server.url}/accounts/c`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"id":"c"}',
    });
    assert.equal(bad.status, 400, 'the body is still validated');
    const xml = await fetch(`${server.url}/accounts/c`, {
      method: 'PUT',
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    assert.equal(xml.status, 415);

    const accept = await fetch(`${server.url}/accounts/d`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ id: 'd', balance: 1 }),
    });
    assert.equal(accept.status, 200);
    assert.equal(
      accept.headers.get('content-type'),
      'application/json; profile="CamelCase"',
      'Accept by the essence keeps the declared parameters',
    );
  } finally {
    await server.shutdown();
  }
});

test('media type parameters: the generated client sends and reads them', async () => {
  const server = await serve(routes(handlers));
  try {
    const client = createClient({ baseUrl: server.url });
    assert.deepEqual(await client.putAccount({ id: 'e', body: { id: 'e', balance: 9 } }), { id: 'e', balance: 9 });
    assert.deepEqual(await client.getAccount({ id: 'e' }), { id: 'e', balance: 9 });
    assert.deepEqual(await client.either.getAccount({ id: 'nope' }), {
      _tag: 'left',
      left: { status: 404, body: { message: 'no account nope' } },
    });
    assert.equal(await client.getAccountMotd({ id: 'e' }), 'Grüße');
    assert.deepEqual(await client.getAccountCard({ id: 'e' }), {
      '@id': 'https://example.com/accounts/e',
      name: 'Card',
    });
  } finally {
    await server.shutdown();
  }
});
