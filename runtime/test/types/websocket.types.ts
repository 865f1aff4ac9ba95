// Type tests for WebSocket routes, checked by `tsc` (runtime/test/typecheck.test.ts): every line
// marked with an expect-error directive must fail to compile.
import {
  PathCodec,
  Route,
  RoutePattern,
  type ServerWebSocket,
  type WebSocketMessage,
  webSocketRoute,
} from '@kitgen/runtime';

type Equals<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
function assertType<T extends true>(_?: T): void {}

// Path parameters arrive typed by their codecs, after the socket.
const game = webSocketRoute(
  RoutePattern.GET('games', PathCodec.int('id'), 'players', PathCodec.string('name')),
  async (socket, id, name) => {
    assertType<Equals<typeof socket, ServerWebSocket>>();
    assertType<Equals<typeof id, number>>();
    assertType<Equals<typeof name, string>>();
    for await (const m of socket) {
      assertType<Equals<typeof m, WebSocketMessage>>();
      if (m.type === 'text') assertType<Equals<typeof m.text, string>>();
      if (m.type === 'binary') assertType<Equals<typeof m.data, Uint8Array>>();
    }
  },
);
assertType<Equals<typeof game, Route<[number, string]>>>();

// An app may ignore the parameters, and may return nothing.
webSocketRoute(RoutePattern.GET('ws', PathCodec.uuid('id')), (socket) => socket.close());

// @ts-expect-error: the first parameter is a number, not a string
webSocketRoute(RoutePattern.GET('games', PathCodec.int('id')), (_socket, id: string) => void id);

webSocketRoute(RoutePattern.GET('ws'), async (socket) => {
  // @ts-expect-error: send takes text or bytes
  await socket.send({ not: 'data' });
});
