// TLS over the wire: PEM and PKCS#12 key material, the errors for bad material, plain HTTP on
// the TLS port (HttpBehaviour), and curl as an outside client. Key material is made with
// openssl at test time; tests skip visibly without it.
import { after, before, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Response, Route, RoutePattern, Secret, SSLConfig, SSLConfigError, type ServerConfig } from '@kitgen/runtime';
import { hasTool, keytool, makeTestCertificates, type TestCertificates } from './support/testCertificates.ts';
import { get } from './support/httpsGet.ts';
import { curl, hasCurl } from './support/curl.ts';
import { startServer } from './support/testServer.ts';

const hello = Route.handled(RoutePattern.GET('hello'), () => Response.text('hello over tls'));
const OPENSSL_STACK = /error:[0-9A-F]{8}|routines::/;

let certs: TestCertificates | undefined;

/** The certificates, or undefined after skipping the test when openssl is missing. */
function need(t: TestContext): TestCertificates | undefined {
  if (!certs) t.skip('openssl not found: TLS test skipped');
  return certs;
}

/** Serves `hello` with this SSLConfig, runs `body` with the port, shuts down. */
async function withTls(ssl: SSLConfig, body: (port: number) => Promise<void>): Promise<void> {
  const server = await startServer(hello, (c: ServerConfig) => c.ssl(ssl));
  try {
    await body(server.port);
  } finally {
    await server.shutdown();
  }
}

/** Asserts that starting a server with this SSLConfig fails with a clear message. */
async function assertStartFails(ssl: SSLConfig, message: RegExp): Promise<SSLConfigError> {
  let caught: unknown;
  try {
    const server = await startServer(hello, (c) => c.ssl(ssl));
    await server.shutdown();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof SSLConfigError, `expected an SSLConfigError, got ${String(caught)}`);
  assert.match(caught.message, message);
  assert.doesNotMatch(caught.message, OPENSSL_STACK, 'no raw OpenSSL error text');
  return caught;
}

const httpsHello = (port: number, c: TestCertificates) =>
  get(`https://127.0.0.1:${port}/hello`, { ca: readFileSync(c.caCert) });

describe('TLS', () => {
  before(() => {
    if (hasTool('openssl')) certs = makeTestCertificates();
  });
  after(() => certs?.remove());

  test('fromResource: PEM certificate and key, found under KITGEN_RESOURCES, serve HTTPS', async (t) => {
    const c = need(t);
    if (!c) return;
    const saved = process.env.KITGEN_RESOURCES;
    process.env.KITGEN_RESOURCES = c.dir;
    try {
      const ssl = SSLConfig.fromResource(SSLConfig.HttpBehaviour.Accept, basename(c.serverCert), basename(c.serverKey));
      await withTls(ssl, async (port) => {
        const res = await httpsHello(port, c);
        assert.equal(res.status, 200);
        assert.equal(res.body, 'hello over tls');
        // The client verified the chain against the test CA: an unknown CA is refused.
        await assert.rejects(
          get(`https://127.0.0.1:${port}/hello`, { ca: readFileSync(c.otherCaCert) }),
          /self.signed|unable to verify|certificate/i,
        );
      });
    } finally {
      if (saved === undefined) delete process.env.KITGEN_RESOURCES;
      else process.env.KITGEN_RESOURCES = saved;
    }
  });

  test('fromFile with a certificate chain file serves HTTPS to curl --cacert', async (t) => {
    const c = need(t);
    if (!c) return;
    if (!hasCurl()) return t.skip('curl not found: curl TLS check skipped');
    await withTls(SSLConfig.fromFile(SSLConfig.HttpBehaviour.Fail, c.serverChain, c.serverKey), async (port) => {
      const r = await curl(['--cacert', c.caCert, '-w', '\n%{http_code}', `https://127.0.0.1:${port}/hello`]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout.toString(), 'hello over tls\n200');
      const untrusted = await curl(['--cacert', c.otherCaCert, `https://127.0.0.1:${port}/hello`]);
      assert.equal(untrusted.code, 60, 'curl refuses a server certificate from an unknown CA');
    });
  });

  test('PKCS#12 keystore with its password (file and resource; RSA and EC keys)', async (t) => {
    const c = need(t);
    if (!c) return;
    const password = new Secret(c.keystorePassword);
    await withTls(SSLConfig.fromJavaxNetSslKeyStoreFile(c.keystore, password), async (port) => {
      assert.equal((await httpsHello(port, c)).body, 'hello over tls');
    });
    await withTls(SSLConfig.fromJavaxNetSslKeyStoreFile(c.ecKeystore, password), async (port) => {
      assert.equal((await httpsHello(port, c)).body, 'hello over tls');
    });
    const saved = process.env.KITGEN_RESOURCES;
    process.env.KITGEN_RESOURCES = c.dir;
    try {
      await withTls(SSLConfig.fromJavaxNetSslKeyStoreResource(basename(c.keystore), password), async (port) => {
        assert.equal((await httpsHello(port, c)).status, 200);
      });
    } finally {
      if (saved === undefined) delete process.env.KITGEN_RESOURCES;
      else process.env.KITGEN_RESOURCES = saved;
    }
  });

  test('a PKCS#12 keystore in the legacy RC2/3DES format (older Java and OpenSSL) is read too', async (t) => {
    const c = need(t);
    if (!c) return;
    if (!c.legacyKeystore) return t.skip('this openssl cannot write legacy PKCS#12 files');
    await withTls(
      SSLConfig.fromJavaxNetSslKeyStoreFile(c.legacyKeystore, new Secret(c.keystorePassword)),
      async (port) => {
        assert.equal((await httpsHello(port, c)).body, 'hello over tls');
      },
    );
  });

  test('a keystore written by Java keytool is served', async (t) => {
    const c = need(t);
    if (!c) return;
    const ks = keytool(c.dir, 'java-keystore.p12', [
      '-genkeypair',
      '-alias',
      'server',
      '-keyalg',
      'RSA',
      '-keysize',
      '2048',
      '-dname',
      'CN=localhost',
      '-ext',
      'SAN=ip:127.0.0.1,dns:localhost',
      '-validity',
      '2',
      '-storetype',
      'PKCS12',
      '-storepass',
      'java-pass',
    ]);
    if (!ks) return t.skip('keytool not found: Java keystore check skipped');
    await withTls(SSLConfig.fromJavaxNetSslKeyStoreFile(ks, new Secret('java-pass')), async (port) => {
      // Self-signed by keytool: the client trusts the server certificate itself.
      const pem = execFileSync(
        'keytool',
        ['-exportcert', '-rfc', '-alias', 'server', '-keystore', ks, '-storepass', 'java-pass'],
        { encoding: 'utf8' },
      );
      assert.equal((await get(`https://127.0.0.1:${port}/hello`, { ca: pem })).body, 'hello over tls');
    });
  });

  test('keystore errors name the file and say what is wrong, when the server starts', async (t) => {
    const c = need(t);
    if (!c) return;
    // Constructing the config reads nothing: errors belong to start-up.
    const wrong = SSLConfig.fromJavaxNetSslKeyStoreFile(c.keystore, new Secret('not-the-password'));
    const e = await assertStartFails(
      wrong,
      /^SSLConfig: wrong password for the PKCS#12 keystore \S+server\.p12 \(the integrity check failed\)$/,
    );
    assert.equal(e.file, c.keystore);
    await assertStartFails(
      SSLConfig.fromJavaxNetSslKeyStoreFile(c.keystore),
      /the PKCS#12 keystore \S+server\.p12 is protected by a password, and none was given/,
    );
    await assertStartFails(
      SSLConfig.fromJavaxNetSslKeyStoreFile(`${c.dir}/missing.p12`, new Secret('x')),
      /the keystore file \S+missing\.p12 does not exist/,
    );
    await assertStartFails(
      SSLConfig.fromJavaxNetSslKeyStoreFile(c.clientKey, new Secret('x')),
      /client\.key is a PEM file, not a PKCS#12 keystore; use SSLConfig\.fromResource/,
    );
    await assertStartFails(
      SSLConfig.fromJavaxNetSslKeyStoreFile(c.truststore, new Secret(c.truststorePassword)),
      /the keystore \S+truststore\.p12 holds no private key .*is it a truststore\?/,
    );
    await assertStartFails(
      SSLConfig.fromJavaxNetSslKeyStoreResource('nowhere/ks.p12', new Secret('x')),
      /the keystore resource nowhere\/ks\.p12 was not found \(searched /,
    );
  });

  test('a JKS keystore gets an error saying JKS is unsupported on Node and how to convert it', async (t) => {
    const c = need(t);
    if (!c) return;
    await assertStartFails(
      SSLConfig.fromJavaxNetSslKeyStoreFile(c.fakeJks, new Secret('x')),
      /the keystore \S+fake\.jks is a JKS keystore, which is not supported on Node \(it reads PKCS#12 only\); convert it with: keytool -importkeystore -srckeystore \S+fake\.jks -srcstoretype JKS -destkeystore \S+fake\.p12 -deststoretype PKCS12/,
    );
    const real = keytool(c.dir, 'real.jks', [
      '-genkeypair',
      '-alias',
      'a',
      '-keyalg',
      'RSA',
      '-dname',
      'CN=x',
      '-storetype',
      'JKS',
      '-storepass',
      'changeit',
      '-keypass',
      'changeit',
    ]);
    if (real)
      await assertStartFails(
        SSLConfig.fromJavaxNetSslKeyStoreFile(real, new Secret('changeit')),
        /real\.jks is a JKS keystore, which is not supported on Node/,
      );
    else t.diagnostic('keytool not found: only the fake JKS file was checked');
  });

  test('PEM errors: missing file, swapped files, key of another certificate', async (t) => {
    const c = need(t);
    if (!c) return;
    const A = SSLConfig.HttpBehaviour.Accept;
    await assertStartFails(
      SSLConfig.fromFile(A, `${c.dir}/nope.pem`, c.serverKey),
      /the certificate file \S+nope\.pem does not exist/,
    );
    await assertStartFails(
      SSLConfig.fromFile(A, c.serverCert, `${c.dir}/nope.key`),
      /the private key file \S+nope\.key does not exist/,
    );
    await assertStartFails(
      SSLConfig.fromFile(A, c.serverKey, c.serverCert),
      /the certificate file \S+server\.key is not a PEM certificate \(it holds a private key: are certificate and key swapped\?\)/,
    );
    await assertStartFails(
      SSLConfig.fromFile(A, c.serverCert, c.caCert),
      /the private key file \S+ca\.pem is not a PEM private key/,
    );
    await assertStartFails(
      SSLConfig.fromFile(A, c.serverCert, c.clientKey),
      /the private key \S+client\.key does not belong to the certificate \S+server\.pem/,
    );
  });

  test('HttpBehaviour.Accept serves plain HTTP on the TLS port', async (t) => {
    const c = need(t);
    if (!c) return;
    await withTls(SSLConfig.fromFile(SSLConfig.HttpBehaviour.Accept, c.serverCert, c.serverKey), async (port) => {
      const plain = await get(`http://127.0.0.1:${port}/hello`);
      assert.equal(plain.status, 200);
      assert.equal(plain.body, 'hello over tls');
      assert.equal((await httpsHello(port, c)).status, 200, 'and TLS on the same port');
    });
  });

  test('HttpBehaviour.Redirect answers plain HTTP with 301 to the https URL', async (t) => {
    const c = need(t);
    if (!c) return;
    await withTls(SSLConfig.fromFile(SSLConfig.HttpBehaviour.Redirect, c.serverCert, c.serverKey), async (port) => {
      const plain = await get(`http://127.0.0.1:${port}/hello?x=1`);
      assert.equal(plain.status, 301);
      assert.equal(plain.headers.location, `https://127.0.0.1:${port}/hello?x=1`);
      assert.notEqual(plain.body, 'hello over tls');
      assert.equal((await httpsHello(port, c)).body, 'hello over tls');
    });
    // The keystore constructors redirect too (the original's default).
    assert.equal(SSLConfig.fromJavaxNetSslKeyStoreFile(c.keystore).behaviour, 'Redirect');
  });

  test('HttpBehaviour.Fail refuses plain HTTP without reaching the routes', async (t) => {
    const c = need(t);
    if (!c) return;
    await withTls(SSLConfig.fromFile(SSLConfig.HttpBehaviour.Fail, c.serverCert, c.serverKey), async (port) => {
      const plain = await get(`http://127.0.0.1:${port}/hello`);
      assert.equal(plain.status, 400);
      assert.match(plain.body, /only accepts HTTPS/);
      assert.equal(plain.headers.connection, 'close');
      assert.equal((await httpsHello(port, c)).body, 'hello over tls');
    });
  });
});
