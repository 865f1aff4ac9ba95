// Oxford Dictionaries declares `GET /entries/{source_lang}/{word_id}/antonyms` with `source_lang`
// an enum of one language and `GET /entries/{source_lang}/{word_id}/{filters}` with an enum of
// eight. The two bounds make two branches of the router's trie; a request for `/antonyms` must
// still reach the operation whose path names `antonyms`, not the first branch that matches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, PathCodec, RoutePattern, Routes, Schema, Server } from '@kitgen/runtime';

const lang = (values: string[]) => PathCodec.string('source_lang').constrain({ enum: values });
const filtered = Endpoint(
  RoutePattern.GET('entries', lang(['en', 'es', 'fr']), PathCodec.string('word_id'), PathCodec.string('filters')),
).out(Schema.String());
const antonyms = Endpoint(RoutePattern.GET('entries', lang(['en']), PathCodec.string('word_id'), 'antonyms')).out(
  Schema.String(),
);
const regions = Endpoint(RoutePattern.GET('entries', lang(['en', 'es']), PathCodec.string('word_id'), 'regions')).out(
  Schema.String(),
);

test('a literal segment beats a parameter on another bound branch, whatever the declaration order', async () => {
  const server = Server.defaultWith((c) => c.binding('127.0.0.1', 0));
  const routes = Routes(
    filtered.implement(([l, w, f]) => `filters ${l}/${w}/${f}`),
    antonyms.implement(([l, w]) => `antonyms ${l}/${w}`),
    regions.implement(([l, w]) => `regions ${l}/${w}`),
  );
  const port = await Server.install(routes, server);
  const call = async (path: string) => {
    const r = await fetch(`http://127.0.0.1:${port}${path}`);
    return `${r.status} ${await r.text()}`;
  };
  try {
    assert.equal(await call('/entries/en/ace/antonyms'), '200 "antonyms en/ace"');
    assert.equal(await call('/entries/es/ace/regions'), '200 "regions es/ace"');
    assert.equal(await call('/entries/en/ace/regions'), '200 "regions en/ace"');
    // Only the filters operation takes French, so its parameter route answers.
    assert.equal(await call('/entries/fr/ace/antonyms'), '200 "filters fr/ace/antonyms"');
    assert.equal(await call('/entries/en/ace/lexicalCategory=noun'), '200 "filters en/ace/lexicalCategory=noun"');
  } finally {
    await server.shutdown();
  }
});
