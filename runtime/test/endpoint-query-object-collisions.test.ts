// Exploded form objects whose keys are other parameters' names (sinao's invoices): `columns` has
// a `discount` property beside an object parameter `discount`, and the nullable object
// `contact_infos` has a `details` property beside a parameter `details`. Each value goes to its
// reader: the key `discount` is the `columns` object's (the `discount` object is its own keys),
// and `details`, sent twice, is shared out in declaration order, a nullable object included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, HttpCodec, RoutePattern, Routes, Schema } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const optionalQuery = (name: string, schema: Parameters<typeof HttpCodec.query>[1]) =>
  HttpCodec.query(name, schema).optional();
const invoices = Endpoint(RoutePattern.GET('invoices'))
  .query(
    optionalQuery(
      'columns',
      Schema.Object({ amount: Schema.Optional(Schema.String()), discount: Schema.Optional(Schema.String()) }),
    ),
  )
  .query(
    optionalQuery(
      'discount',
      Schema.Object({ amount: Schema.Optional(Schema.Integer()), percent: Schema.Optional(Schema.Integer()) }),
    ),
  )
  .query(
    optionalQuery(
      'contact_infos',
      Schema.Union([Schema.Object({ details: Schema.Optional(Schema.String()) }), Schema.Null()]),
    ),
  )
  .query(optionalQuery('details', Schema.Union([Schema.String(), Schema.Null()])))
  .out(Schema.Unknown());

const routes = Routes(
  invoices.implement(([columns, discount, contact, details]) => ({
    columns: columns ?? 'absent',
    discount: discount ?? 'absent',
    contact: contact ?? 'absent',
    details: details ?? 'absent',
  })),
);

test('query: an exploded object is its own keys when its name is another object property', async () => {
  const server = await startServer(routes);
  try {
    const get = async (q: string) => {
      const r = await fetch(`${server.url}/invoices?${q}`);
      assert.equal(r.status, 200, `${q}: ${await r.clone().text()}`);
      return r.json();
    };
    assert.deepEqual(await get('discount=shown&amount=col&amount=5&percent=10'), {
      columns: { discount: 'shown', amount: 'col' },
      discount: { amount: 5, percent: 10 },
      contact: 'absent',
      details: 'absent',
    });
    assert.deepEqual(await get('discount=shown'), {
      columns: { discount: 'shown' },
      discount: 'absent',
      contact: 'absent',
      details: 'absent',
    });
    // JSON text under its own name (what kitgen's client sends for an object) is still its own.
    assert.deepEqual(await get('discount=%7B%22amount%22%3A1%7D'), {
      columns: 'absent',
      discount: { amount: 1 },
      contact: 'absent',
      details: 'absent',
    });
    assert.deepEqual(await get('details=c&details=d'), {
      columns: 'absent',
      discount: 'absent',
      contact: { details: 'c' },
      details: 'd',
    });
  } finally {
    await server.shutdown();
  }
});
