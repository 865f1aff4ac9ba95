import { Route, type Deferred } from '../routing/Route.ts';
import type { RoutePattern } from '../routing/RoutePattern.ts';
import { webSocketHandler, type WebSocketApp } from './WebSocketApp.ts';

/**
 * A WebSocket route: `app` runs for each connection accepted on a GET pattern, with the path
 * parameters decoded by the pattern's codecs (400 naming a parameter that does not decode).
 * It is routed like any route, so middleware sees the upgrade request and may refuse it with
 * an ordinary response; a plain request without `Upgrade: websocket` answers 426.
 *
 * ```ts
 * webSocketRoute(RoutePattern.GET('chat', PathCodec.string('room')), async (socket, room) => {
 *   for await (const m of socket) if (m.type === 'text') await socket.send(`${room}: ${m.text}`);
 * });
 * ```
 */
export function webSocketRoute<P extends unknown[]>(
  pattern: RoutePattern<P>,
  app: WebSocketApp<Deferred<P>>,
): Route<P> {
  return Route.ofKind('webSocket', pattern, webSocketHandler(pattern, app as WebSocketApp<P>), app);
}
