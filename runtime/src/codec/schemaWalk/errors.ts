/**
 * A schema a binary format cannot express, found when the codec is built (never later, as a
 * wrong encoding). `schemaPath` is a JSON pointer into the schema, e.g. `#/properties/tags/items`.
 */
export class CodecSchemaError extends Error {
  readonly schemaPath: string;
  readonly format: string;

  constructor(format: string, schemaPath: string, message: string) {
    super(`${format} codec: ${message} (at schema path ${schemaPath})`);
    this.name = 'CodecSchemaError';
    this.schemaPath = schemaPath;
    this.format = format;
  }
}

/**
 * A value that does not fit its schema's wire type (an int32 field holding 2^40, a string where
 * bytes belong): thrown by `encode` instead of writing bytes that mean something else.
 */
export class EncodeError extends TypeError {
  /** JSON pointer to the offending value. */
  readonly pointer: string;

  constructor(message: string, pointer: string) {
    super(`cannot encode ${pointer === '' ? 'the value' : pointer}: ${message}`);
    this.name = 'EncodeError';
    this.pointer = pointer;
  }
}

/**
 * Internal: a conversion failure deep inside a value. Converters throw it with the innermost
 * segment; each enclosing record, array or map prepends its own, so the happy path pays nothing.
 */
export class PathFailure extends Error {
  readonly segments: string[];
  readonly expected: string | undefined;

  constructor(message: string, expected?: string) {
    super(message);
    this.segments = [];
    this.expected = expected;
  }

  /** Prepends a path segment (field name or index) and rethrows-friendly returns itself. */
  at(segment: string | number): PathFailure {
    this.segments.unshift(String(segment));
    return this;
  }

  /** The failure's location as a JSON pointer (RFC 6901 escaping). */
  get pointer(): string {
    return this.segments.map((s) => '/' + s.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
  }
}

/** Rethrows `error` with `segment` prepended when it is a {@link PathFailure}. */
export function rethrowAt(error: unknown, segment: string | number): never {
  if (error instanceof PathFailure) throw error.at(segment);
  throw error;
}
