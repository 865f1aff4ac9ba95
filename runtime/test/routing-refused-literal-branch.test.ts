// A path that two templates match, one through a literal segment: Mist's `GET
// /sites/{site_id}/zones/{zone_id}` (a uuid) and `GET /sites/{site_id}/{zone_type}/count` (`zones`
// or `rssizones`). `/sites/…/zones/count` went down the literal `zones` and was refused as no uuid,
// though the other template takes every segment of it: a route whose parameters all take their
// segments now wins, and a path no route takes whole still gets the 400 of the most literal one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Endpoint, PathCodec, RoutePattern, Routes, Schema, Server } from '@kitgen/runtime';

const site = () => PathCodec.uuid('site');
const zone = Endpoint(RoutePattern.GET('sites', site(), 'zones', PathCodec.uuid('zone'))).out(Schema.String());
const count = Endpoint(
  RoutePattern.GET('sites', site(), PathCodec.string('zoneType').constrain({ enum: ['zones', 'rssizones'] }), 'count'),
).out(Schema.String());

test('a route whose parameters take every segment wins over a literal branch whose parameter refuses one', async () => {
  const server = Server.defaultWith((c) => c.binding('127.0.0.1', 0));
  const routes = Routes(
    zone.implement(([, id]) => `zone ${id}`),
    count.implement(([, type]) => `count ${type}`),
  );
  const port = await Server.install(routes, server);
  const call = async (path: string) => {
    const r = await fetch(`http://127.0.0.1:${port}${path}`);
    return `${r.status} ${await r.text()}`;
  };
  const s = '00000000-0000-1000-8000-000000000000';
  try {
    assert.equal(await call(`/sites/${s}/zones/count`), '200 "count zones"');
    assert.equal(await call(`/sites/${s}/rssizones/count`), '200 "count rssizones"');
    assert.equal(await call(`/sites/${s}/zones/${s}`), `200 "zone ${s}"`);
    // Neither takes it: the literal branch's route names its parameter.
    assert.match(await call(`/sites/${s}/zones/other`), /^400 .*path parameter 'zone'/);
    assert.match(await call(`/sites/${s}/areas/count`), /^400 .*path parameter 'zoneType'/);
  } finally {
    await server.shutdown();
  }
});
