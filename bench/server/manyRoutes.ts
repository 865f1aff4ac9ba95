/**
 * The extra routes of `bench:routes`: `count` GET routes, static and parameterised mixed as an
 * API's are — for resource k, `/svc/r<k>/items` (static) and `/svc/r<k>/items/{id}` (an integer
 * id) — each answering the user record. The server process reads the count from `BENCH_ROUTES`.
 */

/** One extra route: its literal path, and whether an integer `{id}` segment follows it. */
export interface ExtraRoute {
  /** 0-based position in registration order. */
  readonly index: number;
  /** Literal path, e.g. `/svc/r3/items`. */
  readonly path: string;
  /** `'id'` when the route is `path/{id}`, undefined when it is `path` alone. */
  readonly param: 'id' | undefined;
}

/** `count` routes, alternating static and parameterised, in registration order. */
export function manyRoutes(count: number): ExtraRoute[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    path: `/svc/r${index >> 1}/items`,
    param: index % 2 === 0 ? undefined : 'id',
  }));
}

/** A request path that reaches route `r` (id 42 for a parameterised one). */
export function requestPath(r: ExtraRoute): string {
  return r.param === undefined ? r.path : `${r.path}/42`;
}

/** The extra routes this server process is asked for (`BENCH_ROUTES`, default none). */
export function extraRoutesFromEnv(): ExtraRoute[] {
  const n = Number(process.env.BENCH_ROUTES ?? 0);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`BENCH_ROUTES: expected a count ≥ 0, got '${process.env.BENCH_ROUTES}'`);
  return manyRoutes(n);
}
