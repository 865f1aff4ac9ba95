// OpenAPI's two bytes formats where only text can go: `format: byte` is base64 (RFC 4648), and
// `format: binary` is the text itself (its UTF-8 bytes in memory), in a JSON body, a JSON answer
// and a query parameter alike; the client writes each as the server reads it. Over the wire.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, EndpointExecutor, HttpCodec, JsonCodec, RoutePattern, Schema, type Route } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const bytesOf = (t: string) => new TextEncoder().encode(t);

const Image = Schema.Object({
  name: Schema.String(),
  raw: Schema.Bytes({ format: 'binary' }),
  encoded: Schema.Bytes({ format: 'byte' }),
  either: Schema.Optional(Schema.Union([Schema.Bytes({ format: 'binary' }), Schema.Integer()])),
});

async function withServer(route: Route, fn: (url: string, call: EndpointExecutor) => Promise<void>) {
  const server = await startServer(route);
  try {
    await fn(server.url, EndpointExecutor.make({ baseUrl: server.url }));
  } finally {
    await server.shutdown();
  }
}

test('JSON: a binary field is the text itself, a byte field base64, both ways', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(Image);
  const value = { name: 'café', raw: bytesOf('çà et là'), encoded: bytesOf('hi'), either: bytesOf('x') };
  const wire = codec.encodeToString(value);
  assert.deepEqual(JSON.parse(wire), { name: 'café', raw: 'çà et là', encoded: 'aGk=', either: 'x' });
  const back = codec.decodeString(wire);
  assert.equal(back._tag, 'right');
  assert.deepEqual(back._tag === 'right' ? back.right : undefined, value);
  const notText = codec.decodeString('{"name":"n","raw":7,"encoded":""}');
  assert.equal(notText._tag, 'left');
  assert.match(notText._tag === 'left' ? notText.left.message : '', /\/raw/);
});

test('over the wire: a binary query parameter and JSON field are text; a byte one base64', async () => {
  const e = Endpoint(RoutePattern.POST('images'))
    .query(HttpCodec.query('caption', Schema.Bytes({ format: 'binary' })))
    .query(HttpCodec.query('signature', Schema.Bytes()))
    .in(Image)
    .out(Image);
  await withServer(
    e.implement(([caption, signature, image]) => {
      assert.ok(caption instanceof Uint8Array && signature instanceof Uint8Array);
      return { ...image, name: `${text(caption)}|${text(signature)}|${image.name}` };
    }),
    async (url, call) => {
      const res = await fetch(`${url}/images?caption=a%20string&signature=c2ln`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'n', raw: 'string', encoded: 'c3RyaW5n' }),
      });
      assert.equal(res.status, 200, await res.clone().text());
      assert.deepEqual(await res.json(), { name: 'a string|sig|n', raw: 'string', encoded: 'c3RyaW5n' });

      // The client writes each format as the server reads it.
      const out = await call(e, [
        bytesOf('é ?&'),
        bytesOf('sig'),
        { name: 'm', raw: bytesOf('r'), encoded: bytesOf('e') },
      ]);
      assert.equal(out.name, 'é ?&|sig|m');
      assert.equal(text(out.raw), 'r');
      assert.equal(text(out.encoded), 'e');
    },
  );
});
