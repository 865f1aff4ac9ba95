// `kitgen mock` and `kitgen check` over the wire on operations whose answers were once undefined:
// an example only a later `oneOf` member takes (Zoom's lock settings: the generated server chose
// the first member by the value's top level and refused to send it, a bare 500), an operation
// whose only success is `101 Switching Protocols` (OSIsoft's channels: the mock now answers a
// 501 naming why, and the check does not call it), and a body offered as a JSON type and as any
// bytes under `*/*` (Apicurio's artifacts: the type the request names is the variant that reads
// it, so the bytes variant no longer takes `{}` sent as the JSON type). And the server's log
// names why a handler's value matches no declared output.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { runNode } from './support/e2e.ts';
import { startMockProcess, type MockProcess } from './support/mockProcess.ts';
import { encodeOutput } from '../../runtime/src/endpoint/server/encodeOutput.ts';
import type { CodecNode } from '../../runtime/src/endpoint/CodecNode.ts';
import { CodecConfig } from '../../runtime/src/codec/json/CodecConfig.ts';

const documentFile = 'compiler/test/check/defined-answers.openapi.yaml';

let mock: MockProcess;
before(async () => {
  mock = await startMockProcess([documentFile]);
});
after(async () => {
  assert.equal(await mock.stop(), 0);
});

test('an example a later oneOf member takes is answered as the document writes it', async () => {
  const response = await fetch(`${mock.url}/groups/g1/lock_settings`);
  const text = await response.text();
  assert.equal(response.status, 200, text);
  assert.deepEqual(JSON.parse(text), { in_meeting: { entry_exit_chime: false, chat: true } });
});

test('an operation whose only success is 101 is answered 501, naming the switch of protocol', async () => {
  const response = await fetch(`${mock.url}/streams/s1/channel`);
  const body = (await response.json()) as { message: string };
  assert.equal(response.status, 501);
  assert.match(body.message, /GET \/streams\/\{webId\}\/channel: its 101 response is a switch of protocol/);
});

test('a body sent as the JSON type its own variant refuses is refused, not taken by the */* bytes', async () => {
  const post = (contentType: string, body: string) =>
    fetch(`${mock.url}/groups/g1/artifacts`, { method: 'POST', headers: { 'content-type': contentType }, body });
  for (const body of ['{}', '{"unterminated', '{"content":12345}']) {
    const refused = await post('application/create.extended+json', body);
    const text = await refused.text();
    // The document's 400 declares no content, so the refusal is bare.
    assert.equal(refused.status, 400, `${body}: ${text}`);
  }
  const created = await post('application/create.extended+json', '{"content":"syntax = \\"proto3\\";"}');
  assert.equal(created.status, 200, await created.text());
  // Any other type is the */* variant's: any bytes are an artifact.
  for (const contentType of ['application/x-protobuf', 'application/json']) {
    const bytes = await post(contentType, '{"unterminated');
    assert.equal(bytes.status, 200, `${contentType}: ${await bytes.text()}`);
  }
});

test('a header example no header can carry is replaced by a sample, and the mock says so once', async () => {
  for (let i = 0; i < 2; i++) {
    const response = await fetch(`${mock.url}/payors/p1/applications`, { method: 'POST' });
    assert.equal(response.status, 201, await response.text());
    const location = response.headers.get('location');
    assert.equal(typeof location, 'string');
    assert.doesNotMatch(location!, /HTTP\/1\.1/);
    // The other header's example can be sent, and is.
    assert.equal(response.headers.get('x-request-id'), 'req-42');
    // A number of format int32 is sampled whole: the check's referee (ajv-formats) refuses 1.5.
    assert.match(response.headers.get('x-ratelimit-limit') ?? '', /^-?\d+$/);
    // A string of format `url` is sampled as one.
    assert.doesNotThrow(() => new URL(response.headers.get('content-location') ?? ''));
  }
  const said = mock.output().stderr.match(/POST \/payors\/\{payorId\}\/applications: the Location header .*/g) ?? [];
  assert.equal(said.length, 1, mock.output().stderr);
  assert.match(
    said[0],
    /its 201 response: its example holds U\+000A \(a line break\), which no header value may; a sample is answered instead/,
  );
});

test(
  'kitgen check against the mock finds no violation, and skips the 101 operation naming why',
  { timeout: 120_000 },
  async () => {
    const run = await runNode(['bin/kitgen.js', 'check', documentFile, '--url', mock.url, '--seed', '3']);
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /^no violations: 6 operations, \d+ requests/m);
    assert.match(
      run.stderr,
      /GET \/streams\/\{webId\}\/channel .*skipped.*its only success is 101, a switch of protocol/,
    );
  },
);

test("a handler's value that fits no declared output: the error names where each output refuses it", () => {
  const content = (status: number, schema: object): CodecNode => ({
    kind: 'content',
    schema: schema as never,
    name: undefined,
    status,
    mediaTypes: ['application/json'],
    stream: false,
  });
  const node: CodecNode = {
    kind: 'union',
    alts: [
      content(200, { type: 'object', required: ['id'], properties: { id: { type: 'string' } } }),
      content(404, { type: 'object', required: ['code'], properties: { code: { type: 'integer' } } }),
    ],
  };
  assert.throws(
    () => encodeOutput(node, { id: 7 }, undefined, CodecConfig.default, 200),
    (e: Error) =>
      /matches none of the declared outputs \(the 200 body at \/id: .*string.*; the 404 body.*code/.test(e.message),
  );
  // A value the committed reading refuses deep down but the schema as written takes is sent.
  const settings = content(200, {
    anyOf: [
      { type: 'object', properties: { in_meeting: { type: 'object', properties: { chime: { type: 'string' } } } } },
      { type: 'object', properties: { meeting_security: { type: 'object' } } },
    ],
  });
  const sent = encodeOutput(
    { kind: 'union', alts: [settings, node.alts[1]] },
    { in_meeting: { chime: false } },
    undefined,
    CodecConfig.default,
    200,
  );
  assert.equal(sent.status, 200);
});
