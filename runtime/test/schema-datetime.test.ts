// Schema.DateTime: a Date in memory, RFC 3339 text on the wire — JSON bodies, query, path and
// header parameters, the executor, validation, the CLI's value parsing and OpenAPI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Endpoint,
  RoutePattern,
  PathCodec,
  HttpCodec,
  HeaderCodec,
  Schema,
  Routes,
  Server,
  EndpointExecutor,
  OpenAPIGen,
  JsonCodec,
  DeriveSchema,
  isDateSchema,
  validatorFor,
  type Static,
} from '@kitgen/runtime';
import { parseValue, typeLabel, pathLabel } from '../src/cli/valueParsers.ts';

const Event = Schema.Object(
  {
    name: Schema.String(),
    at: Schema.DateTime({ description: 'When it happens' }),
    reminders: Schema.Optional(Schema.Array(Schema.DateTime())),
    cancelledAt: Schema.Union([Schema.DateTime(), Schema.Null()]),
  },
  { $id: 'Event' },
);
type Event = Static<typeof Event>;

const Stored = Schema.Object(
  { event: Event, after: Schema.DateTime(), day: Schema.DateTime(), since: Schema.Optional(Schema.DateTime()) },
  { $id: 'Stored' },
);

const createEvent = Endpoint(RoutePattern.POST('calendars', PathCodec.dateTime('day'), 'events'))
  .query(HttpCodec.query('after', Schema.DateTime()))
  .header(HeaderCodec.name('x-since', Schema.DateTime()).optional())
  .in(Event)
  .out(Stored, 201);

const moment = new Date(Date.UTC(2031, 11, 31, 23, 59, 59, 999));
// A Date as the whole JSON body and as a response header.
const clock = Endpoint(RoutePattern.GET('clock'))
  .out(Schema.DateTime())
  .outHeader(HeaderCodec.name('x-now', Schema.DateTime()));

const routes = Routes(
  clock.implement(() => [moment, moment]),
  createEvent.implement(([day, after, since, event]) => {
    // The handler sees Dates, not text.
    assert.ok(day instanceof Date && after instanceof Date && event.at instanceof Date);
    if (since !== undefined) assert.ok(since instanceof Date);
    return { event, after, day, ...(since ? { since } : {}) };
  }),
);

async function withServer(fn: (url: string) => Promise<void>): Promise<void> {
  const layer = Server.defaultWithPort(0);
  const port = await Server.install(routes, layer);
  try {
    await fn(`http://127.0.0.1:${port}`);
  } finally {
    await layer.shutdown();
  }
}

test('JSON: a Date is written as toISOString() text and read back as a Date; bad text is a decode error with the path', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(Event);
  const value: Event = {
    name: 'x',
    at: new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 5)),
    reminders: [new Date(0)],
    cancelledAt: null,
  };
  const text = codec.encodeToString(value);
  assert.equal(
    text,
    '{"name":"x","at":"2024-02-29T23:59:59.005Z","reminders":["1970-01-01T00:00:00.000Z"],"cancelledAt":null}',
  );
  const back = codec.decodeString(text);
  assert.equal(back._tag, 'right');
  assert.deepEqual((back as { right: Event }).right, value);
  // Offsets and fractions of any length are RFC 3339 too; the instant is what is kept.
  const offset = codec.decodeString(
    '{"name":"x","at":"2024-03-01T01:00:00.123456+02:00","cancelledAt":"2024-03-01t00:00:00z"}',
  );
  assert.deepEqual((offset as { right: Event }).right, {
    name: 'x',
    at: new Date('2024-02-29T23:00:00.123Z'),
    cancelledAt: new Date('2024-03-01T00:00:00Z'),
  });
  for (const [bad, pointer] of [
    ['{"name":"x","at":"yesterday","cancelledAt":null}', '/at'],
    ['{"name":"x","at":"2023-02-29T00:00:00Z","cancelledAt":null}', '/at'],
    ['{"name":"x","at":"2023-01-01","cancelledAt":null}', '/at'],
    ['{"name":"x","at":1700000000000,"cancelledAt":null}', '/at'],
    [
      '{"name":"x","at":"2023-01-01T00:00:00Z","reminders":["2023-01-01T00:00:00Z","2023-13-01T00:00:00Z"],"cancelledAt":null}',
      '/reminders/1',
    ],
  ] as const) {
    const r = codec.decodeString(bad);
    assert.equal(r._tag, 'left', bad);
    const error = (r as { left: { pointer: string; message: string } }).left;
    assert.equal(error.pointer, pointer, bad);
    assert.match(error.message, /RFC 3339 date-time/);
  }
});

test('validation: a valid Date passes, an invalid Date or text does not', () => {
  const v = validatorFor(Schema.DateTime());
  assert.ok(v.check(new Date()));
  assert.ok(!v.check(new Date('x')));
  assert.ok(!v.check('2024-01-01T00:00:00Z'));
  assert.ok(!v.check(Date.now()));
  assert.match(v.firstError(new Date('x'))!.message, /must be a valid Date/);
  assert.ok(isDateSchema(Schema.DateTime()));
});

test('over the wire: Dates in the path, a query parameter, a header and the body; the exact JSON text back', async () => {
  await withServer(async (url) => {
    const res = await fetch(`${url}/calendars/2024-05-01T00:00:00Z/events?after=2024-04-30T22:00:00.5-02:00`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-since': '2024-01-01T00:00:00+01:00' },
      body: '{"name":"launch","at":"2024-05-01T09:30:00+02:00","reminders":["2024-05-01T07:00:00Z"],"cancelledAt":null}',
    });
    assert.equal(res.status, 201);
    assert.equal(
      await res.text(),
      '{"event":{"name":"launch","at":"2024-05-01T07:30:00.000Z","reminders":["2024-05-01T07:00:00.000Z"],"cancelledAt":null},' +
        '"after":"2024-05-01T00:00:00.500Z","day":"2024-05-01T00:00:00.000Z","since":"2023-12-31T23:00:00.000Z"}',
    );
  });
});

test('over the wire: the forms JSON Schema validators accept are read too (a space for T, an offset without its colon); written as toISOString', async () => {
  await withServer(async (url) => {
    const res = await fetch(`${url}/calendars/2024-05-01%2000:00:00Z/events?after=2024-04-30T22:00:00-0200`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-since': '2024-01-01 00:00:00+01' },
      body: '{"name":"launch","at":"2015-01-01T05:18:23-0700","cancelledAt":null}',
    });
    assert.equal(res.status, 201);
    assert.equal(
      await res.text(),
      '{"event":{"name":"launch","at":"2015-01-01T12:18:23.000Z","cancelledAt":null},' +
        '"after":"2024-05-01T00:00:00.000Z","day":"2024-05-01T00:00:00.000Z","since":"2023-12-31T23:00:00.000Z"}',
    );
    for (const at of [
      '2015-01-01T05:18:23+7',
      '2015-01-01T05:18:23+07:0',
      '2015-01-01T05:18:23+2400',
      '2015-01-01T05:18:23',
      '2015-01-01  05:18:23Z',
    ]) {
      const bad = await fetch(`${url}/calendars/2024-05-01T00:00:00Z/events?after=2024-04-30T22:00:00Z`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-since': '2024-01-01T00:00:00Z' },
        body: JSON.stringify({ name: 'n', at, cancelledAt: null }),
      });
      assert.equal(bad.status, 400, at);
      assert.match(((await bad.json()) as { message: string }).message, /at/, at);
    }
  });
});

test('over the wire: a Date as the whole body and in a response header is RFC 3339 text', async () => {
  await withServer(async (url) => {
    const res = await fetch(`${url}/clock`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-now'), '2031-12-31T23:59:59.999Z');
    assert.equal(await res.text(), '"2031-12-31T23:59:59.999Z"');
  });
});

test('over the wire: a bad date is a 400 naming the field, the parameter or the path segment', async () => {
  await withServer(async (url) => {
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const good = '{"name":"n","at":"2024-05-01T09:30:00Z","cancelledAt":null}';
    const body = await post(
      '/calendars/2024-05-01T00:00:00Z/events?after=2024-01-01T00:00:00Z',
      '{"name":"n","at":"2024-05-01T09:30:00Z","reminders":["soon"],"cancelledAt":null}',
    );
    assert.equal(body.status, 400);
    const bodyError = (await body.json()) as { message: string; pointer?: string };
    assert.match(bodyError.message, /\/reminders\/0/);
    assert.match(bodyError.message, /RFC 3339 date-time/);
    const query = await post('/calendars/2024-05-01T00:00:00Z/events?after=tomorrow', good);
    assert.equal(query.status, 400);
    assert.match(((await query.json()) as { message: string }).message, /query parameter 'after'.*date-time.*tomorrow/);
    const header = await post('/calendars/2024-05-01T00:00:00Z/events?after=2024-01-01T00:00:00Z', good, {
      'x-since': 'then',
    });
    assert.equal(header.status, 400);
    assert.match(((await header.json()) as { message: string }).message, /header 'x-since'/);
    const path = await post('/calendars/2024-02-30T00:00:00Z/events?after=2024-01-01T00:00:00Z', good);
    assert.equal(path.status, 400);
    assert.match(
      ((await path.json()) as { message: string }).message,
      /path parameter 'day': expected an RFC 3339 date-time/,
    );
  });
});

test('the executor sends Dates and gets Dates back', async () => {
  await withServer(async (url) => {
    const call = EndpointExecutor.make({ baseUrl: url });
    const event: Event = {
      name: 'n',
      at: new Date(Date.UTC(2030, 0, 2, 3, 4, 5, 6)),
      reminders: [new Date(1)],
      cancelledAt: new Date(2),
    };
    const out = await call(createEvent, [
      new Date(Date.UTC(2030, 0, 2)),
      new Date(Date.UTC(2030, 0, 1, 12)),
      new Date(-1000),
      event,
    ]);
    assert.ok(out.after instanceof Date && out.day instanceof Date && out.event.at instanceof Date);
    assert.deepEqual(out, {
      event,
      after: new Date(Date.UTC(2030, 0, 1, 12)),
      day: new Date(Date.UTC(2030, 0, 2)),
      since: new Date(-1000),
    });
    const [body, header] = await call(clock, undefined);
    assert.deepEqual([body, header], [moment, moment]);
    assert.ok(body instanceof Date && header instanceof Date);
    const noSince = await call(createEvent, [
      new Date(0),
      new Date(0),
      undefined,
      { name: 'm', at: new Date(0), cancelledAt: null },
    ]);
    assert.equal(noSince.since, undefined);
  });
});

test('a derived schema with a date marker works like Schema.DateTime over JSON', () => {
  const Derived = DeriveSchema.gen<{ at: Date }>({
    type: 'object',
    properties: { at: { type: 'string', format: 'date-time', 'x-kitgen-date': true } },
    required: ['at'],
  });
  const codec = JsonCodec.schemaBasedBinaryCodec(Derived);
  assert.equal(codec.encodeToString({ at: new Date(0) }), '{"at":"1970-01-01T00:00:00.000Z"}');
  assert.deepEqual((codec.decodeString('{"at":"1970-01-01T00:00:00Z"}') as { right: unknown }).right, {
    at: new Date(0),
  });
});

test('CLI values: type label date-time, parsed into a Date, bad text rejected', () => {
  assert.equal(typeLabel(Schema.DateTime()), 'date-time');
  assert.equal(typeLabel(Schema.Array(Schema.DateTime())), 'date-time');
  assert.equal(pathLabel(PathCodec.dateTime('day')), 'date-time');
  assert.deepEqual(parseValue(Schema.DateTime(), '2024-05-01T00:00:00Z'), new Date('2024-05-01T00:00:00Z'));
  assert.throws(() => parseValue(Schema.DateTime(), 'soon'), /expected a date-time/);
});

test('OpenAPI: a Date is type string, format date-time, with its annotations; the marker never shows', () => {
  const { document } = OpenAPIGen.fromEndpoints('Calendar', '1.0.0', createEvent);
  const text = JSON.stringify(document);
  assert.ok(!text.includes('x-kitgen'), 'no x-kitgen-* keyword reaches the document');
  const schemas = document.components!.schemas! as Record<string, any>;
  assert.deepEqual(schemas.Event.properties.at, {
    type: 'string',
    format: 'date-time',
    description: 'When it happens',
  });
  assert.deepEqual(schemas.Event.properties.reminders.items, { type: 'string', format: 'date-time' });
  assert.deepEqual(schemas.Event.properties.cancelledAt, { type: ['string', 'null'], format: 'date-time' });
  assert.deepEqual(schemas.Stored.properties.after, { type: 'string', format: 'date-time' });
  const op = (document.paths as Record<string, any>)['/calendars/{day}/events'].post;
  const byName = Object.fromEntries(op.parameters.map((p: { name: string; schema: unknown }) => [p.name, p.schema]));
  assert.deepEqual(byName, {
    day: { type: 'string', format: 'date-time' },
    after: { type: 'string', format: 'date-time' },
    'x-since': { type: 'string', format: 'date-time' },
  });
});
