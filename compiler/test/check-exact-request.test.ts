// `kitgen check` sends exactly the request it generated, and its printed curl is that request:
// fetch would add headers of its own (Accept-Language `*`, Accept-Encoding, User-Agent,
// Sec-Fetch-Mode), and zalando's optional Accept-Language, an enum, refuses `*` — a valid request
// that left the header out was refused for a value the check never chose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenApiDocument } from '../src/check/documentReferee.ts';
import { runCheck } from '../src/check/runCheck.ts';

const json = (schema: object) => ({ 'application/json': { schema } });
const doc = {
  openapi: '3.0.3',
  info: { title: 'brands', version: '1' },
  paths: {
    '/brands': {
      get: {
        operationId: 'listBrands',
        parameters: [
          { name: 'Accept-Language', in: 'header', required: false, schema: { type: 'string', enum: ['de', 'en'] } },
        ],
        responses: { '200': { description: 'ok', content: json({ type: 'object' }) }, '400': { description: 'bad' } },
      },
      post: {
        operationId: 'addBrand',
        requestBody: {
          required: true,
          content: json({ type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 8 } } }),
        },
        responses: { '201': { description: 'ok', content: json({ type: 'object' }) }, '400': { description: 'bad' } },
      },
    },
  },
} as unknown as OpenApiDocument;

/** Starts a server answering `status` to everything, after recording what each request carried. */
async function recording(answer: (headers: IncomingHttpHeaders) => number) {
  const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      const status = answer(req.headers);
      res.writeHead(status, { 'content-type': 'application/json' }).end(status < 400 ? '{}' : '{"error":"no"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { seen, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const check = (baseUrl: string) => runCheck(doc, { baseUrl, maxExamples: 12, seed: 5, headers: [], timeoutMs: 10_000 });

test('an optional header the valid request leaves out is not sent at all, and no client header is added', async () => {
  const { seen, server, url } = await recording((h) =>
    h['accept-language'] === undefined || ['de', 'en'].includes(h['accept-language']) ? 200 : 400,
  );
  try {
    const report = await check(url);
    const list = report.operations.find((o) => o.label.includes('listBrands'))!;
    assert.deepEqual(list.violations, []);
    assert.ok(list.valid > 0);
    const gets = seen.filter((s) => s.url.startsWith('/brands') && s.headers['content-length'] === undefined);
    assert.ok(
      gets.some((s) => s.headers['accept-language'] === undefined),
      'some valid request left the optional header out',
    );
    for (const { headers } of seen)
      for (const name of ['accept-encoding', 'sec-fetch-mode', 'user-agent'])
        assert.equal(headers[name], undefined, `${name}: ${String(headers[name])}`);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

/** The `-H` headers of a printed curl command, by lower-case name. */
function curlHeaders(curl: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of curl.matchAll(/ -H (?:'((?:[^']|'\\'')*)'|(\S+))/g)) {
    const text = (m[1] ?? m[2]).replace(/'\\''/g, "'");
    const colon = text.indexOf(':');
    out[text.slice(0, colon).toLowerCase()] = text.slice(colon + 1).trim();
  }
  return out;
}

test("a violation's curl carries exactly the headers the server received", async () => {
  const { seen, server, url } = await recording(() => 500);
  try {
    const report = await check(url);
    const violations = report.operations.flatMap((o) => o.violations);
    // The valid requests of both operations, and each spoiled one: every answer is a 500.
    assert.ok(violations.length >= 2, violations.map((v) => v.curl).join('\n'));
    const connection = new Set(['host', 'connection', 'content-length']);
    for (const v of violations) {
      const printed = curlHeaders(v.curl);
      const match = seen.find(({ url: path, headers }) => {
        const sent = Object.fromEntries(Object.entries(headers).filter(([name]) => !connection.has(name)));
        return v.curl.includes(`${url}${path}`) && JSON.stringify(sent) === JSON.stringify(printed);
      });
      assert.ok(match, `${v.curl}\nreceived:\n${seen.map((s) => `${s.url} ${JSON.stringify(s.headers)}`).join('\n')}`);
    }
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
