import type { ServerConfig } from './config/ServerConfig.ts';

/**
 * With request streaming on, a whole request (head and body) must arrive within 300 s of its
 * start: the handler reads the body at its own pace, which may be slow on purpose.
 */
const STREAMING_REQUEST_TIMEOUT_MS = 300_000;

/**
 * How long a request may take to arrive, from its first byte until its body is complete (the
 * handler's time does not count): Node's `requestTimeout`. For aggregated bodies it is the
 * head's deadline plus `requestBodyTimeout`; with request streaming on, 300 s.
 */
export function requestTimeout(config: ServerConfig): number {
  return config.requestStreaming.kind === 'Enabled'
    ? Math.max(STREAMING_REQUEST_TIMEOUT_MS, config.requestHeaderTimeout)
    : config.requestHeaderTimeout + config.requestBodyTimeout;
}
