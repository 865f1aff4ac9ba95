// A part's file name reaches handlers decoded (RFC 5987 `filename*=UTF-8''…` is percent-decoded),
// so a client can put a NUL or a line break in it. Such names are refused with a 400 naming the
// part, in the aggregated and the streaming form alike; ordinary names (UTF-8, spaces) pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Response, Route, RoutePattern, Routes, Server } from '@kitgen/runtime';

const BOUNDARY = 'kitgenBoundary7';

/** Names each field the handler got: what a client can check. */
const routes = Routes(
  Route.handled(RoutePattern.POST('form'), async (req) => {
    const form = await req.body.asMultipartForm();
    return Response.json(form.fields.map((f) => ({ name: f.name, filename: f.filename ?? null })));
  }),
  Route.handled(RoutePattern.POST('stream'), async (req) => {
    const names: Array<string | null> = [];
    for await (const f of req.body.asMultipartFormStream()) names.push(f.filename ?? null);
    return Response.json(names);
  }),
);

/** A form of a text part and a file part whose Content-Disposition parameters are `disposition`, as raw bytes. */
function form(disposition: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="upload"; ${disposition}\r\nContent-Type: text/plain\r\n\r\nfile body\r\n` +
      `--${BOUNDARY}--\r\n`,
    'latin1',
  );
}

async function withServer(fn: (base: string) => Promise<void>): Promise<void> {
  const server = Server.defaultWith((c) => c.binding('127.0.0.1', 0));
  const port = await Server.install(routes, server);
  try {
    await fn(`http://127.0.0.1:${port}`);
  } finally {
    await server.shutdown();
  }
}

const post = (url: string, body: Buffer) =>
  fetch(url, { method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });

test('file names with control characters, percent-encoded or raw, are refused with a 400 naming the part', async () => {
  const refused: ReadonlyArray<readonly [string, string]> = [
    [`filename*=UTF-8''report%00.txt`, 'U+0000'],
    [`filename*=UTF-8''evil.php%00.jpg`, 'U+0000'],
    [`filename*=UTF-8''a%0D%0Ab.txt`, 'U+000D'],
    [`filename*=UTF-8''a%1Bb.txt`, 'U+001B'],
    [`filename*=UTF-8''a%7Fb.txt`, 'U+007F'],
    [`filename*=UTF-8''a%C2%85b.txt`, 'U+0085'],
    ['filename="tab\there.txt"', 'U+0009'],
    [`filename="plain.txt"; filename*=UTF-8''x%00y`, 'U+0000'],
  ];
  await withServer(async (base) => {
    for (const path of ['/form', '/stream']) {
      for (const [disposition, code] of refused) {
        const res = await post(base + path, form(disposition));
        const text = await res.text();
        assert.equal(res.status, 400, `${path} ${disposition}: ${text}`);
        const body = JSON.parse(text) as { message: string; pointer?: string; expected?: string };
        assert.match(
          body.message,
          new RegExp(
            `^Part 2 \\("upload"\\) of the multipart body has a control character \\(${code.replace('+', '\\+')}\\) in its file name`,
          ),
        );
        assert.equal(body.pointer, 'upload');
        assert.match(body.expected ?? '', /without control characters/);
        assert.doesNotMatch(text, /\bat \S+:\d+:\d+/, 'no stack trace');
      }
    }
  });
});

test('ordinary file names, UTF-8 included, still reach the handler (and the server keeps serving after refusals)', async () => {
  await withServer(async (base) => {
    assert.equal((await post(`${base}/form`, form(`filename*=UTF-8''x%00`))).status, 400);
    const accepted: ReadonlyArray<readonly [string, string]> = [
      ['filename="report 2024.txt"', 'report 2024.txt'],
      [`filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%E2%9C%93.txt`, 'Grüße ✓.txt'],
      ['filename="a%00b.txt"', 'a%00b.txt'], // a plain filename is not percent-decoded: these are ordinary characters
    ];
    for (const [disposition, filename] of accepted) {
      const res = await post(`${base}/form`, form(disposition));
      assert.equal(res.status, 200, disposition);
      assert.deepEqual(await res.json(), [
        { name: 'note', filename: null },
        { name: 'upload', filename },
      ]);
    }
  });
});
