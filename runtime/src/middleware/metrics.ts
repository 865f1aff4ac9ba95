import { performance } from 'node:perf_hooks';
import type { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { lazyRequire } from '../util/lazyRequire.ts';
import { askPrimary, clusterWorkerId } from '../util/clusterWorker.ts';
import { Body } from '../http/Body.ts';
import { Response } from '../http/Response.ts';
import { Route } from '../routing/Route.ts';
import { RoutePattern } from '../routing/RoutePattern.ts';
import { perRouteMiddleware } from './core.ts';
import { settle } from './handlerResult.ts';
import type { Middleware } from './core.ts';

/** Options of {@link metrics}. */
export interface MetricsOptions {
  /** Where the metrics are registered (default: prom-client's global registry). */
  readonly registry?: Registry;
  /** Histogram buckets in seconds (default: prom-client's). The first `metrics()` on a registry fixes them. */
  readonly buckets?: readonly number[];
}

/** The three records of the spec's "Metric records", created once per registry. */
export interface HttpMetrics {
  readonly requestsTotal: Counter<'method' | 'route' | 'status'>;
  readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  readonly concurrentRequests: Gauge<'method' | 'route'>;
}

// Loaded when metrics are first recorded or served (76 ms of a server's start otherwise).
const promClient = lazyRequire<typeof import('prom-client')>('prom-client');

const created = new WeakMap<Registry, HttpMetrics>();

function httpMetrics(registry: Registry, buckets: readonly number[] | undefined): HttpMetrics {
  const known = created.get(registry);
  if (known) return known;
  const registers = [registry];
  const { Counter, Gauge, Histogram } = promClient();
  const m: HttpMetrics = {
    requestsTotal: new Counter({
      name: 'http_requests_total',
      help: 'Total HTTP requests processed',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds',
      labelNames: ['method', 'route', 'status'],
      ...(buckets ? { buckets: [...buckets] } : {}),
      registers,
    }),
    concurrentRequests: new Gauge({
      name: 'http_concurrent_requests_total',
      help: 'HTTP requests currently in flight',
      labelNames: ['method', 'route'],
      registers,
    }),
  };
  created.set(registry, m);
  return m;
}

/**
 * The spec's `Middleware.metrics()`: for the wrapped routes only, counts requests
 * (`http_requests_total`), times them (`http_request_duration_seconds`) and tracks those in
 * flight (`http_concurrent_requests_total`). Labels are `method`, `route` (the route's pattern,
 * `/users/{id}`, never the raw path, so label values stay bounded) and `status`.
 */
export function metrics(options: MetricsOptions = {}): Middleware {
  const registry = options.registry ?? promClient().register;
  const m = httpMetrics(registry, options.buckets);
  shareWithPrimary(registry);
  return perRouteMiddleware((next, route) => {
    const path = route.pattern.openApiPath;
    return async (request) => {
      const inFlight = { method: request.method, route: path };
      const start = performance.now();
      m.concurrentRequests.inc(inFlight);
      try {
        const response = await settle(next, request);
        const labels = { method: request.method, route: path, status: String(response.status) };
        m.requestsTotal.inc(labels);
        m.requestDuration.observe(labels, (performance.now() - start) / 1000);
        return response;
      } finally {
        m.concurrentRequests.dec(inFlight);
      }
    };
  });
}

const aggregated = new Set<Registry>();

/**
 * On a cluster worker the metrics route answers for the whole group: it asks the primary, which
 * gathers every worker's registry (offered by {@link shareWithPrimary}) with prom-client's
 * AggregatorRegistry, counters and histograms summed; the worker that got the scrape serves the text.
 */
async function clusterMetrics(): Promise<string> {
  const answer = await askPrimary('metrics');
  return String(answer.text);
}

/**
 * On a cluster worker, offers a registry to the primary's aggregation, as soon as metrics are
 * recorded or served: the primary asks every worker, so each must answer from the start.
 */
function shareWithPrimary(registry: Registry): void {
  if (clusterWorkerId() === undefined || aggregated.has(registry)) return;
  aggregated.add(registry);
  // Constructing an AggregatorRegistry is what makes prom-client answer the primary's requests on this worker.
  const { AggregatorRegistry } = promClient();
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([...aggregated]);
}

/** Reading and publishing metrics: the registry in use and a route serving the text exposition. */
export const Metrics = {
  /** prom-client's global registry, where `metrics()` and `new Counter(...)` register by default. */
  get registry(): Registry {
    return promClient().register;
  },
  /** The three HTTP metrics of a registry (to read them in tests or export them elsewhere). */
  of(registry: Registry = promClient().register): HttpMetrics | undefined {
    return created.get(registry);
  },
  /**
   * `GET /<path>` answering the Prometheus text exposition of a registry (default path
   * "metrics"), for a Prometheus server to scrape.
   */
  route(path = 'metrics', registry: Registry = promClient().register): Route {
    shareWithPrimary(registry);
    return Route.fromHandler(RoutePattern.GET(path), async () => {
      const text = clusterWorkerId() === undefined ? await registry.metrics() : await clusterMetrics();
      return new Response(200, undefined, Body.fromString(text, registry.contentType));
    });
  },
};
