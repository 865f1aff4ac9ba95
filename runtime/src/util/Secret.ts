import { inspect } from 'node:util';

const hidden = '<secret>';

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
    const a = Buffer.from(this.#value);
    const b = Buffer.from(typeof other === 'string' ? other : other.#value);
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

  [inspect.custom](): string {
    return hidden;
  }
}
