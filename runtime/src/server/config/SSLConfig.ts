import type { Secret } from '../../util/Secret.ts';

/**
 * What the server does with plain HTTP arriving on its TLS port (the spec's
 * `SSLConfig.HttpBehaviour`): `Accept` serves it, `Redirect` answers 301 to https, `Fail` refuses it.
 */
export type HttpBehaviour = 'Accept' | 'Redirect' | 'Fail';

/** Client certificate policy; `Required` is strict mutual TLS (the spec's `ClientAuth`). */
export type ClientAuth = 'Required' | 'Optional' | 'None';

/** Where key material comes from: a resource (resolved against resource roots) or a file path. */
export interface KeyMaterialLocation {
  readonly kind: 'resource' | 'file';
  readonly path: string;
}

/** A truststore: the certificates of the CAs whose client certificates are trusted. */
export interface TrustManagerKeyStore {
  readonly location: KeyMaterialLocation;
  readonly password: Secret | undefined;
}

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
