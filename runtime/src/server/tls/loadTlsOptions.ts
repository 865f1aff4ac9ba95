import type { TlsOptions } from 'node:tls';
import type { SSLConfig } from '../config/SSLConfig.ts';
import { readKeyMaterial } from './resolveKeyMaterial.ts';
import { type PemKeyMaterial, readKeyStore } from './readKeyStore.ts';
import { readTrustStore } from './readTrustStore.ts';
import { SSLConfigError } from './SSLConfigError.ts';
import { lazyRequire } from '../../util/lazyRequire.ts';

// Loaded when a TLS listener is set up, not at every server's start.
const nodeCrypto = lazyRequire<typeof import('node:crypto')>('node:crypto');
const nodeTls = lazyRequire<typeof import('node:tls')>('node:tls');

function readPem(ssl: Extract<SSLConfig, { kind: 'pem' }>): PemKeyMaterial & { keyPath: string } {
  const cert = readKeyMaterial(ssl.cert, 'certificate');
  const key = readKeyMaterial(ssl.key, 'private key');
  const certText = cert.data.toString('latin1');
  if (!certText.includes('-----BEGIN CERTIFICATE-----')) {
    const hint = certText.includes('PRIVATE KEY-----')
      ? ' (it holds a private key: are certificate and key swapped?)'
      : '';
    throw new SSLConfigError(`the certificate file ${cert.path} is not a PEM certificate${hint}`, { file: cert.path });
  }
  try {
    new (nodeCrypto().X509Certificate)(cert.data);
  } catch (error) {
    throw new SSLConfigError(`the certificate file ${cert.path} could not be parsed (${(error as Error).message})`, {
      file: cert.path,
      cause: error,
    });
  }
  try {
    nodeCrypto().createPrivateKey(key.data);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ERR_MISSING_PASSPHRASE'
        ? 'is encrypted with a passphrase, which fromResource cannot take; decrypt it (openssl pkey -in key.pem -out plain.pem) or use a PKCS#12 keystore with a password'
        : 'is not a PEM private key';
    throw new SSLConfigError(`the private key file ${key.path} ${why}`, { file: key.path, cause: error });
  }
  return { path: cert.path, keyPath: key.path, key: [key.data.toString('latin1')], cert: [certText] };
}

/**
 * Reads an SSLConfig's files into Node's TLS options: PEM certificate and key, or a PKCS#12
 * keystore; the truststore; the client-auth policy. Every problem is an {@link SSLConfigError}
 * naming the file, raised here (when the server starts) instead of as an OpenSSL stack.
 */
export function loadTlsOptions(ssl: SSLConfig): TlsOptions {
  const material = ssl.kind === 'pem' ? readPem(ssl) : readKeyStore(ssl.keyManager, ssl.keyManagerPassword);
  const options: TlsOptions = { key: material.key, cert: material.cert };
  try {
    nodeTls().createSecureContext(options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const source =
      'keyPath' in material
        ? `the private key ${material.keyPath} does not belong to the certificate ${material.path}`
        : `the keystore ${material.path} holds a private key that does not match its certificate`;
    const message =
      code === 'ERR_OSSL_X509_KEY_VALUES_MISMATCH'
        ? source
        : `the key material in ${material.path} was refused by TLS (${(error as Error).message})`;
    throw new SSLConfigError(message, { file: material.path, cause: error });
  }
  if (ssl.trustManagerKeyStore) options.ca = readTrustStore(ssl.trustManagerKeyStore);
  if (ssl.clientAuth === 'Required' || ssl.clientAuth === 'Optional') {
    if (ssl.clientAuth === 'Required' && !ssl.trustManagerKeyStore) {
      // Without a truststore Node would check client certificates against every public CA.
      throw new SSLConfigError(
        'ClientAuth.Required needs a truststore (trustManagerKeyStore) naming the CAs whose client certificates are accepted',
      );
    }
    options.requestCert = true;
    options.rejectUnauthorized = ssl.clientAuth === 'Required';
  }
  return options;
}
