import { Route } from '../../routing/Route.ts';
import type { PathCodec } from '../../routing/PathCodec.ts';
import type { RoutePattern } from '../../routing/RoutePattern.ts';
import type { AnyEndpoint } from '../Endpoint.ts';
import { bothGuards, carriesNoBody, takesBody } from './bodyMediaGuard.ts';
import { bodyShapeGuard } from './bodyShapeGuard.ts';

// A published document may declare several operations on one method and path, told apart by what
// their requests carry: a body or none, the body's media type, its shape (Azure's `#overload=…`,
// Box's `#add`/`#update`/`#delete`). The router offers a request to such routes in order and the
// first that accepts answers, so the generated server orders and guards them here.

const inputOf = (r: Route): Parameters<typeof takesBody>[0] => (r.source as AnyEndpoint).state.input;

/**
 * The requests a route's pattern matches, without its parameters' names: Azure's
 * `PUT /{applicationId}` and `PUT /{applicationDefinitionId}#disambiguation_dummy` (a fragment
 * never reaches a server) get the same requests, which the router offers to both in turn.
 */
function siblingKey(pattern: RoutePattern): string {
  // Kinds, not bounds: the router chains one method and path whatever its parameters' bounds.
  const codec = (c: PathCodec<unknown, string>) => `{${c.kind}${c.trailing ? '*' : ''}}`;
  const segments = pattern.segments.map((s) =>
    s.kind === 'literal'
      ? s.text
      : s.kind === 'param'
        ? codec(s.codec)
        : s.parts.map((p) => (p.kind === 'literal' ? p.wire : codec(p.codec))).join(''),
  );
  return `${pattern.method} /${segments.join('/')}${pattern.trailingSlash ? '/' : ''}`;
}

/**
 * `routes` in their order, except within each method and path shared by several: the routes
 * taking a body first, then those guarded otherwise, then those taking any request (Azure's
 * bodyless `POST /Evaluate`, declared before its overloads, answered theirs). Where some take a
 * body, those taking none are offered only requests with no content; where several take one,
 * each but the last is offered only the JSON bodies its schema takes, and the last gets the rest,
 * so a body none takes is refused naming what is wrong with it.
 */
export function orderSiblingRoutes(given: readonly Route[]): Route[] {
  // One key per route, kept: the sort below reads each route's group again.
  const keys = given.map((r) => siblingKey(r.pattern));
  const groups = new Map<string, number[]>();
  keys.forEach((key, i) => {
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [i]);
    else group.push(i);
  });
  const routes = [...given];
  const tier = new Array<number>(given.length).fill(0);
  for (const indices of groups.values()) {
    if (indices.length < 2) continue;
    const withBody = indices.filter((i) => takesBody(inputOf(given[i])));
    for (const i of indices) {
      const r = given[i];
      const body = withBody.includes(i);
      tier[i] = body ? 0 : r.accepts !== undefined || withBody.length > 0 ? 1 : 2;
      const guard = !body
        ? withBody.length > 0
          ? carriesNoBody
          : undefined
        : withBody.length > 1 && i !== withBody[withBody.length - 1]
          ? bodyShapeGuard(inputOf(r))
          : undefined;
      if (guard !== undefined)
        routes[i] = Route.fromHandler(r.pattern, r.handler, r.source, bothGuards(r.accepts, guard));
    }
  }
  // A group takes the place of its first route.
  const groupOf = (i: number) => groups.get(keys[i])![0];
  return routes
    .map((r, i) => ({ r, k: [groupOf(i), tier[i], i] }))
    .sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.k[2] - b.k[2])
    .map((x) => x.r);
}
