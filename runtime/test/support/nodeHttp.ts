// Node's own http client for wire tests: one request on a fresh connection, body collected raw
// (no automatic decompression), headers as Node parsed them.
import { request as httpRequest, type IncomingHttpHeaders, type Agent } from 'node:http';

/** A response read with Node's client. */
export interface NodeResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** Options of {@link nodeRequest}. */
export interface NodeRequestOptions {
  readonly method?: string;
  readonly path?: string;
  readonly headers?: Record<string, string | number>;
  readonly body?: string | Uint8Array;
  /** An agent to reuse connections; by default each request has its own connection. */
  readonly agent?: Agent;
}

/** Sends one request to 127.0.0.1:`port` and collects the whole response. */
export function nodeRequest(port: number, options: NodeRequestOptions = {}): Promise<NodeResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        headers: options.headers,
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
