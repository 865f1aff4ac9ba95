import type { Route } from '../routing/Route.ts';
import type { Routes } from '../routing/Routes.ts';
import { ConfigErrors, configError } from '../errors/catalogue.ts';
import type { AuthType } from './AuthType.ts';
import type { AnyEndpoint, EndpointHandler, EndpointImpl } from './Endpoint.ts';

/**
 * How an endpoint and its handler become a route. The server side of the runtime provides it
 * (endpoint/server/provideEndpointRouting.ts, loaded by the package's main entry), so endpoint
 * definitions, which browsers load too, never carry the server's request decoding and routing.
 */
export interface EndpointRouting {
  implement<P extends unknown[], I extends unknown[], E, O extends unknown[], A extends AuthType>(
    endpoint: EndpointImpl<P, I, E, O, A>,
    handler: EndpointHandler<I, E, O, A>,
  ): Route<P>;
  toRoutes<P extends unknown[]>(route: Route<P>): Routes;
}

let provided: EndpointRouting | undefined;

/** Installs the server side's routing of endpoints (once, by the server entry). */
export function provideEndpointRouting(routing: EndpointRouting): void {
  provided = routing;
}

/** The routing of endpoints; throws naming the entry to import where the server side is not loaded. */
export function endpointRouting(endpoint: AnyEndpoint, method: string): EndpointRouting {
  if (provided === undefined)
    throw configError(ConfigErrors.SERVER_PART_MISSING, endpoint.state.route.toString(), method);
  return provided;
}
