// Object query parameters in OpenAPI's form style, over the wire: exploded (one query parameter
// per property, OpenAPI's default), not exploded (name,value pairs), and as kitgen's JSON text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from 'typebox';
import { Endpoint, RoutePattern, HttpCodec, Schema, Routes } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const expression = Schema.Object({
  ExpressionName: Schema.String(),
  ExpressionValue: Schema.String(),
  Weight: Schema.Optional(Schema.Integer()),
});

async function serve(fn: (url: string) => Promise<void>): Promise<void> {
  const exploded = Endpoint(RoutePattern.GET('exploded'))
    .query(HttpCodec.query('Action', Schema.String()))
    .query(HttpCodec.query('Expression', expression))
    .out(Schema.Unknown());
  const pairs = Endpoint(RoutePattern.GET('pairs'))
    .query(HttpCodec.query('Expression', expression, { explode: false }))
    .out(Schema.Unknown());
  const map = Endpoint(RoutePattern.GET('map'))
    .query(HttpCodec.query('Action', Schema.String()))
    .query(HttpCodec.query('Tags', Type.Object({}, { additionalProperties: Schema.String() })))
    .out(Schema.Unknown());
  const twoMaps = Endpoint(RoutePattern.GET('maps'))
    .query(HttpCodec.query('Attribute', Type.Object({}, { additionalProperties: Schema.String() })))
    .query(HttpCodec.query('Tag', Type.Object({}, { additionalProperties: Schema.String() })))
    .out(Schema.Unknown());
  const server = await startServer(
    Routes(
      twoMaps.implement(([attribute, tag]) => ({ attribute, tag })),
      exploded.implement(([action, e]) => ({ action, e })),
      pairs.implement((e) => ({ e })),
      map.implement(([action, tags]) => ({ action, tags })),
    ),
  );
  try {
    await fn(server.url);
  } finally {
    await server.shutdown();
  }
}

test('a form-exploded object is read from one query parameter per property', async () => {
  await serve(async (url) => {
    const ok = await fetch(`${url}/exploded?Action=Define&ExpressionName=a&ExpressionValue=b&Weight=3`);
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), {
      action: 'Define',
      e: { ExpressionName: 'a', ExpressionValue: 'b', Weight: 3 },
    });
    // kitgen's own client sends the object as JSON text under its name: still read.
    const json = await fetch(
      `${url}/exploded?Action=Define&Expression=${encodeURIComponent('{"ExpressionName":"x","ExpressionValue":"y"}')}`,
    );
    assert.deepEqual(await json.json(), { action: 'Define', e: { ExpressionName: 'x', ExpressionValue: 'y' } });
    const lacking = await fetch(`${url}/exploded?Action=Define&ExpressionName=a`);
    assert.equal(lacking.status, 400);
    const body = (await lacking.json()) as Record<string, string>;
    assert.equal(body.parameter, 'Expression');
    assert.match(body.message, /ExpressionValue/);
    const badWeight = await fetch(`${url}/exploded?Action=Define&ExpressionName=a&ExpressionValue=b&Weight=heavy`);
    assert.equal(badWeight.status, 400);
    const none = await fetch(`${url}/exploded?Action=Define`);
    assert.equal(none.status, 400);
    assert.match(
      ((await none.json()) as { message: string }).message,
      /query parameter 'Expression': required but missing/,
    );
  });
});

test('a form object not exploded is read from name,value pairs', async () => {
  await serve(async (url) => {
    const ok = await fetch(`${url}/pairs?Expression=ExpressionName,a,ExpressionValue,b,Weight,2`);
    assert.deepEqual(await ok.json(), { e: { ExpressionName: 'a', ExpressionValue: 'b', Weight: 2 } });
    const odd = await fetch(`${url}/pairs?Expression=ExpressionName,a,ExpressionValue`);
    assert.equal(odd.status, 400);
    assert.equal(((await odd.json()) as Record<string, string>).parameter, 'Expression');
  });
});

test('a form-exploded map takes every query parameter the endpoint does not declare', async () => {
  await serve(async (url) => {
    const ok = await fetch(`${url}/map?Action=Tag&team=core&env=prod`);
    assert.deepEqual(await ok.json(), { action: 'Tag', tags: { team: 'core', env: 'prod' } });
    const none = await fetch(`${url}/map?Action=Tag`);
    assert.equal(none.status, 400);
    const twice = await fetch(`${url}/map?Action=Tag&team=core&team=infra`);
    assert.equal(twice.status, 400);
    // Two maps that both wrote a key: its values in the maps' order.
    const two = await fetch(`${url}/maps?p1=a&p2=b&p1=c&p2=d&only=e`);
    assert.deepEqual(await two.json(), {
      attribute: { p1: 'a', p2: 'b', only: 'e' },
      tag: { p1: 'c', p2: 'd', only: 'e' },
    });
  });
});

test("a property that is a $ref beside its description (allOf) is read as the $ref's type", async () => {
  const Flag = Schema.Boolean();
  const options = Schema.Unsafe<{ EnforceHTTPS?: boolean }>({
    type: 'object',
    properties: { EnforceHTTPS: { allOf: [Flag, { description: 'HTTPS only' }] } },
  });
  const e = Endpoint(RoutePattern.GET('opts')).query(HttpCodec.query('Options', options)).out(Schema.Unknown());
  const server = await startServer(Routes(e.implement((o) => ({ o }))));
  try {
    const ok = await fetch(`${server.url}/opts?EnforceHTTPS=true`);
    assert.deepEqual(await ok.json(), { o: { EnforceHTTPS: true } });
    const bad = await fetch(`${server.url}/opts?EnforceHTTPS=maybe`);
    assert.equal(bad.status, 400);
  } finally {
    await server.shutdown();
  }
});
