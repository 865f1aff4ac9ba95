// Path parameters are typed and checked as their schemas say (fixtures/path-parameter-types):
// `type: number` (a published `/levels/{level}` served 200 for `/levels/not-a-number`), integers
// within bounds, booleans, enums of text and of numbers, lengths and patterns, and JSON text
// (stream-io's `content: application/json` parameters, `"apn"` quotes and all). The generated
// server hands the handler the typed value, and answers a segment that is not one 400 naming the
// parameter and what it expects, without calling the handler.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { routes } from '../../fixtures/path-parameter-types/expected/server.js';
import { createClient } from '../../fixtures/path-parameter-types/expected/client.js';
import { serve } from './support/e2e.ts';

const calls: unknown[] = [];
const handlers = {
  getLevel: ({ level }: { level: number }) => {
    calls.push(level);
    return { level };
  },
  getStationReadings: ({ station, year }: { station: string; year: number }) => {
    calls.push([station, year]);
    return [{ level: year / 1000 }];
  },
  listSensors: ({ kind, active }: { kind: 'tide' | 'rain' | 'wind'; active: boolean }) => {
    calls.push([kind, active]);
    return [`${kind}-${String(active)}`];
  },
  getGrade: ({ grade }: { grade: 1 | 2 | 3 }) => {
    calls.push(grade);
  },
  deletePushProvider: ({ type_, name }: { type_: 'apn' | 'firebase'; name: string }) => {
    calls.push([type_, name]);
  },
};

test('path parameter types: valid segments reach the handler as typed values', async () => {
  const server = await serve(routes(handlers));
  try {
    for (const [path, value] of [
      ['/levels/2.5', 2.5],
      ['/levels/-3', -3],
      ['/levels/1e2', 100],
      ['/stations/ab12/readings/1999', ['ab12', 1999]],
      ['/sensors/rain/false', ['rain', false]],
      ['/grades/2', 2],
      // JSON content: the segment is the value's JSON text, handed over without its quotes.
      ['/push_providers/%22apn%22/%22a%20c%22', ['apn', 'a c']],
      // The empty text's JSON is `""`: a segment like another, and a value the schema allows.
      ['/push_providers/%22apn%22/%22%22', ['apn', '']],
    ] as const) {
      calls.length = 0;
      const method = path.startsWith('/push_providers/') ? 'DELETE' : 'GET';
      const r = await fetch(`${server.url}${path}`, { method });
      assert.ok(r.status === 200 || r.status === 204, `${path}: ${r.status} ${await r.clone().text()}`);
      assert.deepEqual(calls, [value], path);
    }
  } finally {
    await server.shutdown();
  }
});

test('path parameter types: a segment that is not one is answered 400 naming the parameter, and no handler runs', async () => {
  const server = await serve(routes(handlers));
  try {
    for (const [path, parameter, expected] of [
      ['/levels/not-a-number', 'level', 'a number'],
      ['/levels/Infinity', 'level', 'a number'],
      ['/levels/0x10', 'level', 'a number'],
      ['/stations/ab12/readings/1800', 'year', 'at least 1900'],
      ['/stations/ab12/readings/19.5', 'year', 'integer'],
      ['/stations/ab/readings/1999', 'station', 'at least 3 characters'],
      ['/stations/abcdefghi/readings/1999', 'station', 'at most 8 characters'],
      ['/stations/AB12/readings/1999', 'station', 'matching'],
      ['/sensors/snow/true', 'kind', 'one of tide, rain, wind'],
      ['/sensors/rain/yes', 'active', 'true or false'],
      ['/grades/4', 'grade', 'one of 1, 2, 3'],
      ['/grades/two', 'grade', 'one of 1, 2, 3'],
      ['/push_providers/apn/%22p%22', 'type', 'a JSON string: one of apn, firebase'],
      ['/push_providers/%22zz%22/%22p%22', 'type', 'a JSON string: one of apn, firebase'],
      ['/push_providers/%22apn%22/%22ninechars%22', 'name', 'at most 8 characters'],
      ['/push_providers/%22apn%22/5', 'name', 'a JSON string'],
    ] as const) {
      calls.length = 0;
      const method = path.startsWith('/push_providers/') ? 'DELETE' : 'GET';
      const r = await fetch(`${server.url}${path}`, { method });
      const text = await r.text();
      assert.equal(r.status, 400, `${path}: ${text}`);
      const body = JSON.parse(text) as { message: string; parameter?: string };
      assert.match(body.message, new RegExp(`path parameter '${parameter}': expected .*${expected}`), path);
      assert.deepEqual(calls, [], `${path}: the handler is not called`);
    }
  } finally {
    await server.shutdown();
  }
});

test('path parameter types: the generated client sends typed values and refuses ones the server would', async () => {
  const server = await serve(routes(handlers));
  try {
    const client = createClient({ baseUrl: server.url });
    assert.deepEqual(await client.getLevel({ level: 0.25 }), { level: 0.25 });
    assert.deepEqual(await client.listSensors({ kind: 'wind', active: true }), ['wind-true']);
    assert.deepEqual(await client.getStationReadings({ station: 'x99', year: 2000 }), [{ level: 2 }]);
    calls.length = 0;
    await client.deletePushProvider({ type_: 'firebase', name: 'p 1' });
    assert.deepEqual(calls, [['firebase', 'p 1']], 'the client writes JSON text, the server reads it back');
    // @ts-expect-error 4 is not a grade: the type says so, and the client checks it before sending.
    await assert.rejects(client.getGrade({ grade: 4 }), /path parameter 'grade': expected one of 1, 2, 3/);
  } finally {
    await server.shutdown();
  }
});
