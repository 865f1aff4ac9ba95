// Test key material made with `openssl` (and `keytool` when present) in a temp folder: a CA,
// a server certificate for 127.0.0.1/localhost, client certificates from that CA and from
// another CA, PKCS#12 keystores and truststores, and JKS files.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether a command-line tool can be run. */
export function hasTool(name: string, versionArg = 'version'): boolean {
  const r = spawnSync(name, [versionArg], { stdio: 'ignore' });
  return r.error === undefined;
}

/** Paths of the generated files and the passwords used. */
export interface TestCertificates {
  readonly dir: string;
  readonly caCert: string;
  readonly serverCert: string;
  readonly serverKey: string;
  /** The server certificate followed by the CA certificate. */
  readonly serverChain: string;
  readonly clientCert: string;
  readonly clientKey: string;
  readonly otherCaCert: string;
  readonly otherClientCert: string;
  readonly otherClientKey: string;
  /** PKCS#12 keystore: server key, certificate and the CA (password `keystorePassword`). */
  readonly keystore: string;
  readonly keystorePassword: string;
  /** The same, EC key instead of RSA. */
  readonly ecKeystore: string;
  /** The same key in a PKCS#12 file with the RC2/3DES ciphers of older OpenSSL and Java; undefined if openssl cannot write one. */
  readonly legacyKeystore: string | undefined;
  /** Certificates-only PKCS#12 truststore with the CA (password `truststorePassword`). */
  readonly truststore: string;
  readonly truststorePassword: string;
  /** Certificates-only PKCS#12 truststore with the other CA. */
  readonly otherTruststore: string;
  /** A file that starts with the JKS magic number. */
  readonly fakeJks: string;
  readonly remove: () => void;
}

/** Generates the test key material; throws if `openssl` fails. */
export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'kitgen-tls-'));
  const p = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const ca = (name: string, cn: string) =>
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      '-subj',
      `/CN=${cn}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    );
  const leaf = (name: string, cn: string, issuer: string, ext: string, keyType = 'rsa:2048') => {
    writeFileSync(p(`${name}.ext`), ext);
    const keyArgs = keyType === 'ec' ? ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'] : ['-newkey', keyType];
    openssl('req', ...keyArgs, '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${cn}`);
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${issuer}.pem`,
      '-CAkey',
      `${issuer}.key`,
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
    );
  };
  const serverExt = 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n';
  const clientExt = 'extendedKeyUsage=clientAuth\n';
  ca('ca', 'kitgen test CA');
  ca('other-ca', 'kitgen other CA');
  leaf('server', 'localhost', 'ca', serverExt);
  leaf('server-ec', 'localhost', 'ca', serverExt, 'ec');
  leaf('client', 'trusted client', 'ca', clientExt);
  leaf('other-client', 'untrusted client', 'other-ca', clientExt);
  writeFileSync(p('server-chain.pem'), Buffer.concat([readFileSync(p('server.pem')), readFileSync(p('ca.pem'))]));
  const keystorePassword = 'ks-pass-1';
  const truststorePassword = 'ts-pass-2';
  openssl(
    'pkcs12',
    '-export',
    '-in',
    'server.pem',
    '-inkey',
    'server.key',
    '-certfile',
    'ca.pem',
    '-out',
    'server.p12',
    '-passout',
    `pass:${keystorePassword}`,
  );
  openssl(
    'pkcs12',
    '-export',
    '-in',
    'server-ec.pem',
    '-inkey',
    'server-ec.key',
    '-certfile',
    'ca.pem',
    '-out',
    'server-ec.p12',
    '-passout',
    `pass:${keystorePassword}`,
  );
  let legacyKeystore: string | undefined = p('server-legacy.p12');
  try {
    openssl(
      'pkcs12',
      '-export',
      '-legacy',
      '-in',
      'server.pem',
      '-inkey',
      'server.key',
      '-out',
      'server-legacy.p12',
      '-passout',
      `pass:${keystorePassword}`,
    );
  } catch {
    legacyKeystore = undefined; // OpenSSL without its legacy provider
  }
  openssl(
    'pkcs12',
    '-export',
    '-nokeys',
    '-in',
    'ca.pem',
    '-out',
    'truststore.p12',
    '-passout',
    `pass:${truststorePassword}`,
  );
  openssl(
    'pkcs12',
    '-export',
    '-nokeys',
    '-in',
    'other-ca.pem',
    '-out',
    'other-truststore.p12',
    '-passout',
    `pass:${truststorePassword}`,
  );
  writeFileSync(p('fake.jks'), Buffer.concat([Buffer.from([0xfe, 0xed, 0xfe, 0xed, 0, 0, 0, 2]), Buffer.alloc(64, 7)]));
  return {
    dir,
    caCert: p('ca.pem'),
    serverCert: p('server.pem'),
    serverKey: p('server.key'),
    serverChain: p('server-chain.pem'),
    clientCert: p('client.pem'),
    clientKey: p('client.key'),
    otherCaCert: p('other-ca.pem'),
    otherClientCert: p('other-client.pem'),
    otherClientKey: p('other-client.key'),
    keystore: p('server.p12'),
    keystorePassword,
    ecKeystore: p('server-ec.p12'),
    legacyKeystore,
    truststore: p('truststore.p12'),
    truststorePassword,
    otherTruststore: p('other-truststore.p12'),
    fakeJks: p('fake.jks'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Runs Java's keytool (when present) to write a truststore or keystore; returns the path, or undefined without keytool. */
export function keytool(dir: string, name: string, args: string[]): string | undefined {
  if (!hasTool('keytool', '-help')) return undefined;
  const path = join(dir, name);
  execFileSync('keytool', [...args, '-keystore', path, '-noprompt'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  return path;
}
