/** A `WebSocketConfig` the server cannot honour: names the field and why. */
export class WebSocketConfigError extends Error {
  /** The config field, as the spec names it (`decoderConfig.expectMaskedFrames`). */
  readonly field: string;
  /** The catalogue code (`KITGEN_ERR_WS_*`) when the runtime raised it. */
  readonly code: string | undefined;
  constructor(field: string, message: string, code?: string) {
    super(`webSocketConfig.${field}: ${message}`);
    this.name = 'WebSocketConfigError';
    this.field = field;
    this.code = code;
  }
}
