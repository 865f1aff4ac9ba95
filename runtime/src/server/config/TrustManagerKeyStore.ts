import type { Secret } from '../../util/Secret.ts';

/** Where key material comes from: a resource (resolved against resource roots) or a file path. */
export interface KeyMaterialLocation {
  readonly kind: 'resource' | 'file';
  readonly path: string;
}

/**
 * A truststore (the spec's `TrustManagerKeyStore`): the CA certificates whose client
 * certificates the server trusts. A PEM bundle, a DER certificate or a PKCS#12 file
 * (certificates only, as Java's keytool writes them); the password checks a PKCS#12 file.
 */
export class TrustManagerKeyStore {
  readonly location: KeyMaterialLocation;
  readonly password: Secret | undefined;

  private constructor(location: KeyMaterialLocation, password: Secret | undefined) {
    this.location = location;
    this.password = password;
    Object.freeze(this);
  }

  /** A truststore resource (resolved like other resources); finish with `.build()`. */
  static fromResource(path: string): TrustManagerKeyStoreBuilder {
    return new TrustManagerKeyStoreBuilder({ kind: 'resource', path }, undefined);
  }

  /** A truststore file (relative paths resolve against the working folder); finish with `.build()`. */
  static fromFile(path: string): TrustManagerKeyStoreBuilder {
    return new TrustManagerKeyStoreBuilder({ kind: 'file', path }, undefined);
  }

  /** @internal Used by the builder; applications start from `fromResource` / `fromFile`. */
  static of(location: KeyMaterialLocation, password: Secret | undefined): TrustManagerKeyStore {
    return new TrustManagerKeyStore(location, password);
  }

  /** This truststore with a password (the spec's `.build().trustManagerPassword(secret)` order). */
  trustManagerPassword(password: Secret): TrustManagerKeyStore {
    return new TrustManagerKeyStore(this.location, password);
  }

  /** Already built; lets a built truststore stand where a builder is expected. */
  build(): TrustManagerKeyStore {
    return this;
  }

  /** Shows the location only: the password never prints. */
  toString(): string {
    return `TrustManagerKeyStore(${this.location.kind} ${this.location.path}${this.password ? ', with password' : ''})`;
  }
}

/**
 * Builder returned by `TrustManagerKeyStore.fromResource/fromFile`. Both orders work:
 * `.build().trustManagerPassword(s)` and `.trustManagerPassword(s).build()`.
 */
export class TrustManagerKeyStoreBuilder {
  readonly #location: KeyMaterialLocation;
  readonly #password: Secret | undefined;

  /** @internal Created by `TrustManagerKeyStore.fromResource/fromFile`. */
  constructor(location: KeyMaterialLocation, password: Secret | undefined) {
    this.#location = location;
    this.#password = password;
  }

  /** Sets the truststore password (needed for a PKCS#12 truststore that has one). */
  trustManagerPassword(password: Secret): TrustManagerKeyStoreBuilder {
    return new TrustManagerKeyStoreBuilder(this.#location, password);
  }

  /** The truststore. */
  build(): TrustManagerKeyStore {
    return TrustManagerKeyStore.of(this.#location, this.#password);
  }
}
