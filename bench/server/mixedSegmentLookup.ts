/**
 * The cost of mixed path segments (`{id}.json`) in kitgen's router, in process: the
 * 1,000 routes of bench:routes, alone and with one mixed route `/svc/r0/items/{id:int}.json`
 * beside `/svc/r0/items/{id:int}`, matching a whole-parameter path at that node, the mixed path,
 * and a path on another branch. CPU time, median of interleaved rounds, ratios to the plain router.
 * Run: `node scripts/run-ts.mjs bench/server/mixedSegmentLookup.ts [rounds]`.
 */
import { Endpoint, PathCodec, RoutePattern, Schema, type Route } from '@kitgen/runtime';
import { Router } from '../../runtime/src/routing/Router.ts';
import { manyRoutes } from './manyRoutes.ts';
import { median } from './report.ts';

const out = Schema.Object({ id: Schema.Integer() });
const routes: Route[] = manyRoutes(1000).map((r) =>
  r.param === undefined
    ? Endpoint(RoutePattern.GET(r.path.slice(1)))
        .out(out)
        .implement(() => ({ id: r.index }))
    : Endpoint(RoutePattern.GET(r.path.slice(1), PathCodec.int('id')))
        .out(out)
        .implement((id) => ({ id })),
);
const mixed = Endpoint(RoutePattern.GET('svc', 'r0', 'items', PathCodec.segment(PathCodec.int('id'), '.json')))
  .out(out)
  .implement((id) => ({ id }));
const plain = new Router(routes);
const withMixed = new Router([...routes, mixed]);
const cases = [
  { label: 'plain router: /svc/r0/items/42 (whole int)', router: plain, path: '/svc/r0/items/42' },
  { label: 'plain router: /svc/r499/items/42 (whole int)', router: plain, path: '/svc/r499/items/42' },
  {
    label: 'with the mixed route: /svc/r0/items/42 (whole int, at the mixed node)',
    router: withMixed,
    path: '/svc/r0/items/42',
  },
  {
    label: 'with the mixed route: /svc/r0/items/42.json (the mixed route)',
    router: withMixed,
    path: '/svc/r0/items/42.json',
  },
  {
    label: 'with the mixed route: /svc/r499/items/42 (whole int, another branch)',
    router: withMixed,
    path: '/svc/r499/items/42',
  },
];
const repeats = 200_000;
let sink = 0;
// As Routes calls it: decoded segments plus the raw path, which only a node with mixed segments reads.
const time = (c: (typeof cases)[number]) => {
  const segments = c.path.split('/').slice(1);
  const t = process.cpuUsage();
  for (let i = 0; i < repeats; i++) sink += c.router.match('GET', segments, c.path).kind.length;
  const u = process.cpuUsage(t);
  return ((u.user + u.system) * 1000) / repeats;
};
for (const c of cases)
  if (c.router.match('GET', c.path.split('/').slice(1), c.path).kind !== 'found')
    throw new Error(`${c.path} did not match`);
for (const c of cases) time(c); // warm-up
const rounds = Number(process.argv[2] ?? 15);
const samples = cases.map(() => [] as number[]);
for (let round = 0; round < rounds; round++) {
  for (let j = 0; j < cases.length; j++) {
    const i = (j + round) % cases.length;
    samples[i].push(time(cases[i]));
  }
}
if (sink === 0) throw new Error('unreachable');
const base = median(samples[0]);
console.log(`| case | ns per match (median of ${rounds}) | ÷ plain /svc/r0/items/42 |\n|:--|--:|--:|`);
for (const [i, c] of cases.entries())
  console.log(`| ${c.label} | ${median(samples[i]).toFixed(0)} | ${(median(samples[i]) / base).toFixed(2)} |`);
