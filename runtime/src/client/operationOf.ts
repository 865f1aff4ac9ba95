// The executor's side of generated operation functions: an operation the generator does not
// compile (operationOf), and a compiled one called under a CodecConfig that changes the JSON form.
import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import { ClientError } from './ClientError.ts';
import type { CallOptions } from './ClientTypes.ts';
import type { ClientCredentials } from './encodeRequest.ts';
import { EndpointExecutor } from './EndpointExecutor.ts';
import { InputShapeError, requestValues, type RequestValues } from './inputAssignments.ts';
import { operationOfRun, type Connection, type Operation, type Outcome } from './operation.ts';

const executors = new WeakMap<Connection, EndpointExecutor>();

function executorOf(c: Connection): EndpointExecutor {
  let hit = executors.get(c);
  if (!hit) {
    const { basic, bearer, auth, ...rest } = c.options;
    const credentials: ClientCredentials | undefined = auth ?? (basic || bearer !== undefined ? { basic, bearer } : undefined);
    executors.set(c, (hit = EndpointExecutor.make({ ...rest, baseUrl: c.baseUrl, auth: credentials })));
  }
  return hit;
}

/** The executor's call of an endpoint, as an outcome (the executor's own input checks and messages). */
export async function executorRun(c: Connection, endpoint: AnyEndpoint, params: unknown, options: CallOptions): Promise<Outcome> {
  let values: RequestValues;
  try {
    values = requestValues(endpoint.state, params);
  } catch (error) {
    if (error instanceof InputShapeError) throw new ClientError('encode', error.message, { endpoint: String(endpoint.route), url: undefined });
    throw error;
  }
  return executorOf(c).invokeValues(endpoint, values, options);
}

/**
 * An operation the executor calls with its endpoint (any request and response the endpoints
 * describe): `optional` when its params may be left out, `fill` the params taken from the
 * connection's options (API keys: param → option name).
 * @__NO_SIDE_EFFECTS__
 */
export function operationOf(endpoint: AnyEndpoint, optional = false, fill: Readonly<Record<string, string>> = {}): Operation {
  return operationOfRun(String(endpoint.route), (c, params, options) => {
    const given = (optional ? (params ?? {}) : params) as Record<string, unknown>;
    const filled = Object.keys(fill).length === 0 ? given : { ...given };
    for (const [prop, option] of Object.entries(fill)) filled[prop] = given?.[prop] ?? c.options[option];
    return executorRun(c, endpoint, filled, options);
  });
}
