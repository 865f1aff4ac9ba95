import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MediaType } from '@kitgen/runtime';

const types = (...names: string[]) => names.map((n) => MediaType.parse(n)!);

test('parse: type and subtype lower-cased, parameter names lower-cased, values kept', () => {
  const mt = MediaType.parse('Multipart/Form-Data; Boundary=AbC123; charset="UTF-8"')!;
  assert.equal(mt.fullType, 'multipart/form-data');
  assert.equal(mt.mainType, 'multipart');
  assert.equal(mt.subType, 'form-data');
  assert.deepEqual({ ...mt.parameters }, { boundary: 'AbC123', charset: 'UTF-8' });
  assert.deepEqual({ ...MediaType.parse('text/plain')!.parameters }, {});
  assert.equal(MediaType.parse('  application/vnd.api+json  ')?.fullType, 'application/vnd.api+json');
});

test('parse: quoted values may hold ";", "=" and escapes', () => {
  const mt = MediaType.parse('multipart/form-data; boundary="a;b=c \\"q\\" d"; x=1')!;
  assert.equal(mt.parameters.boundary, 'a;b=c "q" d');
  assert.equal(mt.parameters.x, '1');
  // Unquoted boundaries with characters outside token are read to the next ";" (real clients send them).
  assert.equal(MediaType.parse('multipart/form-data; boundary=abc:def=/?')!.parameters.boundary, 'abc:def=/?');
  // A trailing ";" and a parameter without value are tolerated.
  assert.deepEqual({ ...MediaType.parse('text/html; charset=utf-8;')!.parameters }, { charset: 'utf-8' });
  assert.deepEqual({ ...MediaType.parse('text/html; flag; charset=utf-8')!.parameters }, { charset: 'utf-8' });
});

test('parse: invalid media types are undefined', () => {
  for (const text of [
    '',
    'json',
    '/json',
    'application/',
    'a/b/c',
    'text /plain',
    'te xt/plain',
    '*/json',
    'text/plain; charset="utf-8',
    'text/plain; ch@rset=x',
    'text/plain x',
  ]) {
    assert.equal(MediaType.parse(text), undefined, JSON.stringify(text));
  }
  // A `__proto__` parameter cannot reach the prototype of the parameters object.
  const mt = MediaType.parse('text/plain; __proto__=x')!;
  assert.equal(Object.getPrototypeOf(mt.parameters), Object.prototype);
});

test('render: parameters quoted only when they are not tokens, and parse(render(x)) is x', () => {
  assert.equal(MediaType.render(MediaType.application.json), 'application/json');
  assert.equal(MediaType.render(MediaType.of('Text/Plain', { charset: 'utf-8' })), 'text/plain; charset=utf-8');
  assert.equal(
    MediaType.render(MediaType.of('multipart/form-data', { boundary: 'a b"c\\d' })),
    'multipart/form-data; boundary="a b\\"c\\\\d"',
  );
  assert.equal(MediaType.render(MediaType.of('text/plain', { x: '' })), 'text/plain; x=""');
  assert.equal(MediaType.render(MediaType.of('text/plain', { v: "a'b~c|d" })), "text/plain; v=a'b~c|d");
  for (const text of [
    'multipart/form-data; boundary="a;b \\"c\\""',
    'text/plain; charset=utf-8; format=flowed',
    'application/json',
  ]) {
    const once = MediaType.parse(text)!;
    assert.deepEqual(MediaType.parse(MediaType.render(once)), once);
  }
});

test('matches: wildcards cover their types only', () => {
  const [json, text] = types('application/json', 'text/plain');
  assert.ok(MediaType.matches(MediaType.any, json));
  assert.ok(MediaType.matches(MediaType.parse('application/*')!, json));
  assert.ok(!MediaType.matches(MediaType.parse('application/*')!, text));
  assert.ok(MediaType.matches(json, json));
  assert.ok(!MediaType.matches(json, MediaType.parse('application/problem+json')!));
});

test('negotiate: no Accept header means the first offered', () => {
  const offered = types('application/json', 'application/protobuf');
  assert.equal(MediaType.negotiate(undefined, offered), offered[0]);
  assert.equal(MediaType.negotiate('', offered), offered[0]);
  assert.equal(MediaType.negotiate('text/html', []), undefined);
});

test('negotiate: the highest q wins, whatever the order', () => {
  const offered = types('application/json', 'application/protobuf', 'application/msgpack');
  assert.equal(
    MediaType.negotiate('application/json;q=0.5, application/protobuf', offered)?.fullType,
    'application/protobuf',
  );
  assert.equal(
    MediaType.negotiate('application/msgpack;q=0.9, application/json;q=0.8', offered)?.fullType,
    'application/msgpack',
  );
  assert.equal(MediaType.negotiate('*/*;q=0.1, application/msgpack;q=0.2', offered)?.fullType, 'application/msgpack');
  // q is clamped to [0, 1]; an unreadable q counts as 0.
  assert.equal(
    MediaType.negotiate('application/json;q=7, application/protobuf;q=1', offered)?.fullType,
    'application/json',
  );
  assert.equal(MediaType.negotiate('application/json;q=abc', offered), undefined);
});

test("negotiate: the most specific range decides a type's q", () => {
  const offered = types('text/html', 'text/plain');
  // text/plain is excluded by its own range though text/* allows text.
  assert.equal(MediaType.negotiate('text/*;q=0.5, text/plain;q=0', types('text/plain')), undefined);
  assert.equal(MediaType.negotiate('text/*;q=0.5, text/plain;q=0', offered)?.fullType, 'text/html');
  assert.equal(MediaType.negotiate('text/*, text/html;q=0.2', offered)?.fullType, 'text/plain');
  assert.equal(
    MediaType.negotiate('*/*;q=0.3, text/*;q=0.6', types('application/json', 'text/csv'))?.fullType,
    'text/csv',
  );
});

test('negotiate: at equal q, a type named exactly beats a wildcard match, then offer order', () => {
  const offered = types('text/plain', 'application/json');
  assert.equal(MediaType.negotiate('*/*, application/json', offered)?.fullType, 'application/json');
  assert.equal(MediaType.negotiate('text/*, application/json', offered)?.fullType, 'application/json');
  assert.equal(MediaType.negotiate('*/*', offered)?.fullType, 'text/plain');
  assert.equal(MediaType.negotiate('application/json, text/plain', offered)?.fullType, 'text/plain');
});

test('negotiate: nothing acceptable gives undefined', () => {
  const offered = types('application/json');
  assert.equal(MediaType.negotiate('text/html', offered), undefined);
  assert.equal(MediaType.negotiate('application/json;q=0', offered), undefined);
  assert.equal(MediaType.negotiate('*/*;q=0', offered), undefined);
  assert.equal(MediaType.negotiate('garbage', offered), undefined);
});
