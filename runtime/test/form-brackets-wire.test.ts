// A form body's object and list fields in bracket notation, over the wire: OpenAPI's `deepObject`
// encoding of a form field, as Stripe's API declares it and Stripe's clients, Rails and PHP send it
// (`scope[type]=account`, `items[0][price]=p1`, `tags[]=a`). Each leaf is read as its schema's type;
// a field sent as JSON text still reads as before; a bracket key that would reach Object.prototype
// builds nothing; a missing required leaf is refused naming its pointer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, RoutePattern, Schema, Routes } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const Secret = Schema.Object({
  name: Schema.String(),
  scope: Schema.Object({ type: Schema.Enum(['account', 'user']), user: Schema.Optional(Schema.String()) }),
  limits: Schema.Optional(Schema.Object({ count: Schema.Integer(), strict: Schema.Boolean() })),
  items: Schema.Optional(Schema.Array(Schema.Object({ price: Schema.String(), quantity: Schema.Integer() }))),
  tags: Schema.Optional(Schema.Array(Schema.String())),
});

test('form fields in bracket notation are read as the objects and lists they name', async () => {
  const e = Endpoint(RoutePattern.POST('secrets'))
    .in(Secret, { mediaType: 'application/x-www-form-urlencoded' })
    .out(Secret);
  const server = await startServer(Routes(e.implement((s) => s)));
  const post = (body: string) =>
    fetch(`${server.url}/secrets`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
  try {
    const ok = await post(
      'name=s1&scope[type]=user&scope[user]=u%201&limits[count]=5&limits[strict]=true' +
        '&items[0][price]=p1&items[0][quantity]=2&items[1][price]=p2&items[1][quantity]=1&tags[]=a&tags[]=b',
    );
    const text = await ok.text();
    assert.equal(ok.status, 200, text);
    assert.deepEqual(JSON.parse(text), {
      name: 's1',
      scope: { type: 'user', user: 'u 1' },
      limits: { count: 5, strict: true },
      items: [
        { price: 'p1', quantity: 2 },
        { price: 'p2', quantity: 1 },
      ],
      tags: ['a', 'b'],
    });

    // JSON text for an object field reads as it did.
    const json = await post(`name=s2&scope=${encodeURIComponent('{"type":"account"}')}`);
    assert.deepEqual(await json.json(), { name: 's2', scope: { type: 'account' } });

    // A key that would reach Object.prototype builds nothing; the required leaf is then missing.
    const polluted = await post('name=s3&scope[__proto__][type]=account');
    const refused = (await polluted.json()) as { message: string };
    assert.equal(polluted.status, 400);
    assert.match(refused.message, /scope/);
    assert.equal(({} as Record<string, unknown>).type, undefined);

    // A leaf of the wrong type is refused at its pointer.
    const wrong = await post('name=s4&scope[type]=account&limits[count]=many&limits[strict]=true');
    assert.equal(wrong.status, 400);
    assert.match(((await wrong.json()) as { message: string }).message, /\/limits\/count/);
  } finally {
    await server.shutdown();
  }
});
