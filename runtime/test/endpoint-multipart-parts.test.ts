// Multipart parts of published documents, over the wire: an array of objects sent one part per
// item, each the item's JSON (Telegram's `caption_entities`, Files.com's `recipients`, a lone JSON
// object as one item or a lone JSON array as the whole list), and scalar parts whose schema is a
// union (OpenAI's nullable integer `n`, Telegram's `chat_id`: integer or string) converted from
// their text, not handed over as bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, RoutePattern, Schema, Routes } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const Entity = Schema.Object({ type: Schema.String(), offset: Schema.Integer() });
const send = Endpoint(RoutePattern.POST('send'))
  .in(Schema.Union([Schema.Integer(), Schema.String()]), 'chat_id')
  .in(Schema.Union([Schema.Integer(), Schema.Null()]), 'n')
  .in(Schema.Array(Entity), 'caption_entities')
  .in(Schema.Bytes(), 'photo')
  .out(Schema.Unknown());
const route = send.implement(([chat, n, entities, photo]) => ({ chat, n, entities, size: photo.byteLength }));

async function post(url: string, fill: (form: FormData) => void): Promise<Response> {
  const form = new FormData();
  fill(form);
  form.append('photo', new Blob([new Uint8Array([1, 2])], { type: 'image/png' }), 'p.png');
  return fetch(`${url}/send`, { method: 'POST', body: form });
}

test('multipart: objects one part per item, union scalars from their text', async () => {
  const server = await startServer(Routes(route));
  try {
    const json = (v: unknown) => new Blob([JSON.stringify(v)], { type: 'application/json' });
    const two = await post(server.url, (f) => {
      f.append('chat_id', '0');
      f.append('n', '1');
      f.append('caption_entities', json({ type: 'bold', offset: 0 }));
      f.append('caption_entities', json({ type: 'code', offset: 4 }));
    });
    assert.equal(two.status, 200, await two.clone().text());
    assert.deepEqual(await two.json(), {
      chat: 0,
      n: 1,
      entities: [
        { type: 'bold', offset: 0 },
        { type: 'code', offset: 4 },
      ],
      size: 2,
    });

    // One object is a list of one; a lone JSON array (as text) is the whole list; a name is text.
    const one = await post(server.url, (f) => {
      f.append('chat_id', '@channel');
      f.append('n', 'null');
      f.append('caption_entities', json({ type: 'bold', offset: 1 }));
    });
    assert.equal(one.status, 200, await one.clone().text());
    assert.deepEqual(await one.json(), { chat: '@channel', n: null, entities: [{ type: 'bold', offset: 1 }], size: 2 });
    const whole = await post(server.url, (f) => {
      f.append('chat_id', '5');
      f.append('n', '2');
      f.append('caption_entities', '[{"type":"a","offset":1},{"type":"b","offset":2}]');
    });
    assert.equal(whole.status, 200, await whole.clone().text());
    assert.equal(((await whole.json()) as { entities: unknown[] }).entities.length, 2);

    // A wrong item is refused, naming the part and the item.
    const wrong = await post(server.url, (f) => {
      f.append('chat_id', '5');
      f.append('n', '2');
      f.append('caption_entities', json({ type: 'bold', offset: 0 }));
      f.append('caption_entities', json({ type: 'code', offset: 'four' }));
    });
    assert.equal(wrong.status, 400);
    assert.match(((await wrong.json()) as { message: string }).message, /caption_entities.*\/1\/offset/);
    const notNumber = await post(server.url, (f) => {
      f.append('chat_id', '5');
      f.append('n', 'many');
      f.append('caption_entities', json({ type: 'bold', offset: 0 }));
    });
    assert.equal(notNumber.status, 400);
    assert.match(((await notNumber.json()) as { message: string }).message, /multipart part 'n'/);
  } finally {
    await server.shutdown();
  }
});
