import { readFileSync } from 'node:fs';
import type { SecureContextOptions, TlsOptions } from 'node:tls';
import type { KeyMaterialLocation, SSLConfig } from '../config/SSLConfig.ts';
import { resolveKeyMaterial } from './resolveKeyMaterial.ts';

const JKS_MAGIC = 0xfeedfeed;

function read(location: KeyMaterialLocation, what: string): Buffer {
  const path = resolveKeyMaterial(location);
  try {
    return readFileSync(path);
  } catch (error) {
    throw new Error(`SSLConfig: cannot read the ${what} at ${path}: ${(error as Error).message}`);
  }
}

/** Reads an SSLConfig's key material into Node's TLS options (PEM files or a PKCS#12 keystore). */
export function loadTlsOptions(ssl: SSLConfig): TlsOptions {
  const options: SecureContextOptions & TlsOptions = {};
  if (ssl.kind === 'pem') {
    options.cert = read(ssl.cert, 'certificate');
    options.key = read(ssl.key, 'private key');
  } else {
    const store = read(ssl.keyManager, 'keystore');
    if (store.length >= 4 && store.readUInt32BE(0) === JKS_MAGIC) {
      throw new Error(
        `SSLConfig: ${ssl.keyManager.path} is a JKS keystore, which Node cannot read; convert it to PKCS#12 with ` +
          '`keytool -importkeystore -srckeystore <file>.jks -destkeystore <file>.p12 -deststoretype PKCS12`',
      );
    }
    options.pfx = store;
    options.passphrase = ssl.keyManagerPassword?.reveal();
  }
  if (ssl.trustManagerKeyStore) {
    options.ca = read(ssl.trustManagerKeyStore.location, 'truststore');
  }
  if (ssl.clientAuth === 'Required' || ssl.clientAuth === 'Optional') {
    options.requestCert = true;
    options.rejectUnauthorized = ssl.clientAuth === 'Required';
  }
  return options;
}
