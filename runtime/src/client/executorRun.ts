// The executor's side of generated operation functions: the call of an operation the generator
// does not compile (operationOf.ts), and of a compiled one under a CodecConfig that changes the
// JSON form (through connectWithEndpoints.ts).
import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import { ClientError } from './ClientError.ts';
import type { CallOptions } from './ClientTypes.ts';
import type { ClientCredentials } from './encodeRequest.ts';
import { EndpointExecutor } from './EndpointExecutor.ts';
import { InputShapeError, requestValues, type RequestValues } from './inputAssignments.ts';
import type { Connection, Outcome } from './operationTypes.ts';

const executors = new WeakMap<Connection, EndpointExecutor>();

function executorOf(c: Connection): EndpointExecutor {
  let hit = executors.get(c);
  if (!hit) {
    const { basic, bearer, auth, ...rest } = c.options;
    const credentials: ClientCredentials | undefined =
      auth ?? (basic || bearer !== undefined ? { basic, bearer } : undefined);
    executors.set(c, (hit = EndpointExecutor.make({ ...rest, baseUrl: c.baseUrl, auth: credentials })));
  }
  return hit;
}

/** The executor's call of an endpoint, as an outcome (the executor's own input checks and messages). */
export async function executorRun(
  c: Connection,
  endpoint: AnyEndpoint,
  params: unknown,
  options: CallOptions,
): Promise<Outcome> {
  let values: RequestValues;
  try {
    values = requestValues(endpoint.state, params);
  } catch (error) {
    if (error instanceof InputShapeError)
      throw new ClientError('encode', error.message, { endpoint: String(endpoint.route), url: undefined });
    throw error;
  }
  return executorOf(c).invokeValues(endpoint, values, options);
}
