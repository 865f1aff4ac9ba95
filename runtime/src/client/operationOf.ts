// An operation the generator does not compile: the executor calls its endpoint (executorRun.ts).
import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import { executorRun } from './executorRun.ts';
import { operationOfRun } from './operation.ts';
import type { Operation } from './operationTypes.ts';

/**
 * An operation the executor calls with its endpoint (any request and response the endpoints
 * describe): `optional` when its params may be left out, `fill` the params taken from the
 * connection's options (API keys: param → option name).
 * @__NO_SIDE_EFFECTS__
 */
export function operationOf(
  endpoint: AnyEndpoint,
  optional = false,
  fill: Readonly<Record<string, string>> = {},
): Operation {
  return operationOfRun(String(endpoint.route), (c, params, options) => {
    const given = (optional ? (params ?? {}) : params) as Record<string, unknown>;
    const filled = Object.keys(fill).length === 0 ? given : { ...given };
    for (const [prop, option] of Object.entries(fill)) filled[prop] = given?.[prop] ?? c.options[option];
    return executorRun(c, endpoint, filled, options);
  });
}
