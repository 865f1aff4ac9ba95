/**
 * In-process half of bench:routes' flatness figure: kitgen's router (`runtime/src/routing/
 * Router.ts`, a segment trie) matching the first and the last route of each kind among 1,000,
 * without HTTP around it, in interleaved rounds of CPU time — the routing cost alone, which the
 * over-the-wire figure buries under ~70 µs of HTTP per request.
 */
import { Endpoint, PathCodec, RoutePattern, Schema, type Route } from '@kitgen/runtime';
import { Router } from '../../runtime/src/routing/Router.ts';
import { median } from './report.ts';
import type { ExtraRoute } from './manyRoutes.ts';

/** ns per match of each route's request path, median over `rounds` interleaved rounds. */
export function routerLookup(
  extra: readonly ExtraRoute[],
  picks: readonly ExtraRoute[],
  rounds = 15,
): Map<number, number> {
  const out = Schema.Object({ id: Schema.Integer() });
  const routes: Route[] = extra.map((r) =>
    r.param === undefined
      ? Endpoint(RoutePattern.GET(r.path.slice(1)))
          .out(out)
          .implement(() => ({ id: r.index }))
      : Endpoint(RoutePattern.GET(r.path.slice(1), PathCodec.int('id')))
          .out(out)
          .implement((id) => ({ id })),
  );
  const router = new Router(routes);
  const segments = picks.map((r) => (r.param === undefined ? r.path : `${r.path}/42`).split('/').slice(1));
  for (const [i, s] of segments.entries()) {
    const m = router.match('GET', s);
    if (m.kind !== 'found' || (m.route as Route) !== routes[picks[i].index])
      throw new Error(`router: ${s.join('/')} did not match route #${picks[i].index + 1}`);
  }
  const repeats = 200_000;
  let sink = 0;
  const time = (s: readonly string[]) => {
    const t = process.cpuUsage();
    for (let k = 0; k < repeats; k++) sink += router.match('GET', s).kind.length;
    const u = process.cpuUsage(t);
    return ((u.user + u.system) * 1000) / repeats;
  };
  for (const s of segments) time(s); // warm-up
  const samples = picks.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < picks.length; k++) {
      const i = (k + round) % picks.length;
      samples[i].push(time(segments[i]));
    }
  }
  if (sink === 0) throw new Error('unreachable');
  return new Map(picks.map((r, i) => [r.index, median(samples[i])]));
}
