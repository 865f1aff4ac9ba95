/** A `WebSocketConfig` the server cannot honour: names the field and why. */
export class WebSocketConfigError extends Error {
  /** The config field, as the spec names it (`decoderConfig.expectMaskedFrames`). */
  readonly field: string;
  constructor(field: string, message: string) {
    super(`webSocketConfig.${field}: ${message}`);
    this.name = 'WebSocketConfigError';
    this.field = field;
  }
}
