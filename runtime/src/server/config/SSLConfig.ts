import type { Secret } from '../../util/Secret.ts';
import { type KeyMaterialLocation, TrustManagerKeyStore, TrustManagerKeyStoreBuilder } from './TrustManagerKeyStore.ts';
import { ConfigErrors, configError } from '../../errors/catalogue.ts';

export { type KeyMaterialLocation, TrustManagerKeyStore, TrustManagerKeyStoreBuilder } from './TrustManagerKeyStore.ts';

/**
 * What the server does with plain HTTP arriving on its TLS port (the spec's
 * `SSLConfig.HttpBehaviour`): `Accept` serves it, `Redirect` answers 301 to https, `Fail` refuses it.
 */
export type HttpBehaviour = 'Accept' | 'Redirect' | 'Fail';

type HttpBehaviourName = HttpBehaviour;

/** The HTTP behaviours by name: `SSLConfig.HttpBehaviour.Accept` and so on. */
export const HttpBehaviour = {
  Accept: 'Accept',
  Redirect: 'Redirect',
  Fail: 'Fail',
} as const satisfies Record<HttpBehaviour, HttpBehaviour>;

/**
 * Client certificate policy (the spec's `ClientAuth`). `Required` is strict mutual TLS: a
 * client without a certificate issued by a truststore CA is refused in the handshake.
 * `Optional` asks for a certificate but lets the request through either way; `None` does not ask.
 */
export type ClientAuth = 'Required' | 'Optional' | 'None';

/** The client-auth policies by name: `ClientAuth.Required`, `ClientAuth.Optional`, `ClientAuth.None`. */
export const ClientAuth = {
  Required: 'Required',
  Optional: 'Optional',
  None: 'None',
} as const satisfies Record<ClientAuth, ClientAuth>;

/** The spec's `SSLConfig`: TLS key material plus behaviour, truststore and client-auth policy. */
export type SSLConfig =
  | {
      readonly kind: 'pem';
      readonly behaviour: HttpBehaviour;
      readonly cert: KeyMaterialLocation;
      readonly key: KeyMaterialLocation;
      readonly trustManagerKeyStore: TrustManagerKeyStore | undefined;
      readonly clientAuth: ClientAuth | undefined;
    }
  | {
      readonly kind: 'keystore';
      readonly behaviour: HttpBehaviour;
      readonly keyManager: KeyMaterialLocation;
      readonly keyManagerPassword: Secret | undefined;
      readonly trustManagerKeyStore: TrustManagerKeyStore | undefined;
      readonly clientAuth: ClientAuth | undefined;
    };

/** A truststore as the constructors take it: built, still a builder, or a bare path (no password). */
export type TrustManagerKeyStoreInput = TrustManagerKeyStore | TrustManagerKeyStoreBuilder | string;

function location(kind: KeyMaterialLocation['kind'], path: string, what: string): KeyMaterialLocation {
  if (typeof path !== 'string' || path.trim() === '') throw configError(ConfigErrors.BAD_SSL_PATH, what);
  return Object.freeze({ kind, path });
}

function trust(
  kind: KeyMaterialLocation['kind'],
  input: TrustManagerKeyStoreInput | undefined,
): TrustManagerKeyStore | undefined {
  if (input === undefined) return undefined;
  if (typeof input === 'string') return TrustManagerKeyStore.of(location(kind, input, 'truststore'), undefined);
  return input.build();
}

function checkBehaviour(behaviour: HttpBehaviour): HttpBehaviour {
  if (!Object.hasOwn(HttpBehaviour, behaviour)) {
    throw configError(ConfigErrors.BAD_SSL_BEHAVIOUR, String(behaviour));
  }
  return behaviour;
}

function checkClientAuth(clientAuth: ClientAuth | undefined): ClientAuth | undefined {
  if (clientAuth !== undefined && !Object.hasOwn(ClientAuth, clientAuth)) {
    throw configError(ConfigErrors.BAD_CLIENT_AUTH, String(clientAuth));
  }
  return clientAuth;
}

function pem(
  kind: KeyMaterialLocation['kind'],
  behaviour: HttpBehaviour,
  certPath: string,
  keyPath: string,
  clientAuth: ClientAuth | undefined,
  trustManagerKeyStore: TrustManagerKeyStoreInput | undefined,
): SSLConfig {
  return Object.freeze({
    kind: 'pem',
    behaviour: checkBehaviour(behaviour),
    cert: location(kind, certPath, 'certificate'),
    key: location(kind, keyPath, 'private key'),
    trustManagerKeyStore: trust(kind, trustManagerKeyStore),
    clientAuth: checkClientAuth(clientAuth),
  });
}

function keystore(
  kind: KeyMaterialLocation['kind'],
  path: string,
  keyManagerPassword: Secret | undefined,
  trustManagerKeyStore: TrustManagerKeyStoreInput | undefined,
  clientAuth: ClientAuth | undefined,
): SSLConfig {
  return Object.freeze({
    kind: 'keystore',
    // The spec gives the keystore constructors no behaviour; like the original, plain HTTP is redirected.
    behaviour: HttpBehaviour.Redirect,
    keyManager: location(kind, path, 'keystore'),
    keyManagerPassword,
    trustManagerKeyStore: trust(kind, trustManagerKeyStore),
    clientAuth: checkClientAuth(clientAuth),
  });
}

/**
 * Constructors of {@link SSLConfig}. Files are read when the server starts (`Server.install`),
 * and problems (missing file, wrong password, not a keystore) are reported there by file name.
 * Change a field of a built config with a spread: `{ ...ssl, behaviour: SSLConfig.HttpBehaviour.Accept }`.
 */
export const SSLConfig = {
  /** What to do with plain HTTP on the TLS port. */
  HttpBehaviour,

  /**
   * TLS from a PEM certificate (chain) and a PEM private key, found as resources (under
   * `KITGEN_RESOURCES`, `./resources` or the working folder). Optional client auth and truststore.
   */
  fromResource(
    behaviour: HttpBehaviour,
    certPath: string,
    keyPath: string,
    clientAuth?: ClientAuth,
    trustManagerKeyStore?: TrustManagerKeyStoreInput,
  ): SSLConfig {
    return pem('resource', behaviour, certPath, keyPath, clientAuth, trustManagerKeyStore);
  },

  /** Like {@link SSLConfig.fromResource}, with file paths (relative to the working folder). */
  fromFile(
    behaviour: HttpBehaviour,
    certPath: string,
    keyPath: string,
    clientAuth?: ClientAuth,
    trustManagerKeyStore?: TrustManagerKeyStoreInput,
  ): SSLConfig {
    return pem('file', behaviour, certPath, keyPath, clientAuth, trustManagerKeyStore);
  },

  /**
   * TLS from a PKCS#12 keystore resource (key, certificate and chain) with its password.
   * JKS keystores are refused with a conversion hint: Node cannot read them.
   */
  fromJavaxNetSslKeyStoreResource(
    keyManagerResource: string,
    keyManagerPassword?: Secret,
    trustManagerKeyStore?: TrustManagerKeyStoreInput,
    clientAuth?: ClientAuth,
  ): SSLConfig {
    return keystore('resource', keyManagerResource, keyManagerPassword, trustManagerKeyStore, clientAuth);
  },

  /** Like {@link SSLConfig.fromJavaxNetSslKeyStoreResource}, with a file path. */
  fromJavaxNetSslKeyStoreFile(
    keyManagerFile: string,
    keyManagerPassword?: Secret,
    trustManagerKeyStore?: TrustManagerKeyStoreInput,
    clientAuth?: ClientAuth,
  ): SSLConfig {
    return keystore('file', keyManagerFile, keyManagerPassword, trustManagerKeyStore, clientAuth);
  },
} as const;

/** Types under the `SSLConfig` name: `SSLConfig.HttpBehaviour`. */
export declare namespace SSLConfig {
  /** What to do with plain HTTP on the TLS port. */
  type HttpBehaviour = HttpBehaviourName;
}
