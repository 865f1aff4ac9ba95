import { Duration } from '../../util/Duration.ts';

/**
 * Readiness and liveness routes for an orchestrator or load balancer (Kubernetes probes), answered by
 * the server itself before routing: liveness is 200 while the process serves; readiness is 200
 * until shutdown begins and 503 from that instant, and shutdown keeps serving for `drainDelay`
 * before it stops accepting, so a balancer that probes readiness takes the instance out first.
 */
export interface HealthProbes {
  /** Path of the readiness probe (default `/readyz`). */
  readonly readinessPath: string;
  /** Path of the liveness probe (default `/livez`). */
  readonly livenessPath: string;
  /** How long shutdown keeps serving with readiness false before it stops accepting (default 0). */
  readonly drainDelay: Duration;
}

/** The probes' defaults. */
export const HealthProbes = {
  /** `/readyz`, `/livez`, no drain delay (Kubernetes users usually give a preStop sleep instead). */
  default: Object.freeze({
    readinessPath: '/readyz',
    livenessPath: '/livez',
    drainDelay: Duration.zero,
  }) as HealthProbes,
} as const;
