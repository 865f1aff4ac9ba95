// Query keys several form-exploded objects (or an object and a parameter) declare, as Sinao's
// invoices do: `contact_infos`, `third_account` and `discount` each have a `name`, `columns` (all
// texts) and `discount` (integers) an `amount`, and on recurring invoices `discount` is also an
// integer parameter beside `columns.discount`. A value goes to the readers whose schema takes it,
// and two names among three objects go to the objects other keys show sent: a request some
// reading makes valid is served.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, HttpCodec, RoutePattern, Routes, Schema } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const optionalQuery = (name: string, schema: Parameters<typeof HttpCodec.query>[1]) =>
  HttpCodec.query(name, schema).optional();
const text = () => Schema.Optional(Schema.String());
const columns = Schema.Object({ amount: text(), discount: text() });

const invoices = Endpoint(RoutePattern.POST('invoices'))
  .query(optionalQuery('contact_infos', Schema.Object({ address2: text(), name: text() })))
  .query(optionalQuery('third_account', Schema.Object({ name: text(), type: text() })))
  .query(optionalQuery('columns', columns))
  .query(
    optionalQuery(
      'discount',
      Schema.Object({
        amount: Schema.Optional(Schema.Integer()),
        name: text(),
        percent: Schema.Optional(Schema.Integer()),
      }),
    ),
  )
  .out(Schema.Unknown());
const recurring = Endpoint(RoutePattern.POST('recurring'))
  .query(optionalQuery('columns', columns))
  .query(optionalQuery('discount', Schema.Integer()))
  .out(Schema.Unknown());

const absent = (v: unknown) => v ?? 'absent';
const routes = Routes(
  invoices.implement(([contact, third, cols, discount]) => ({
    contact: absent(contact),
    third: absent(third),
    columns: absent(cols),
    discount: absent(discount),
  })),
  recurring.implement(([cols, discount]) => ({ columns: absent(cols), discount: absent(discount) })),
);

test('a shared query key goes to the readers whose schema takes it, and to the objects shown sent', async () => {
  const server = await startServer(routes);
  const post = async (q: string) => {
    const r = await fetch(`${server.url}/${q}`, { method: 'POST' });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
  try {
    assert.deepEqual(await post('invoices?address2=&name=a&name=b&percent=0'), {
      status: 200,
      body: {
        contact: { address2: '', name: 'a' },
        third: 'absent',
        columns: 'absent',
        discount: { name: 'b', percent: 0 },
      },
    });
    // Two names, no object shown sent: the first two objects that cannot be told absent.
    const two = await post('invoices?name=a&name=b');
    assert.equal(two.status, 200, JSON.stringify(two.body));
    assert.equal(Object.values(two.body).filter((v) => typeof v === 'object').length, 2);
    // `amount=` is a text: the columns' amount, not the discount's integer.
    assert.deepEqual(await post('invoices?amount='), {
      status: 200,
      body: { contact: 'absent', third: 'absent', columns: { amount: '' }, discount: 'absent' },
    });
    // As many values as readers: in declaration order.
    assert.deepEqual(await post('invoices?amount=x&amount=5'), {
      status: 200,
      body: { contact: 'absent', third: 'absent', columns: { amount: 'x' }, discount: { amount: 5 } },
    });

    assert.deepEqual(await post('recurring?discount='), {
      status: 200,
      body: { columns: { discount: '' }, discount: 'absent' },
    });
    assert.deepEqual(await post('recurring?discount=5'), { status: 200, body: { columns: 'absent', discount: 5 } });
  } finally {
    await server.shutdown();
  }
});
