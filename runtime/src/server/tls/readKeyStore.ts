import type { KeyObject, X509Certificate } from 'node:crypto';
import type { KeyMaterialLocation } from '../config/SSLConfig.ts';
import type { Secret } from '../../util/Secret.ts';
import { javaKeyStoreAdvice, javaKeyStoreFormat } from './javaKeyStoreFormat.ts';
import { Pkcs12Problem, readPkcs12 } from './pkcs12.ts';
import { readKeyMaterial } from './resolveKeyMaterial.ts';
import { SSLConfigError } from './SSLConfigError.ts';
import { lazyRequire } from '../../util/lazyRequire.ts';

// Loaded when a TLS listener is set up, not at every server's start.
const nodeCrypto = lazyRequire<typeof import('node:crypto')>('node:crypto');

/** Key material in PEM, as Node's TLS options take it: one certificate chain per private key. */
export interface PemKeyMaterial {
  readonly path: string;
  readonly key: string[];
  readonly cert: string[];
}

const samePublicKey = (key: KeyObject, cert: X509Certificate): boolean =>
  cert.publicKey
    .export({ type: 'spki', format: 'der' })
    .equals(nodeCrypto().createPublicKey(key).export({ type: 'spki', format: 'der' }));

/** The advice for a problem reading a PKCS#12 file. */
export function pkcs12Message(
  problem: Pkcs12Problem,
  path: string,
  what: 'keystore' | 'truststore',
  setter: string,
): string {
  switch (problem.reason) {
    case 'wrong-password':
      return `wrong password for the PKCS#12 ${what} ${path} (the integrity check failed)`;
    case 'needs-password':
      return `the PKCS#12 ${what} ${path} is protected by a password, and none was given (${setter})`;
    case 'not-pkcs12':
      return `${path} is not a PKCS#12 ${what}: ${problem.message}`;
    default:
      return `the PKCS#12 ${what} ${path} could not be read: ${problem.message}`;
  }
}

/**
 * Reads a PKCS#12 keystore into PEM keys and certificate chains: each private key with the
 * certificate holding its public key, followed by the other (CA) certificates of the file.
 */
export function readKeyStore(location: KeyMaterialLocation, password: Secret | undefined): PemKeyMaterial {
  const { path, data } = readKeyMaterial(location, 'keystore');
  const javaFormat = javaKeyStoreFormat(data);
  if (javaFormat) throw new SSLConfigError(javaKeyStoreAdvice(javaFormat, path, 'keystore'), { file: path });
  if (data.subarray(0, 64).toString('latin1').includes('-----BEGIN')) {
    throw new SSLConfigError(
      `${path} is a PEM file, not a PKCS#12 keystore; use SSLConfig.fromResource or SSLConfig.fromFile with the certificate and key files`,
      { file: path },
    );
  }
  let contents;
  try {
    contents = readPkcs12(data, password?.reveal());
  } catch (error) {
    if (error instanceof Pkcs12Problem)
      throw new SSLConfigError(pkcs12Message(error, path, 'keystore', 'the keyManagerPassword argument'), {
        file: path,
        cause: error,
      });
    throw error;
  }
  if (contents.keys.length === 0) {
    throw new SSLConfigError(
      `the keystore ${path} holds no private key (only ${contents.certificates.length} certificate(s): is it a truststore?)`,
      {
        file: path,
      },
    );
  }
  const leaves = new Set<X509Certificate>();
  const pairs = contents.keys.map((key) => {
    const leaf = contents.certificates.find((c) => samePublicKey(key, c));
    if (!leaf)
      throw new SSLConfigError(`the keystore ${path} holds a private key without its certificate`, { file: path });
    leaves.add(leaf);
    return { key, leaf };
  });
  const chain = contents.certificates.filter((c) => !leaves.has(c));
  return {
    path,
    key: pairs.map((p) => p.key.export({ type: 'pkcs8', format: 'pem' }) as string),
    cert: pairs.map((p) => [p.leaf, ...chain].map((c) => c.toString()).join('')),
  };
}
