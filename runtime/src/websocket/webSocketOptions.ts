import type { IncomingMessage } from 'node:http';
import type { ServerOptions as WsServerOptions } from 'ws';
import type { WebSocketConfig } from './WebSocketConfig.ts';
import type { SocketSettings } from './ServerWebSocket.ts';
import { ConfigErrors, type ConfigErrorEntry } from '../errors/catalogue.ts';
import { WebSocketConfigError } from './WebSocketConfigError.ts';

/** The refusal of a field, its text and code from the catalogue. */
function refuse<A extends unknown[]>(field: string, entry: ConfigErrorEntry<A>, ...args: A): WebSocketConfigError {
  return new WebSocketConfigError(field, entry.message(...args), entry.code);
}

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
    throw refuse('decoderConfig.maxFramePayloadLength', ConfigErrors.WS_MAX_FRAME_PAYLOAD, d.maxFramePayloadLength);
  }
  if (!d.expectMaskedFrames) {
    throw refuse('decoderConfig.expectMaskedFrames', ConfigErrors.WS_UNMASKED_FRAMES);
  }
  if (d.allowMaskMismatch) {
    throw refuse('decoderConfig.allowMaskMismatch', ConfigErrors.WS_MASK_MISMATCH);
  }
  if (!d.closeOnProtocolViolation) {
    throw refuse('decoderConfig.closeOnProtocolViolation', ConfigErrors.WS_PROTOCOL_VIOLATION);
  }
  if (!isWhole(config.handshakeTimeoutMillis) || config.handshakeTimeoutMillis < 1) {
    throw refuse('handshakeTimeoutMillis', ConfigErrors.WS_HANDSHAKE_TIMEOUT, config.handshakeTimeoutMillis);
  }
  if (
    !isWhole(config.forceCloseTimeoutMillis) ||
    config.forceCloseTimeoutMillis < -1 ||
    config.forceCloseTimeoutMillis === 0
  ) {
    throw refuse('forceCloseTimeoutMillis', ConfigErrors.WS_FORCE_CLOSE_TIMEOUT, config.forceCloseTimeoutMillis);
  }
  const code = config.sendCloseFrame.code;
  if (
    !isWhole(code) ||
    !((code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999))
  ) {
    throw refuse('sendCloseFrame', ConfigErrors.WS_CLOSE_CODE, code);
  }
  if (Buffer.byteLength(config.sendCloseFrame.reason) > 123)
    throw refuse('sendCloseFrame', ConfigErrors.WS_CLOSE_REASON);
  const protocols = subprotocolList(config.subprotocols);
  const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
  const bad = protocols.find((p) => !token.test(p));
  if (bad !== undefined || (config.subprotocols !== undefined && protocols.length === 0)) {
    throw refuse('subprotocols', ConfigErrors.WS_SUBPROTOCOLS, config.subprotocols);
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
