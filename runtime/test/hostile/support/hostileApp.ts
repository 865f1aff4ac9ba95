// The server the hostile suite attacks, run as its own process so that its memory can be read
// from /proc and SIGTERM can be sent to it: built from the public API only, configured from
// the environment (`LIB_HTTP_SERVER_*`) like a user's. Prints `{"port":N}` once listening;
// answers `{type:'calls'}` over IPC with how many handlers ran.
import {
  Body,
  Endpoint,
  Middleware,
  PathCodec,
  Response,
  Route,
  RoutePattern,
  Routes,
  Schema,
  Server,
  webSocketRoute,
} from '@kitgen/runtime';
import { exitWithParent } from './exitWithParent.ts';

exitWithParent();

let calls = 0;
// An endpoint taking Avro bodies (codecs.hostile.ts): lists, a map, and a list of records without
// fields, whose items take no bytes.
const Tagged = Schema.Object({
  name: Schema.String(),
  tags: Schema.Array(Schema.String()),
  scores: Schema.Record(Schema.String(), Schema.Integer()),
  marks: Schema.Array(Schema.Object({})),
});
const tagged = Endpoint(RoutePattern.POST('avro'))
  .in(Tagged, { mediaTypes: ['application/avro'] })
  .out(Schema.Object({ tags: Schema.Integer(), marks: Schema.Integer() }));
// An endpoint taking MsgPack bodies (limits.hostile.ts): a tree of any values under `children`.
const TreeBody = Schema.Object({ name: Schema.String(), children: Schema.Array(Schema.Unknown()) });
const tree = Endpoint(RoutePattern.POST('msgpack'))
  .in(TreeBody, { mediaTypes: ['application/msgpack'] })
  .out(Schema.Object({ children: Schema.Integer() }));
// The same body echoed in MsgPack: what was read within the depth limit is written back.
const treeEcho = Endpoint(RoutePattern.POST('msgpack', 'echo'))
  .in(TreeBody, { mediaTypes: ['application/msgpack'] })
  .out(TreeBody, { mediaTypes: ['application/msgpack'] });
// Endpoints whose bodies exercise validation (validation.hostile.ts): a catastrophic pattern
// with and without maxLength, and 64- and 32-bit integers.
const validated = (name: string) => Endpoint(RoutePattern.POST('validate', name));
const validatedRoutes = [
  validated('capped')
    .in(Schema.Object({ name: Schema.String({ pattern: '^(a+)+$', maxLength: 64 }) }))
    .implement(() => void calls++),
  validated('uncapped')
    .in(Schema.Object({ name: Schema.String({ pattern: '^(a+)+$' }) }))
    .implement(() => void calls++),
  validated('int64')
    .in(Schema.Object({ id: Schema.Int64() }))
    .implement(() => void calls++),
  validated('int32')
    .in(Schema.Object({ n: Schema.Integer({ format: 'int32' }) }))
    .implement(() => void calls++),
];
// JSON endpoints (json.hostile.ts): a recursive union without a tag (`{x,next?}|{y,next?}`),
// and an Unknown value; both echo what they accepted. A third echoes a recursive union whose
// members differ only by the type of a field after `next` (`{next?,v?:number}|{next?,v?:string}`)
// under two declared outputs, so the server picks the output the value fits: tried member by
// member, each level would check the rest of the chain twice.
const Chain = Schema.Cyclic(
  {
    Node: Schema.Union([
      Schema.Object({ x: Schema.Number(), next: Schema.Optional(Schema.Ref('Node')) }),
      Schema.Object({ y: Schema.Number(), next: Schema.Optional(Schema.Ref('Node')) }),
    ]),
  },
  'Node',
);
const Loose = Schema.Cyclic(
  {
    Loose: Schema.Union([
      Schema.Object({ next: Schema.Optional(Schema.Ref('Loose')), v: Schema.Optional(Schema.Number()) }),
      Schema.Object({ next: Schema.Optional(Schema.Ref('Loose')), v: Schema.Optional(Schema.String()) }),
    ]),
  },
  'Loose',
);
const jsonRoutes = [
  Endpoint(RoutePattern.POST('json', 'either'))
    .in(Loose)
    .out(Loose)
    .orOut(Schema.Object({ message: Schema.String() }), 202)
    .implement((node) => {
      calls++;
      return node;
    }),
  Endpoint(RoutePattern.POST('json', 'chain'))
    .in(Chain)
    .out(Chain)
    .implement((node) => {
      calls++;
      return node;
    }),
  Endpoint(RoutePattern.POST('json', 'any'))
    .in(Schema.Unknown())
    .out(Schema.Unknown())
    .implement((value) => {
      calls++;
      return value;
    }),
];
const routes = Routes(
  ...validatedRoutes,
  ...jsonRoutes,
  Route.handled(RoutePattern.GET('users', PathCodec.string('id')), async (_request, id) => {
    calls++;
    await Promise.resolve();
    return Response.json({ id });
  }),
  Route.handled(RoutePattern.POST('echo'), async (request) => {
    calls++;
    const bytes = await request.body.asBytes();
    return Response.json({ length: bytes.byteLength });
  }),
  Route.handled(RoutePattern.GET('hello'), async () => {
    calls++;
    return new Response(200, { 'content-type': 'text/plain' }, Body.fromString('hi'));
  }),
  tagged.implement((body) => {
    calls++;
    return { tags: body.tags.length, marks: body.marks.length };
  }),
  tree.implement((body) => {
    calls++;
    return { children: body.children.length };
  }),
  treeEcho.implement((body) => {
    calls++;
    return body;
  }),
);
// HOSTILE_NO_WS=1 leaves the WebSocket route out: slow-client limits must not depend on it.
const echo = webSocketRoute(RoutePattern.GET('ws'), async (socket) => {
  calls++;
  for await (const m of socket) {
    if (m.type === 'text') await socket.send(m.text);
    else if (m.type === 'binary') await socket.send(m.data);
  }
});
// A feed (websocket.hostile.ts): each text message `N` asks for N fresh 64 KiB binary messages,
// sent without awaiting them, as a broadcasting application does.
const feed = webSocketRoute(RoutePattern.GET('ws', 'feed'), async (socket) => {
  calls++;
  for await (const m of socket) {
    if (m.type !== 'text') continue;
    for (let i = 0; i < Number(m.text) && socket.isOpen; i++)
      socket.send(Buffer.alloc(64 * 1024, i & 0xff)).catch(() => undefined);
  }
});
const withWs = process.env.HOSTILE_NO_WS === '1' ? routes : routes.concat(echo, feed);
const staticDir = process.env.HOSTILE_STATIC_DIR;
const all = staticDir ? withWs.pipe(Middleware.serveDirectory('files', staticDir)) : withWs;

const layer = Server.configured({
  LIB_HTTP_SERVER_BINDING_HOST: '127.0.0.1',
  LIB_HTTP_SERVER_BINDING_PORT: '0',
  ...process.env,
});
const port = await Server.install(all, layer);
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on('message', (m: { type?: string }) => {
  if (m?.type === 'calls') process.send?.({ type: 'calls', calls });
});
const stop = () => {
  process.off('SIGTERM', stop);
  void layer.shutdown().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
