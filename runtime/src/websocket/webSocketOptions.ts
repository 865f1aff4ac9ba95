import type { IncomingMessage } from 'node:http';
import type { ServerOptions as WsServerOptions } from 'ws';
import type { WebSocketConfig } from './WebSocketConfig.ts';
import type { SocketSettings } from './ServerWebSocket.ts';
import { WebSocketConfigError } from './WebSocketConfigError.ts';

const isWhole = (n: number): boolean => Number.isSafeInteger(n);

/**
 * Checks a `WebSocketConfig` against what the server (on `ws`) can do, and throws a
 * {@link WebSocketConfigError} naming the first field it cannot honour. `ws` always requires
 * masked client frames and always closes the connection on a protocol violation, so
 * `expectMaskedFrames: false`, `allowMaskMismatch: true` and `closeOnProtocolViolation: false`
 * are refused rather than ignored.
 */
export function checkWebSocketConfig(config: WebSocketConfig): void {
  const d = config.decoderConfig;
  if (!isWhole(d.maxFramePayloadLength) || d.maxFramePayloadLength < 1) {
    throw new WebSocketConfigError('decoderConfig.maxFramePayloadLength', `must be a whole number of bytes, at least 1 (got ${d.maxFramePayloadLength})`);
  }
  if (!d.expectMaskedFrames) {
    throw new WebSocketConfigError('decoderConfig.expectMaskedFrames', 'false is not supported: the server always requires masked client frames (RFC 6455 §5.1; ws has no option to accept unmasked ones)');
  }
  if (d.allowMaskMismatch) {
    throw new WebSocketConfigError('decoderConfig.allowMaskMismatch', 'true is not supported: a client frame whose mask bit is not set always closes the connection with 1002');
  }
  if (!d.closeOnProtocolViolation) {
    throw new WebSocketConfigError('decoderConfig.closeOnProtocolViolation', 'false is not supported: a protocol violation always closes the connection (1002, 1007 or 1009)');
  }
  if (!isWhole(config.handshakeTimeoutMillis) || config.handshakeTimeoutMillis < 1) {
    throw new WebSocketConfigError('handshakeTimeoutMillis', `must be a whole number of milliseconds, at least 1 (got ${config.handshakeTimeoutMillis})`);
  }
  if (!isWhole(config.forceCloseTimeoutMillis) || config.forceCloseTimeoutMillis < -1 || config.forceCloseTimeoutMillis === 0) {
    throw new WebSocketConfigError('forceCloseTimeoutMillis', `must be -1 (never) or a whole number of milliseconds, at least 1 (got ${config.forceCloseTimeoutMillis})`);
  }
  const code = config.sendCloseFrame.code;
  if (!isWhole(code) || !((code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999))) {
    throw new WebSocketConfigError('sendCloseFrame', `${code} cannot be sent in a close frame (1000-1003, 1007-1014 or 3000-4999)`);
  }
  if (Buffer.byteLength(config.sendCloseFrame.reason) > 123) throw new WebSocketConfigError('sendCloseFrame', 'the reason must be at most 123 bytes of UTF-8');
  const protocols = subprotocolList(config.subprotocols);
  const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
  const bad = protocols.find((p) => !token.test(p));
  if (bad !== undefined || (config.subprotocols !== undefined && protocols.length === 0)) {
    throw new WebSocketConfigError('subprotocols', `"${config.subprotocols}" is not a comma-separated list of protocol names (HTTP tokens)`);
  }
}

/** The configured subprotocols: the spec's single string, read as a comma-separated list in preference order. */
export function subprotocolList(subprotocols: string | undefined): string[] {
  if (subprotocols === undefined) return [];
  return subprotocols
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/**
 * The `ws` server options for a checked config: `maxPayload` from `maxFramePayloadLength`
 * (a larger frame or message closes with 1009), `skipUTF8Validation` from `withUTF8Validator`,
 * permessage-deflate only when `allowExtensions`, and a subprotocol chosen from `subprotocols`
 * in the server's order of preference (none offered in common: no protocol is selected, which
 * a client that requires one treats as a failed handshake).
 */
export function wsServerOptions(config: WebSocketConfig): WsServerOptions {
  const d = config.decoderConfig;
  const wanted = subprotocolList(config.subprotocols);
  return {
    noServer: true,
    clientTracking: false,
    maxPayload: d.maxFramePayloadLength,
    skipUTF8Validation: !d.withUTF8Validator,
    perMessageDeflate: d.allowExtensions ? { threshold: 1024 } : false,
    // Pings are always answered; `dropPongFrames` decides only whether pongs reach the app.
    autoPong: true,
    handleProtocols: (offered: Set<string>, _req: IncomingMessage) => wanted.find((p) => offered.has(p)) ?? false,
  };
}

/** The per-socket settings for a checked config. */
export function socketSettings(config: WebSocketConfig): SocketSettings {
  return {
    sendCloseFrame: config.sendCloseFrame,
    forwardCloseFrames: !config.handleCloseFrames,
    forwardPongFrames: !config.dropPongFrames,
    forceCloseTimeoutMillis: config.forceCloseTimeoutMillis,
  };
}
