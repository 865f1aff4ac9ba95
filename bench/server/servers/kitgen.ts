// kitgen as users write it: the endpoint API, each route described by its path codec, body
// and output schemas (the same JSON Schemas Fastify gets), then implemented by an `async`
// handler (a plain one with --handlers sync).
import type * as KitgenRuntime from '@kitgen/runtime';
import { handlerMode, newUserJsonSchema, userJsonSchema, userStore, type User } from '../domain.ts';
import { catalog, catalogJsonSchema, type CatalogItem } from '../catalog.ts';
import { orderJsonSchema, orderSummaryJsonSchema, summariseOrder, type Order, type OrderSummary } from '../payloads.ts';
import type { ScenarioId } from '../scenarios.ts';
import type { StartServer } from './types.ts';

// The runner points KITGEN_BENCH_RUNTIME at the runtime built as shipped (buildRuntime.ts), as
// a user of the published package gets it; without it the package resolves as usual.
const built = process.env.KITGEN_BENCH_RUNTIME;
const { Endpoint, PathCodec, RoutePattern, Routes, Schema, Server }: typeof KitgenRuntime = built
  ? await import(built)
  : await import('@kitgen/runtime');

const store = userStore(handlerMode());
const UserSchema = Schema.Unsafe<User>(structuredClone(userJsonSchema) as object);
const NewUser = Schema.Unsafe<User>(structuredClone(newUserJsonSchema) as object);

const getUser = Endpoint(RoutePattern.GET('users', PathCodec.int('id'))).out(UserSchema);
const postUser = Endpoint(RoutePattern.POST('users')).in(NewUser).out(NewUser);
const OrderSchema = Schema.Unsafe<Order>(structuredClone(orderJsonSchema) as object);
const Summary = Schema.Unsafe<OrderSummary>(structuredClone(orderSummaryJsonSchema) as object);
const Catalog = Schema.Unsafe<readonly CatalogItem[]>(structuredClone(catalogJsonSchema) as object);
const postOrder = Endpoint(RoutePattern.POST('orders')).in(OrderSchema).out(Summary);
const listJson = Endpoint(RoutePattern.GET('catalog')).out(Catalog);
const listMsgpack = Endpoint(RoutePattern.GET('catalog-msgpack')).out(Catalog, { mediaType: 'application/msgpack' });
const listAsync = async () => await Promise.resolve(catalog);
const listSync = () => catalog;

const routes: Record<ScenarioId, KitgenRuntime.Route> = {
  // PathCodec.int answers 400 itself for a segment that is not a 32-bit integer; the record is
  // written from its schema.
  'get-user':
    store.mode === 'async'
      ? getUser.implement(async (id) => await store.findUser(id))
      : getUser.implement((id) => store.findUser(id) as User),
  // The body decoded and validated against the same JSON Schema Fastify gets, then encoded
  // from the schema.
  'post-user':
    store.mode === 'async'
      ? postUser.implement(async (user) => await store.saveUser(user))
      : postUser.implement((user) => store.saveUser(user) as User),
  // The body checked against the same schema Fastify compiles (formats included), the summary
  // written from its schema.
  'post-order':
    store.mode === 'async'
      ? postOrder.implement(async (order) => await Promise.resolve(summariseOrder(order)))
      : postOrder.implement((order) => summariseOrder(order)),
  'list-json': listJson.implement(store.mode === 'async' ? listAsync : listSync),
  'list-msgpack': listMsgpack.implement(store.mode === 'async' ? listAsync : listSync),
};

/** Starts kitgen's server with the scenario routes (and `extra` more, for bench:routes). */
export const start: StartServer = async (host, extra) => {
  const more = (extra ?? []).map((r) => {
    const literal = r.path.slice(1);
    return r.param === undefined
      ? Endpoint(RoutePattern.GET(literal))
          .out(UserSchema)
          .implement(async () => await store.findUser(r.index))
      : Endpoint(RoutePattern.GET(literal, PathCodec.int('id')))
          .out(UserSchema)
          .implement(async (id) => await store.findUser(id));
  });
  const layer = Server.live(Server.Config.default.binding(host, 0));
  const port = await Server.install(Routes(...Object.values(routes), ...more), layer);
  return { port, close: () => layer.shutdown() };
};
