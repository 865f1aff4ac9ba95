// Operations of one method and path told apart by their bodies, as Azure's ContentModerator
// declares them: `POST /evaluate` with no body first, then `#overload=stream` (the image's bytes)
// and `#overload=url` (JSON naming the image). Each request is answered by the operation whose
// body it carries, whatever the declaration order; a request with no body by the bodyless one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, HttpCodec, RoutePattern, routesFromHandlers, Schema } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const Answer = Schema.Object({ by: Schema.String() });
const table = {
  evaluate: Endpoint(RoutePattern.POST('evaluate')).out(Answer),
  evaluateStream: Endpoint(RoutePattern.POST('evaluate'))
    .in(Schema.Bytes(), { mediaTypes: ['image/gif', 'image/jpeg', 'image/png'] })
    .out(Answer),
  evaluateUrl: Endpoint(RoutePattern.POST('evaluate'))
    .in(Schema.Object({ Value: Schema.String() }), { mediaTypes: ['application/json'] })
    .out(Answer),
};
const routes = routesFromHandlers(table, {
  evaluate: () => ({ by: 'evaluate' }),
  evaluateStream: (bytes) => ({ by: `stream ${bytes.byteLength}` }),
  evaluateUrl: ({ Value }) => ({ by: `url ${Value}` }),
});

test('overloads: each body goes to the operation that reads it, no body to the one taking none', async () => {
  const server = await startServer(routes);
  try {
    const post = async (headers: Record<string, string>, body?: string | Uint8Array) => {
      const r = await fetch(`${server.url}/evaluate`, { method: 'POST', headers, body });
      return [r.status, await r.json()];
    };
    assert.deepEqual(await post({}), [200, { by: 'evaluate' }]);
    assert.deepEqual(await post({ 'content-type': 'image/png' }, new Uint8Array([1, 2, 3])), [200, { by: 'stream 3' }]);
    assert.deepEqual(await post({ 'content-type': 'application/json' }, '{"Value":"x"}'), [200, { by: 'url x' }]);
    const [status, body] = await post({ 'content-type': 'application/json' }, '{}');
    assert.equal(status, 400, 'the JSON overload refuses a body without its required property');
    assert.match(JSON.stringify(body), /Value/);
  } finally {
    await server.shutdown();
  }
});

// ContentModerator's `POST …/frames`: a bodyless operation requiring `timescale` declared first,
// then a multipart overload and a JSON one, each requiring `timescale` too.
const frames = {
  addFrame: Endpoint(RoutePattern.POST('frames')).query(HttpCodec.query('timescale', Schema.Integer())).out(Answer),
  addFrameStream: Endpoint(RoutePattern.POST('frames'))
    .query(HttpCodec.query('timescale', Schema.Integer()))
    .in(Schema.String(), 'frameMetadata')
    .out(Answer),
  addFrameUrl: Endpoint(RoutePattern.POST('frames'))
    .query(HttpCodec.query('timescale', Schema.Integer()))
    .in(Schema.Array(Schema.Object({ FrameImage: Schema.String() })))
    .out(Answer),
};

test('overloads: a bodyless sibling takes no body, a multipart one only multipart', async () => {
  const server = await startServer(
    routesFromHandlers(frames, {
      addFrame: () => ({ by: 'bare' }),
      addFrameStream: ([, meta]) => ({ by: `multipart ${meta}` }),
      addFrameUrl: ([, list]) => ({ by: `json ${list.length}` }),
    }),
  );
  try {
    const post = async (init: RequestInit) => {
      const r = await fetch(`${server.url}/frames?timescale=1`, { method: 'POST', ...init });
      return [r.status, await r.json()];
    };
    assert.deepEqual(await post({}), [200, { by: 'bare' }]);
    const form = new FormData();
    form.set('frameMetadata', 'm');
    assert.deepEqual(await post({ body: form }), [200, { by: 'multipart m' }]);
    assert.deepEqual(await post({ headers: { 'content-type': 'application/json' }, body: '[{"FrameImage":"a"}]' }), [
      200,
      { by: 'json 1' },
    ]);
  } finally {
    await server.shutdown();
  }
});

// Azure Face's `POST /verify` and `#overload=person`: two JSON bodies told apart by their shape.
const verify = {
  faceToFace: Endpoint(RoutePattern.POST('verify'))
    .in(Schema.Object({ faceId1: Schema.String(), faceId2: Schema.String() }))
    .out(Answer),
  faceToPerson: Endpoint(RoutePattern.POST('verify'))
    .in(Schema.Object({ faceId: Schema.String(), personId: Schema.String() }))
    .out(Answer),
};

test('overloads: JSON bodies of one media type go to the operation whose schema takes them', async () => {
  const server = await startServer(
    routesFromHandlers(verify, {
      faceToFace: ({ faceId1 }) => ({ by: `face ${faceId1}` }),
      faceToPerson: ({ personId }) => ({ by: `person ${personId}` }),
    }),
  );
  try {
    const post = async (body: string) => {
      const r = await fetch(`${server.url}/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      return [r.status, await r.json()];
    };
    assert.deepEqual(await post('{"faceId1":"a","faceId2":"b"}'), [200, { by: 'face a' }]);
    assert.deepEqual(await post('{"faceId":"a","personId":"p"}'), [200, { by: 'person p' }]);
    const [status, body] = await post('{}');
    assert.equal(status, 400, 'a body neither takes is refused by the last, naming what it lacks');
    assert.match(JSON.stringify(body), /faceId, personId|personId/);
  } finally {
    await server.shutdown();
  }
});
