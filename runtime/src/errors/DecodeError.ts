/**
 * The spec's `DecodeError`: a body, parameter or stream could not be turned into the expected
 * value. `pointer` is a JSON pointer (or parameter name) to the offending place, and
 * `expected` says what should have been there.
 */
export class DecodeError extends Error {
  readonly pointer: string;
  readonly expected: string | undefined;

  constructor(message: string, options: { pointer?: string; expected?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DecodeError';
    this.pointer = options.pointer ?? '';
    this.expected = options.expected;
  }

  /** The shape sent to clients in a 400 body. */
  toJSON(): Record<string, unknown> {
    return {
      message: this.message,
      ...(this.pointer ? { pointer: this.pointer } : {}),
      ...(this.expected ? { expected: this.expected } : {}),
    };
  }
}
