/**
 * The benchmark's scenarios: one request shape each, served identically by every server in
 * `servers/`. Adding a scenario here makes the type checker ask each server for a route (their
 * route tables are `Record<ScenarioId, …>`), and the runner probes every server with the
 * scenario's `probes` before measuring it, so a server that answers differently is never timed.
 */

import { catalog } from './catalog.ts';
import { newUserBody } from './domain.ts';
import { orderBody, orderWith, sampleOrder, summariseOrder } from './payloads.ts';
import type { ServerName } from './servers/index.ts';

/** An HTTP request the load generator repeats, or a probe sends once. */
export interface BenchRequest {
  readonly method: 'GET' | 'POST';
  /** Path and query, e.g. `/users/42`. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/**
 * A correctness check: this request must get this status and, when given, this JSON body
 * (`json`: equal once parsed; `text`: byte for byte), or this value as a MsgPack body.
 */
export interface Probe extends BenchRequest {
  readonly status: number;
  readonly json?: unknown;
  readonly text?: string;
  readonly msgpack?: unknown;
}

/** One measured request shape. */
export interface Scenario {
  readonly id: string;
  /** Route as the table prints it. */
  readonly title: string;
  readonly request: BenchRequest;
  readonly probes: readonly Probe[];
  /** The servers that serve it, when not all (a format only kitgen speaks). */
  readonly only?: readonly ServerName[];
  /** kitgen's goals against peers here (ratio of req/s and of CPU per request), when not the runner's defaults. */
  readonly goals?: ReadonlyArray<readonly [ServerName, number]>;
}

const json = { 'content-type': 'application/json' } as const;
const summary = summariseOrder(sampleOrder);
/** A body every server must refuse with 400 (a change its schema forbids, or no JSON at all). */
const refused = (body: string): Probe => ({ method: 'POST', path: '/orders', headers: json, body, status: 400 });

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
      {
        method: 'POST',
        path: '/users',
        headers: { 'content-type': 'application/json' },
        body: '{"id":0,"name":"x","email":"a@b"}',
        status: 400,
      },
      {
        method: 'POST',
        path: '/users',
        headers: { 'content-type': 'application/json' },
        body: '{"id":1,"name":"","email":"a@b"}',
        status: 400,
      },
      {
        method: 'POST',
        path: '/users',
        headers: { 'content-type': 'application/json' },
        body: '{"id":1,"name":"x"',
        status: 400,
      },
    ],
  },
  {
    id: 'post-order',
    title: 'POST /orders (~10 KB body, 30-field schema, summary answered)',
    request: { method: 'POST', path: '/orders', headers: json, body: orderBody },
    probes: [
      {
        method: 'POST',
        path: '/orders',
        headers: json,
        body: orderBody,
        status: 200,
        json: summary,
        text: JSON.stringify(summary),
      },
      refused(orderWith((o) => (o.customer.email = 'ada.example.com'))),
      refused(orderWith((o) => (o.id = 'not-a-uuid'))),
      refused(orderWith((o) => (o.createdAt = '2026-02-30T10:00:00Z'))),
      refused(orderWith((o) => (o.ipAddress = '203.0.113.420'))),
      refused(orderWith((o) => (o.items[51].quantity = 0))),
      refused(orderWith((o) => (o.items[3].sku = 'sku-1'))),
      refused(orderWith((o) => (o.status = 'lost'))),
      refused(orderWith((o) => Reflect.deleteProperty(o, 'shippingAddress'))),
      refused(orderWith((o) => (o.items = []))),
      refused(orderBody.slice(0, -1)),
    ],
    goals: [['fastify', 1.2]],
  },
  {
    id: 'list-json',
    title: 'GET /catalog (100 items × 20 fields, JSON)',
    request: { method: 'GET', path: '/catalog' },
    probes: [{ method: 'GET', path: '/catalog', status: 200, json: catalog, text: JSON.stringify(catalog) }],
    goals: [['fastify', 1.2]],
  },
  {
    id: 'list-msgpack',
    title: 'GET /catalog-msgpack (the same list as MsgPack, kitgen only)',
    request: { method: 'GET', path: '/catalog-msgpack' },
    probes: [{ method: 'GET', path: '/catalog-msgpack', status: 200, msgpack: catalog }],
    only: ['kitgen'],
    goals: [],
  },
] as const satisfies readonly Scenario[];

/** The id of a scenario in {@link scenarios}. */
export type ScenarioId = (typeof scenarios)[number]['id'];

/** The id of a scenario every server serves (a server's route table needs these). */
export type SharedScenarioId = Exclude<(typeof scenarios)[number], { readonly only: unknown }>['id'];

/** Whether a server serves a scenario. */
export function serves(scenario: Scenario, server: ServerName): boolean {
  return scenario.only === undefined || scenario.only.includes(server);
}
