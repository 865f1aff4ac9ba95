// A connection whose compiled operation functions can also go through the executor: under a
// CodecConfig that changes the JSON form (renamed fields, extra fields refused, nulls or empty
// collections written otherwise), a compiled function's plain JSON is not the wire form, and the
// executor with the operation's endpoint makes the call. A page needing that imports this module,
// and with it the executor and the endpoints; one that does not ships neither, and no `import()`
// (whose loader a bundler such as Vite adds to the page).
import { EndpointImpl } from '../endpoint/Endpoint.ts';
import { ClientError } from './ClientError.ts';
import { executorRun } from './executorRun.ts';
import { connect } from './operation.ts';
import type { Connection, ConnectionOptions } from './operationTypes.ts';

/**
 * A connection like {@link connect}'s, with the generated endpoints (`import * as endpoints from
 * './gen/endpoints.js'`), so that compiled operation functions call through the executor when
 * the CodecConfig in effect changes the JSON form.
 */
export function connectWithEndpoints(
  endpoints: Readonly<Record<string, unknown>>,
  options: ConnectionOptions,
): Connection {
  const connection: Connection = {
    ...connect(options),
    viaExecutor: (name, route, params, callOptions) => {
      const endpoint = endpoints[name];
      if (!(endpoint instanceof EndpointImpl))
        throw new ClientError('encode', `the endpoints given to connectWithEndpoints have no '${name}'`, {
          endpoint: route,
          url: undefined,
        });
      return executorRun(connection, endpoint, params, callOptions);
    },
  };
  return connection;
}
