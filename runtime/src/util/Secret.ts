const hidden = '<secret>';

// Node's `util.inspect` (and console.log of an object holding a secret) calls the method under
// this registered symbol; it is the same symbol as `util.inspect.custom`, without importing
// node:util, so the class loads in browsers and workers too.
const inspectCustom: unique symbol = Symbol.for('nodejs.util.inspect.custom');
const encoder = new TextEncoder();

/**
 * The spec's `Secret`: a password or key supplied by the application. Its value is only
 * readable through {@link Secret.reveal}; printing, JSON and `util.inspect` show `<secret>`.
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  /** Returns the secret text itself; call only where the value is really needed. */
  reveal(): string {
    return this.#value;
  }

  /** Compares with another secret or string in time independent of where they differ. */
  equals(other: Secret | string): boolean {
    const a = encoder.encode(this.#value);
    const b = encoder.encode(typeof other === 'string' ? other : other.#value);
    let diff = a.length ^ b.length;
    for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
    return diff === 0;
  }

  toString(): string {
    return hidden;
  }

  toJSON(): string {
    return hidden;
  }

  [inspectCustom](): string {
    return hidden;
  }
}
