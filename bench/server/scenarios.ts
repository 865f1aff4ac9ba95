/**
 * The benchmark's scenarios: one request shape each, served identically by every server in
 * `servers/`. Adding a scenario here makes the type checker ask each server for a route (their
 * route tables are `Record<ScenarioId, …>`), and the runner probes every server with the
 * scenario's `probes` before measuring it, so a server that answers differently is never timed.
 */

import { newUserBody } from './domain.ts';

/** An HTTP request the load generator repeats, or a probe sends once. */
export interface BenchRequest {
  readonly method: 'GET' | 'POST';
  /** Path and query, e.g. `/users/42`. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** A correctness check: this request must get this status (and, when given, this JSON body). */
export interface Probe extends BenchRequest {
  readonly status: number;
  readonly json?: unknown;
}

/** One measured request shape. */
export interface Scenario {
  readonly id: string;
  /** Route as the table prints it. */
  readonly title: string;
  readonly request: BenchRequest;
  readonly probes: readonly Probe[];
}

/**
 * Every scenario, in the order the runner measures them. To add one (say POST /users with a
 * JSON-Schema-validated body echoed back): append it here, put its shared data in `domain.ts`,
 * and add its route to each file in `servers/` (tsc points at every file that lacks it).
 */
export const scenarios = [
  {
    id: 'get-user',
    title: 'GET /users/{id}',
    request: { method: 'GET', path: '/users/42' },
    probes: [
      { method: 'GET', path: '/users/42', status: 200, json: { id: 42, name: 'User 42', email: 'user42@example.com' } },
      { method: 'GET', path: '/users/7', status: 200, json: { id: 7, name: 'User 7', email: 'user7@example.com' } },
      { method: 'GET', path: '/users/abc', status: 400 },
      { method: 'GET', path: '/users/4.5', status: 400 },
    ],
  },
  {
    id: 'post-user',
    title: 'POST /users (JSON Schema body, echoed)',
    request: { method: 'POST', path: '/users', headers: { 'content-type': 'application/json' }, body: newUserBody },
    probes: [
      {
        method: 'POST',
        path: '/users',
        headers: { 'content-type': 'application/json' },
        body: newUserBody,
        status: 200,
        json: { id: 42, name: 'Ada Lovelace', email: 'ada@example.com' },
      },
      { method: 'POST', path: '/users', headers: { 'content-type': 'application/json' }, body: '{"id":0,"name":"x","email":"a@b"}', status: 400 },
      { method: 'POST', path: '/users', headers: { 'content-type': 'application/json' }, body: '{"id":1,"name":"","email":"a@b"}', status: 400 },
      { method: 'POST', path: '/users', headers: { 'content-type': 'application/json' }, body: '{"id":1,"name":"x"', status: 400 },
    ],
  },
] as const satisfies readonly Scenario[];

/** The id of a scenario in {@link scenarios}. */
export type ScenarioId = (typeof scenarios)[number]['id'];
