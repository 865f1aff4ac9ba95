/** Close status codes of RFC 6455 §7.4.1 (the spec's `WebSocketConfig.CloseStatus`). */
export type CloseStatus = { readonly code: number; readonly reason: string };

const closeStatus = (code: number, reason: string): CloseStatus => ({ code, reason });

/** The spec's `SocketDecoder`: WebSocket frame decoder settings. */
export interface SocketDecoder {
  readonly maxFramePayloadLength: number;
  readonly expectMaskedFrames: boolean;
  readonly allowMaskMismatch: boolean;
  readonly allowExtensions: boolean;
  readonly closeOnProtocolViolation: boolean;
  readonly withUTF8Validator: boolean;
}

/** `SocketDecoder.default`, with the spec's defaults. */
export const SocketDecoder = {
  default: {
    maxFramePayloadLength: 65536,
    expectMaskedFrames: true,
    allowMaskMismatch: false,
    allowExtensions: false,
    closeOnProtocolViolation: true,
    withUTF8Validator: true,
  } as SocketDecoder,
} as const;

/** The spec's `WebSocketConfig`. */
export interface WebSocketConfig {
  readonly subprotocols: string | undefined;
  readonly handshakeTimeoutMillis: number;
  readonly forceCloseTimeoutMillis: number;
  readonly handleCloseFrames: boolean;
  readonly sendCloseFrame: CloseStatus;
  readonly dropPongFrames: boolean;
  readonly decoderConfig: SocketDecoder;
}

/** `WebSocketConfig.default` (the spec's defaults) and the close statuses. */
export const WebSocketConfig = {
  CloseStatus: {
    NormalClosure: closeStatus(1000, 'Normal Closure'),
    GoingAway: closeStatus(1001, 'Going Away'),
    ProtocolError: closeStatus(1002, 'Protocol Error'),
    UnsupportedData: closeStatus(1003, 'Unsupported Data'),
    InvalidPayload: closeStatus(1007, 'Invalid Frame Payload Data'),
    PolicyViolation: closeStatus(1008, 'Policy Violation'),
    MessageTooBig: closeStatus(1009, 'Message Too Big'),
    InternalError: closeStatus(1011, 'Internal Error'),
    /** Any other close code. */
    Custom: closeStatus,
  },
  default: {
    subprotocols: undefined,
    handshakeTimeoutMillis: 10000,
    forceCloseTimeoutMillis: -1,
    handleCloseFrames: true,
    sendCloseFrame: closeStatus(1000, 'Normal Closure'),
    dropPongFrames: true,
    decoderConfig: SocketDecoder.default,
  } as WebSocketConfig,
} as const;
