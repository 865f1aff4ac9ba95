// Generated per-operation functions: `getPet(api, { petId: 1 })`, each its own export, so a page
// that imports one pays for that one. An operation whose request and responses are plain JSON,
// text parameters and status codes is compiled by the generator into a request
// writer and a table of responses, run here on fetch; any other is the executor's call of its
// endpoint (operationOf), as `createClient`'s methods are. Nothing here imports the executor or
// loads a module later: a bundler such as Vite adds its preload helper to a page for any `import()`.
import { currentCodecConfig, type CodecConfig } from '../codec/json/CodecConfig.ts';
import type { Either } from '../util/Either.ts';
import { ClientError } from './ClientError.ts';
import type { CallOptions } from './ClientTypes.ts';
import type { Connection, ConnectionOptions, Operation, Outcome } from './operationTypes.ts';
import { EndpointError } from './EndpointError.ts';
import { decodePlain, PlainMismatch, type PlainResponse } from './plainResponse.ts';
import { RequestWriter } from './requestWriter.ts';
import { mismatch, sendRequest } from './sendRequest.ts';

/** A connection to the API at `options.baseUrl` for generated operation functions (`getPet(api, params)`). */
export function connect(options: ConnectionOptions): Connection {
  return { baseUrl: String(options.baseUrl).replace(/\/+$/, ''), options };
}

/** @internal An operation function over `run`, which makes one call's outcome. */
export function operationOfRun(
  route: string,
  run: (c: Connection, params: unknown, options: CallOptions) => Promise<Outcome>,
): Operation {
  const op = Object.assign(
    async (c: Connection, params: unknown, options: CallOptions = {}) => {
      const r = await run(c, params, options);
      if (r.isError) throw new EndpointError(op, r.value, r.status, r.headers, r.url);
      return r.value;
    },
    {
      either: async (c: Connection, params: unknown, options: CallOptions = {}) => {
        const r = await run(c, params, options);
        // Either's two shapes written here (the type checks them): its helper object would come whole.
        const either: Either<unknown, unknown> = r.isError
          ? { _tag: 'left', left: r.value }
          : { _tag: 'right', right: r.value };
        return either;
      },
      route,
    },
  );
  return op as unknown as Operation;
}

// The JSON form of a plain body is the value itself only under these settings (the defaults).
const plainConfig = (c: CodecConfig) =>
  c.fieldNameFormat === 'Identity' &&
  !c.rejectExtraFields &&
  !c.explicitNulls.decoding &&
  !c.explicitEmptyCollections.decoding &&
  c.explicitNulls.encoding &&
  c.explicitEmptyCollections.encoding;

/**
 * A compiled operation (the generator writes the arguments): `write` fills the request from the
 * params and gives the path; `responses` are the declared statuses, outputs first, with their
 * bodies' checks; `accept` the declared media types; `name` the operation's endpoint in the
 * generated endpoints.js, which the executor calls under a CodecConfig that changes the JSON form
 * (given by connectWithEndpoints); `optional` when the params may be left out.
 * @__NO_SIDE_EFFECTS__
 */
export function operation(
  route: string,
  write: (params: Record<string, unknown>, request: RequestWriter) => string,
  responses: readonly PlainResponse[],
  accept: string,
  name: string,
  optional = false,
): Operation {
  const method = route.slice(0, route.indexOf(' '));
  return operationOfRun(route, async (c, given, options) => {
    const params = optional ? (given ?? {}) : given;
    const config = c.options.codecConfig ?? currentCodecConfig();
    if (!plainConfig(config)) {
      if (c.viaExecutor) return c.viaExecutor(name, route, params, options);
      throw new ClientError(
        'encode',
        'the CodecConfig in effect changes the JSON form, which compiled functions leave to the executor: ' +
          'connect with connectWithEndpoints(endpoints, options)',
        { endpoint: route, url: undefined },
      );
    }
    // A check left to the validator engine may need its TypeBox part, loaded before the first call.
    for (const r of responses) if (typeof r[2] === 'object') await r[2].load(route);
    const request = new RequestWriter(route, method, [c.options.headers, options.headers]);
    const url = c.baseUrl + write(params as Record<string, unknown>, request);
    const encoded = request.finish(url, options.accept ?? accept);
    const settings = {
      fetch: c.options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init)),
      timeout: options.timeout ?? c.options.timeout,
      signals: [c.options.signal, options.signal].filter((s): s is AbortSignal => s !== undefined),
      onRequest: c.options.onRequest,
      onResponse: c.options.onResponse,
    };
    const { response, settle, failure, fail } = await sendRequest(settings, route, encoded, 'follow');
    try {
      const decoded = await decodePlain(responses, response, config.maxDepth, method === 'HEAD');
      settle();
      return { ...decoded, status: response.status, headers: response.headers, url: encoded.url };
    } catch (error) {
      settle();
      if (error instanceof PlainMismatch) throw mismatch(fail, error.kind, error.message, response.status, error.bytes);
      throw failure(error);
    }
  });
}
