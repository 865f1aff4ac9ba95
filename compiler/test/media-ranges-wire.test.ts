// Bodies declared with a media range (`*/*`, `application/*`, `text/*`), as documents converted
// from Swagger 2 declare them: the generated server of fixtures/media-ranges keeps each body's
// schema (the handler returns and receives the schema's type, not bytes), sends one concrete
// media type chosen by the schema and never the range itself, and reads a request declared as any
// type whatever its Content-Type, as JSON when its schema is JSON-shaped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { routes } from '../../fixtures/media-ranges/expected/server.js';
import { createClient } from '../../fixtures/media-ranges/expected/client.js';
import * as endpoints from '../../fixtures/media-ranges/expected/endpoints.js';
import { serve } from './support/e2e.ts';

interface Order {
  id: string;
  lines: string[];
}
const orders = new Map<string, Order>([['o1', { id: 'o1', lines: ['tea', 'milk'] }]]);
const handlers = {
  getOrder: ({ id }: { id: string }) =>
    orders.get(id) ?? endpoints.getOrder.fail({ status: 404, body: { message: `no order ${id}` } }),
  patchOrder: ({ id, body }: { id: string; body: { lines?: string[] } }) => {
    const order = { id, lines: body.lines ?? [] };
    orders.set(id, order);
    return order;
  },
  createOrder: ({ body }: { body: { lines?: string[] } }) => {
    const order = { id: `o${orders.size + 1}`, lines: body.lines ?? [] };
    orders.set(order.id, order);
    return order;
  },
  countOrderLines: ({ id }: { id: string }) => orders.get(id)?.lines.length ?? 0,
  getOrderStatus: () => 'shipped',
  getOrderNote: () => 'leave at the door',
  getOrderInvoice: () => new Uint8Array([37, 80, 68, 70]),
  getOrderRaw: () => new Uint8Array([1, 2, 3]),
};

test('media ranges: the server sends the concrete type the schema is sent as, never the range', async () => {
  const server = await serve(routes(handlers));
  try {
    const cases: Array<[string, string, (r: Response) => Promise<unknown>, unknown]> = [
      ['/orders/o1', 'application/json', (r) => r.json(), { id: 'o1', lines: ['tea', 'milk'] }],
      ['/orders/o1/count', 'application/json', (r) => r.json(), 2],
      ['/orders/o1/status', 'text/plain; charset=utf-8', (r) => r.text(), 'shipped'],
      ['/orders/o1/note', 'text/plain; charset=utf-8', (r) => r.text(), 'leave at the door'],
      [
        '/orders/o1/invoice',
        'application/octet-stream',
        async (r) => [...new Uint8Array(await r.arrayBuffer())],
        [37, 80, 68, 70],
      ],
      [
        '/orders/o1/raw',
        'application/octet-stream',
        async (r) => [...new Uint8Array(await r.arrayBuffer())],
        [1, 2, 3],
      ],
    ];
    for (const accept of [undefined, '*/*', 'application/json, text/plain;q=0.5, */*;q=0.1']) {
      for (const [path, contentType, read, body] of cases) {
        const r = await fetch(`${server.url}${path}`, accept === undefined ? {} : { headers: { accept } });
        assert.equal(r.status, 200, `${path}: ${await r.clone().text()}`);
        assert.equal(r.headers.get('content-type'), contentType, `${path} (Accept: ${accept ?? 'none'})`);
        assert.deepEqual(await read(r), body, path);
      }
    }
    const missing = await fetch(`${server.url}/orders/zz`);
    assert.equal(missing.status, 404);
    assert.equal(
      missing.headers.get('content-type'),
      'application/json',
      'a declared error under any type is JSON too',
    );
    assert.deepEqual(await missing.json(), { message: 'no order zz' });
  } finally {
    await server.shutdown();
  }
});

test('media ranges: a JSON-shaped request body declared as any type is read as JSON whatever its Content-Type', async () => {
  const server = await serve(routes(handlers));
  try {
    for (const contentType of [
      'application/json',
      'text/plain',
      'application/octet-stream',
      'application/merge-patch+json',
      undefined,
    ]) {
      const r = await fetch(`${server.url}/orders/p1`, {
        method: 'PATCH',
        ...(contentType === undefined ? { headers: {} } : { headers: { 'content-type': contentType } }),
        body: new TextEncoder().encode(JSON.stringify({ lines: ['bread'] })),
      });
      assert.equal(r.status, 200, `${contentType ?? 'no Content-Type'}: ${await r.clone().text()}`);
      assert.equal(r.headers.get('content-type'), 'application/json', 'application/* answers JSON for an object');
      assert.deepEqual(await r.json(), { id: 'p1', lines: ['bread'] });
    }
    const notJson = await fetch(`${server.url}/orders/p2`, {
      method: 'PATCH',
      headers: { 'content-type': 'text/plain' },
      body: 'bread',
    });
    assert.equal(notJson.status, 400, 'a body that is not JSON is refused, naming the body');
    assert.match(await notJson.text(), /body/);
    const wrong = await fetch(`${server.url}/orders/p3`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"lines":"bread"}',
    });
    assert.equal(wrong.status, 400, 'and it is validated against its schema');
  } finally {
    await server.shutdown();
  }
});

test('media ranges: a body listed as ASP.NET lists JSON (application/*+json, application/json, text/json) takes each, and any +json type', async () => {
  const server = await serve(routes(handlers));
  try {
    for (const contentType of [
      'application/json',
      'text/json',
      'application/merge-patch+json',
      'application/vnd.orders+json; charset=utf-8',
    ]) {
      const r = await fetch(`${server.url}/orders`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: JSON.stringify({ lines: ['salt'] }),
      });
      assert.equal(r.status, 201, `${contentType}: ${await r.clone().text()}`);
      assert.equal(r.headers.get('content-type'), 'application/json');
      assert.deepEqual(((await r.json()) as Order).lines, ['salt']);
    }
    const textJson = await fetch(`${server.url}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/json' },
      body: JSON.stringify({ lines: [] }),
    });
    assert.equal(
      textJson.headers.get('content-type'),
      'text/json; charset=utf-8',
      'text/json asked for is JSON under that name',
    );
    assert.deepEqual(((await textJson.json()) as Order).lines, []);
    const xml = await fetch(`${server.url}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<order/>',
    });
    assert.equal(xml.status, 415, 'a type no declared one covers is refused');
  } finally {
    await server.shutdown();
  }
});

test('media ranges: the generated client sends JSON and reads each answer as its schema says', async () => {
  const server = await serve(routes(handlers));
  let sent: string | null = null;
  const recording = (url: string | URL | Request, init?: RequestInit) => {
    sent = new Headers(init?.headers).get('content-type');
    return fetch(url, init);
  };
  try {
    const client = createClient({ baseUrl: server.url, fetch: recording });
    assert.deepEqual(await client.patchOrder({ id: 'c1', body: { lines: ['jam'] } }), { id: 'c1', lines: ['jam'] });
    assert.equal(sent, 'application/json', 'a request body is sent as a concrete type');
    assert.deepEqual((await client.createOrder({ body: { lines: ['oil'] } })).lines, ['oil']);
    assert.equal(sent, 'application/json', 'a suffix range is sent as JSON');
    assert.deepEqual(await client.getOrder({ id: 'c1' }), { id: 'c1', lines: ['jam'] });
    assert.equal(await client.countOrderLines({ id: 'c1' }), 1);
    assert.equal(await client.getOrderStatus({ id: 'c1' }), 'shipped');
    assert.equal(await client.getOrderNote({ id: 'c1' }), 'leave at the door');
    assert.deepEqual([...(await client.getOrderInvoice({ id: 'c1' }))], [37, 80, 68, 70]);
  } finally {
    await server.shutdown();
  }
});
