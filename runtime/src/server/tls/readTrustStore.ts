import type { X509Certificate } from 'node:crypto';
import type { TrustManagerKeyStore } from '../config/SSLConfig.ts';
import { javaKeyStoreAdvice, javaKeyStoreFormat } from './javaKeyStoreFormat.ts';
import { Pkcs12Problem, readPkcs12 } from './pkcs12.ts';
import { pkcs12Message } from './readKeyStore.ts';
import { readKeyMaterial } from './resolveKeyMaterial.ts';
import { SSLConfigError } from './SSLConfigError.ts';
import { lazyRequire } from '../../util/lazyRequire.ts';

// Loaded when a TLS listener is set up, not at every server's start.
const nodeCrypto = lazyRequire<typeof import('node:crypto')>('node:crypto');

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

function fromPem(text: string, path: string): X509Certificate[] {
  const blocks = text.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0)
    throw new SSLConfigError(`the truststore ${path} is a PEM file without any CERTIFICATE block`, { file: path });
  return blocks.map((block, i) => {
    try {
      return new (nodeCrypto().X509Certificate)(block);
    } catch (error) {
      throw new SSLConfigError(
        `certificate ${i + 1} of the truststore ${path} is not a valid certificate (${(error as Error).message})`,
        {
          file: path,
          cause: error,
        },
      );
    }
  });
}

function parseDerCertificate(data: Buffer): X509Certificate | undefined {
  try {
    return new (nodeCrypto().X509Certificate)(data);
  } catch {
    return undefined;
  }
}

/**
 * Reads a truststore into PEM certificates for Node's `ca` option. Accepts a PEM bundle, one
 * DER certificate, or a PKCS#12 file (Java's truststores: certificates only). Node's `ca`
 * silently ignores anything that is not PEM, so a truststore is never handed to it unread.
 */
export function readTrustStore(store: TrustManagerKeyStore): string[] {
  const { path, data } = readKeyMaterial(store.location, 'truststore');
  const javaFormat = javaKeyStoreFormat(data);
  if (javaFormat) throw new SSLConfigError(javaKeyStoreAdvice(javaFormat, path, 'truststore'), { file: path });
  let certificates: readonly X509Certificate[];
  if (data.includes('-----BEGIN')) {
    certificates = fromPem(data.toString('latin1'), path);
  } else {
    const der = parseDerCertificate(data);
    if (der) certificates = [der];
    else {
      try {
        certificates = readPkcs12(data, store.password?.reveal()).certificates;
      } catch (error) {
        if (error instanceof Pkcs12Problem) {
          const message =
            error.reason === 'not-pkcs12'
              ? `${path} is neither a PEM bundle, a DER certificate nor a PKCS#12 truststore`
              : pkcs12Message(error, path, 'truststore', 'use .trustManagerPassword(secret)');
          throw new SSLConfigError(message, { file: path, cause: error });
        }
        throw error;
      }
    }
  }
  if (certificates.length === 0)
    throw new SSLConfigError(`the truststore ${path} holds no certificate`, { file: path });
  return certificates.map((c) => c.toString());
}
