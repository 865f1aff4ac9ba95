// OpenAPIGen.incremental: after any sequence of changes to the set of endpoints (one replaced,
// added, taken out, moved), the document is the one OpenAPIGen.fromEndpoints gives from scratch,
// byte for byte, or the same error; and an unchanged endpoint is replayed, not converted again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AuthType,
  CodecConfig,
  Endpoint,
  HttpCodec,
  NameFormat,
  OpenAPIGen,
  PathCodec,
  RoutePattern,
  Schema,
  Status,
} from '@kitgen/runtime';
import * as E from './fixtures/openapi/everyOperation.ts';

type AnyEndpoint = (typeof E.everyOperation)[number];

const UserMore = Schema.Object(
  { id: Schema.Integer(), name: Schema.String(), nickname: Schema.Optional(Schema.String()) },
  { $id: 'User' },
);
const Account = Schema.Object({ id: Schema.Integer(), owner: Schema.String() }, { $id: 'Account' });
const Bird = Schema.Object({ wingspan: Schema.Number() });
const PetMore = Schema.TaggedUnion({ Cat: E.Cat, Dog: E.Dog, Bird }, { $id: 'Pet' });
const OtherCat = Schema.Object({ whiskers: Schema.Integer() }, { $id: 'Cat' });
const Shared = () => Schema.Object({ street: Schema.String(), city: Schema.String() });
const Schema2 = Schema.Object({ a: Schema.String() }, { $id: 'Schema' });

// Each slot holds one of its choices at a time (undefined: no endpoint there); choices of a slot
// share a route, so a document never has one route twice unless the test means it.
const slots: ReadonlyArray<ReadonlyArray<AnyEndpoint | undefined>> = [
  ...E.everyOperation.map((e) => [e, undefined]),
  [
    E.getUser,
    Endpoint(RoutePattern.GET('users', PathCodec.int('id'))).out(UserMore),
    Endpoint(RoutePattern.GET('users', PathCodec.int('id')))
      .out(Account)
      .outError(E.NotFound, Status.NotFound),
  ].map((e) => e as AnyEndpoint),
  [
    undefined,
    Endpoint(RoutePattern.PUT('pets2', PathCodec.uuid('key')))
      .in(PetMore)
      .out(PetMore),
    Endpoint(RoutePattern.PUT('pets2', PathCodec.uuid('key'))).in(Schema.TaggedUnion({ Cat: OtherCat, Bird })),
  ].map((e) => e as AnyEndpoint | undefined),
  [
    undefined,
    Endpoint(RoutePattern.POST('addresses')).in(Shared()).out(Shared()).auth(AuthType.Basic),
    Endpoint(RoutePattern.POST('addresses')).in(Schema.Array(Shared())).out(Schema2),
  ].map((e) => e as AnyEndpoint | undefined),
  [
    undefined,
    Endpoint(RoutePattern.GET('homes')).query(HttpCodec.query('where', Shared())).out(Shared()),
    Endpoint(RoutePattern.GET('homes')).out(Account).operationId('createUser'),
  ].map((e) => e as AnyEndpoint | undefined),
];

/** A small deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function described(run: () => { toJson(indent?: number): string }): string {
  try {
    return run().toJson(2);
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

const options = { title: 'Incremental', version: '1.0.0' };

test('after random changes, the incremental document is byte for byte the fresh one (or the same error)', () => {
  for (let seed = 1; seed <= 12; seed++) {
    const next = random(seed);
    const incremental = OpenAPIGen.incremental();
    const choice = slots.map(() => 0);
    let order = slots.map((_, i) => i);
    for (let step = 0; step < 25; step++) {
      const endpoints = order.map((i) => slots[i][choice[i]]).filter((e): e is AnyEndpoint => e !== undefined);
      const fresh = described(() => OpenAPIGen.fromEndpoints(options, ...endpoints));
      const again = described(() => incremental.fromEndpoints(options, ...endpoints));
      assert.equal(again, fresh, `seed ${seed}, step ${step}`);
      const slot = Math.floor(next() * slots.length);
      if (next() < 0.2) {
        // Move one endpoint: operation ids and component names are handed out in order.
        order = order.filter((i) => i !== slot);
        order.splice(Math.floor(next() * order.length), 0, slot);
      } else choice[slot] = Math.floor(next() * slots[slot].length);
    }
  }
});

test('another codec config describes every endpoint again, under that config', () => {
  const incremental = OpenAPIGen.incremental();
  const endpoints = [...E.everyOperation];
  const snake = CodecConfig({ fieldNameFormat: NameFormat.SnakeCase });
  incremental.fromEndpoints(options, ...endpoints);
  const withConfig = { ...options, codecConfig: snake };
  assert.equal(
    incremental.fromEndpoints(withConfig, ...endpoints).toJson(2),
    OpenAPIGen.fromEndpoints(withConfig, ...endpoints).toJson(2),
  );
});

test('an endpoint described before is replayed: its input and output are not read again', () => {
  let reads = 0;
  // The same endpoint object each time, whose state counts what converting it reads.
  const watched = new Proxy(E.getUser, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (key !== 'state') return value;
      return new Proxy(value as object, {
        get(state, k, r) {
          if (k === 'input' || k === 'output') reads++;
          return Reflect.get(state, k, r) as unknown;
        },
      });
    },
  });
  const incremental = OpenAPIGen.incremental();
  const endpoints = [E.listUsers, watched, E.createUser];
  const first = incremental.fromEndpoints(options, ...endpoints).toJson(2);
  assert.ok(reads > 0);
  reads = 0;
  const second = incremental.fromEndpoints(options, ...endpoints).toJson(2);
  assert.equal(reads, 0, 'replayed, not converted');
  assert.equal(second, first);
  assert.equal(second, OpenAPIGen.fromEndpoints(options, ...endpoints).toJson(2));
});

test('the schemas two documents share are frozen: a clone is modified, never the next document', () => {
  const incremental = OpenAPIGen.incremental();
  const endpoints = [E.listUsers, E.getUser, E.createUser];
  incremental.fromEndpoints(options, ...endpoints);
  const second = incremental.fromEndpoints(options, ...endpoints).document;
  const schemas = Object.values(second.components?.schemas ?? {});
  const frozen = schemas.filter((s) => Object.isFrozen(s));
  assert.ok(frozen.length > 0, 'unchanged schemas are handed out again, frozen');
  assert.throws(() => {
    (frozen[0] as Record<string, unknown>).description = 'changed';
  }, TypeError);
  const copy = structuredClone(second);
  for (const s of Object.values(copy.components?.schemas ?? {})) s.description = 'changed';
  assert.equal(
    incremental.fromEndpoints(options, ...endpoints).toJson(2),
    OpenAPIGen.fromEndpoints(options, ...endpoints).toJson(2),
  );
});
