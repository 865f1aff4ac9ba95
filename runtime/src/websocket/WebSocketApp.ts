import { HttpError } from '../http/HttpError.ts';
import type { Request } from '../http/Request.ts';
import { Response } from '../http/Response.ts';
import { Status } from '../http/Status.ts';
import type { Handler } from '../routing/Handler.ts';
import { decodePathParams } from '../routing/decodePathParams.ts';
import type { RoutePattern } from '../routing/RoutePattern.ts';
import type { ServerWebSocket } from './ServerWebSocket.ts';
import { UpgradeKey } from '../util/symbols.ts';
import { ConfigErrors, HttpErrors, configError } from '../errors/catalogue.ts';

/**
 * A WebSocket application: runs once per accepted connection with the socket and the path
 * parameters decoded by the route's pattern. The upgrade request (as middleware left it) is
 * `socket.request`.
 *
 * It may return nothing (the socket then lives until either side closes it) or a promise: when
 * that settles and the socket is still open, the server closes it with `sendCloseFrame`'s status
 * (1011 Internal Error if the promise rejected).
 */
export type WebSocketApp<P extends unknown[]> = (socket: ServerWebSocket, ...params: P) => void | Promise<void>;

/**
 * @internal What a WebSocket route's handler leaves for the server's upgrade hook: the upgrade
 * request carries one in its attributes (shared by every copy middleware makes of it).
 */
export interface UpgradeSlot {
  /** True when the request asked for `Upgrade: websocket`. */
  readonly websocket: boolean;
  /** Set by the route that accepted the upgrade. */
  accepted:
    { readonly app: WebSocketApp<unknown[]>; readonly params: unknown[]; readonly request: Request } | undefined;
}

/** True when a request's `Upgrade` header names `websocket` (a list is allowed, case does not matter). */
export function asksForWebSocket(upgrade: string | undefined): boolean {
  if (upgrade === undefined) return false;
  for (const token of upgrade.split(',')) if (token.trim().toLowerCase() === 'websocket') return true;
  return false;
}

/**
 * @internal The handler of a WebSocket route. A plain request (no upgrade) answers 426 Upgrade
 * Required with `Upgrade: websocket`; a path parameter that does not decode answers 400 naming
 * it, as `Route.handled` does; otherwise the route accepts with 101 and records the app and its
 * parameters for the server, which performs the handshake once middleware has let the 101 through.
 */
export function webSocketHandler<P extends unknown[]>(pattern: RoutePattern<P>, app: WebSocketApp<P>): Handler {
  if (pattern.method !== 'GET') throw configError(ConfigErrors.WEBSOCKET_NOT_GET, pattern.toString());
  const codecs = pattern.params;
  return (request) => {
    const slot = request.attributes.get(UpgradeKey) as UpgradeSlot | undefined;
    if (slot === undefined || !slot.websocket) {
      return Response.fromHttpError(
        HttpError.of(HttpErrors.WEBSOCKET_ONLY, [], { headers: { upgrade: 'websocket', connection: 'Upgrade' } }),
      );
    }
    const params = decodePathParams(codecs, request.params);
    if (params instanceof HttpError) return Response.fromHttpError(params);
    slot.accepted = { app: app as WebSocketApp<unknown[]>, params, request };
    return new Response(Status.SwitchingProtocols);
  };
}
