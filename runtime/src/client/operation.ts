// Generated per-operation functions: `getPet(api, { petId: 1 })`, each its own export, so a page
// that imports one pays for that one. An operation whose request and responses are plain JSON,
// text parameters and status codes is compiled by the generator into a request
// writer and a table of responses, run here on fetch; any other is the executor's call of its
// endpoint (operationOf), as `createClient`'s methods are.
import { CodecConfig } from '../codec/json/CodecConfig.ts';
import { Either } from '../util/Either.ts';
import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import { ClientError } from './ClientError.ts';
import type { CallOptions } from './ClientTypes.ts';
import type { Connection, ConnectionOptions, Operation, Outcome } from './operationTypes.ts';
import { EndpointError } from './EndpointError.ts';
import { decodePlain, PlainMismatch, type PlainResponse } from './plainResponse.ts';
import { RequestWriter } from './requestWriter.ts';
import { causeText, mismatch, sendRequest } from './sendRequest.ts';

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
        return r.isError ? Either.left(r.value) : Either.right(r.value);
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
 * bodies' checks; `accept` the declared media types; `endpoint` loads the operation's endpoint, for
 * a connection whose CodecConfig changes the JSON form (then the executor calls it); `optional`
 * when the params may be left out.
 * @__NO_SIDE_EFFECTS__
 */
export function operation(
  route: string,
  write: (params: Record<string, unknown>, request: RequestWriter) => string,
  responses: readonly PlainResponse[],
  accept: string,
  endpoint: () => Promise<AnyEndpoint>,
  optional = false,
): Operation {
  const method = route.slice(0, route.indexOf(' '));
  return operationOfRun(route, async (c, given, options) => {
    const params = optional ? (given ?? {}) : given;
    const config = c.options.codecConfig ?? CodecConfig.current();
    // Loaded only then: a page whose calls use the default settings never downloads the executor.
    if (!plainConfig(config))
      return (await import('./executorRun.ts')).executorRun(c, await endpoint(), params, options);
    // A check left to the validator engine may need its TypeBox part, loaded before the first call.
    const loading = responses.map((r) => (typeof r[2] === 'object' ? r[2].load() : undefined)).filter((l) => l);
    if (loading.length > 0) {
      try {
        await Promise.all(loading);
      } catch (error) {
        throw new ClientError('network', `loading the validator its schemas need failed: ${causeText(error)}`, {
          endpoint: route,
          url: undefined,
          cause: error,
        });
      }
    }
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
