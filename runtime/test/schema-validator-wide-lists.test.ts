// Schemas whose lists are long enough that TypeBox's compiled checker would nest deeper than V8's
// parser takes: Storecove's UN/ECE unit codes (an enum of 2,100 values inside invoice lines that
// hold sub-lines) are one set lookup, and what still compiles too deep (an object of 3,000
// properties) is checked by TypeBox's interpreter. Over the wire, a valid body is served and a
// wrong one answered 400 naming the pointer, never a 500 from the compile on the first request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, RoutePattern, Schema, type Route } from '@kitgen/runtime';
import { typeBoxChecker } from '../src/schema/typeboxCompile.ts';
import { startServer } from './support/testServer.ts';

const UNITS = Array.from({ length: 2100 }, (_, i) => `U${i.toString(36).toUpperCase()}`);

const Line = Schema.Cyclic(
  {
    Line: Schema.Object({
      quantity: Schema.Number(),
      unit: Schema.Unsafe({ type: 'string', enum: UNITS }),
      subLines: Schema.Optional(Schema.Array(Schema.Ref('Line'))),
    }),
  },
  'Line',
);
const Invoice = Schema.Object({ id: Schema.String(), lines: Schema.Array(Line) });

const WIDE = Schema.Unsafe<Record<string, number>>({
  type: 'object',
  properties: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`p${i}`, { type: 'integer' }])),
});

async function withServer(
  route: Route,
  fn: (post: (path: string, text: string) => Promise<Response>) => Promise<void>,
) {
  const server = await startServer(route);
  try {
    await fn((path, text) =>
      fetch(`${server.url}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text }),
    );
  } finally {
    await server.shutdown();
  }
}

test('code nested too deep for V8 is interpreted: the same verdicts and errors', () => {
  const checker = typeBoxChecker({}, WIDE as never);
  assert.equal(checker.Check({ p0: 1, p2999: 2 }), true);
  assert.equal(checker.Check({ p2999: 'x' }), false);
  assert.equal(checker.Errors({ p2999: 'x' })[1][0]?.instancePath, '/p2999');
});

test('a 2,100-value enum in a recursive schema: valid bodies served at any depth, a wrong value named', async () => {
  await withServer(
    Endpoint(RoutePattern.POST('invoices'))
      .in(Invoice)
      .out(Invoice)
      .implement((invoice) => invoice),
    async (post) => {
      const valid = {
        id: 'inv-1',
        lines: [{ quantity: 2, unit: UNITS[7], subLines: [{ quantity: 1, unit: UNITS.at(-1)! }] }],
      };
      const ok = await post('invoices', JSON.stringify(valid));
      assert.equal(ok.status, 200, await ok.clone().text());
      assert.deepEqual(await ok.json(), valid);

      const wrong = { ...valid, lines: [{ ...valid.lines[0], subLines: [{ quantity: 1, unit: 'KGM' }] }] };
      const refused = await post('invoices', JSON.stringify(wrong));
      assert.equal(refused.status, 400);
      const body = (await refused.json()) as { pointer?: string; message: string };
      assert.equal(body.pointer, '/lines/0/subLines/0/unit');
      assert.match(body.message, /\/lines\/0\/subLines\/0\/unit: must be equal to one of the allowed values/);

      // Sub-lines 2,400 deep (4,800 levels of JSON, under the codec's limit of 5,000).
      const chain = (levels: number, innermost: string) =>
        `{"id":"deep","lines":[${'{"quantity":1,"unit":"U0","subLines":['.repeat(levels)}` +
        `{"quantity":1,"unit":"${innermost}"}${']}'.repeat(levels)}]}`;
      assert.equal((await post('invoices', chain(2400, 'U0'))).status, 200);
      assert.equal((await post('invoices', chain(2400, 'KGM'))).status, 400);
    },
  );
});

test('an object of 3,000 properties: served, and a wrong property named', async () => {
  await withServer(
    Endpoint(RoutePattern.POST('wide'))
      .in(WIDE)
      .out(WIDE)
      .implement((value) => value),
    async (post) => {
      const ok = await post('wide', JSON.stringify({ p0: 1, p2999: 2 }));
      assert.equal(ok.status, 200, await ok.clone().text());
      assert.deepEqual(await ok.json(), { p0: 1, p2999: 2 });
      const refused = await post('wide', JSON.stringify({ p0: 1, p2999: 'two' }));
      assert.equal(refused.status, 400);
      assert.equal(((await refused.json()) as { pointer?: string }).pointer, '/p2999');
    },
  );
});
