// Mutual TLS over the wire: ClientAuth.Required accepts only client certificates issued by a
// truststore CA; truststores as PEM bundles and PKCS#12 files (openssl and keytool written).
import { after, before, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  ClientAuth,
  Response,
  Route,
  RoutePattern,
  Secret,
  SSLConfig,
  SSLConfigError,
  TrustManagerKeyStore,
  type ServerConfig,
} from '@kitgen/runtime';
import { hasTool, keytool, makeTestCertificates, type TestCertificates } from './support/testCertificates.ts';
import { get } from './support/httpsGet.ts';
import { curl, hasCurl } from './support/curl.ts';
import { startServer, within } from './support/testServer.ts';

const whoami = Route.handled(RoutePattern.GET('whoami'), (request) => {
  // The peer certificate is on the TLS socket under Node's request.
  const socket = request.raw?.socket as TLSSocket | undefined;
  const cn = socket?.getPeerCertificate().subject?.CN;
  return Response.text(typeof cn === 'string' && cn !== '' ? cn : 'anonymous');
});

let certs: TestCertificates | undefined;

function need(t: TestContext): TestCertificates | undefined {
  if (!certs) t.skip('openssl not found: mutual TLS test skipped');
  return certs;
}

async function withTls(ssl: SSLConfig, body: (url: string) => Promise<void>): Promise<void> {
  const server = await startServer(whoami, (c: ServerConfig) => c.ssl(ssl));
  try {
    await body(`https://127.0.0.1:${server.port}/whoami`);
  } finally {
    await server.shutdown();
  }
}

/** Client TLS options: trust the test CA, present this certificate (if any). */
function client(c: TestCertificates, cert?: string, key?: string) {
  return { ca: readFileSync(c.caCert), ...(cert && key ? { cert: readFileSync(cert), key: readFileSync(key) } : {}) };
}

/** Asserts that the server refused the TLS connection (handshake alert or reset, never a response). */
async function assertRefused(url: string, options: object): Promise<void> {
  await assert.rejects(get(url, options), (error: NodeJS.ErrnoException) => {
    assert.match(`${error.code} ${error.message}`, /certificate|alert|ECONNRESET|socket hang up|EPIPE/i);
    return true;
  });
}

/** Trusted client passes, anonymous and foreign-CA clients are refused. */
async function assertStrictMutualTls(c: TestCertificates, url: string): Promise<void> {
  const ok = await get(url, client(c, c.clientCert, c.clientKey));
  assert.equal(ok.status, 200);
  assert.equal(ok.body, 'trusted client');
  await assertRefused(url, client(c));
  await assertRefused(url, client(c, c.otherClientCert, c.otherClientKey));
}

describe('mutual TLS', () => {
  before(() => {
    if (hasTool('openssl')) certs = makeTestCertificates();
  });
  after(() => certs?.remove());

  test('ClientAuth.Required with a PEM truststore: trusted client served, no certificate and unknown CA refused', async (t) => {
    const c = need(t);
    if (!c) return;
    const trust = TrustManagerKeyStore.fromFile(c.caCert).build();
    await withTls(
      SSLConfig.fromFile(SSLConfig.HttpBehaviour.Fail, c.serverCert, c.serverKey, ClientAuth.Required, trust),
      (url) => assertStrictMutualTls(c, url),
    );
  });

  test('curl with and without a client certificate', async (t) => {
    const c = need(t);
    if (!c) return;
    if (!hasCurl()) return t.skip('curl not found: curl mutual TLS check skipped');
    await withTls(
      SSLConfig.fromFile(SSLConfig.HttpBehaviour.Fail, c.serverCert, c.serverKey, ClientAuth.Required, c.caCert),
      async (url) => {
        const ok = await curl(['--cacert', c.caCert, '--cert', c.clientCert, '--key', c.clientKey, url]);
        assert.equal(ok.code, 0, ok.stderr);
        assert.equal(ok.stdout.toString(), 'trusted client');
        const anonymous = await curl(['--cacert', c.caCert, url]);
        assert.notEqual(anonymous.code, 0, 'curl without a client certificate is refused');
        assert.equal(anonymous.stdout.length, 0);
      },
    );
  });

  test('PKCS#12 keystore and PKCS#12 truststore (openssl -nokeys) with passwords, both builder orders', async (t) => {
    const c = need(t);
    if (!c) return;
    const tsPassword = new Secret(c.truststorePassword);
    const orders = [
      TrustManagerKeyStore.fromFile(c.truststore).build().trustManagerPassword(tsPassword),
      TrustManagerKeyStore.fromFile(c.truststore).trustManagerPassword(tsPassword).build(),
      TrustManagerKeyStore.fromFile(c.truststore).trustManagerPassword(tsPassword), // a builder is accepted as is
    ];
    for (const trust of orders) {
      const ssl = SSLConfig.fromJavaxNetSslKeyStoreFile(
        c.keystore,
        new Secret(c.keystorePassword),
        trust,
        ClientAuth.Required,
      );
      await withTls(ssl, (url) => assertStrictMutualTls(c, url));
    }
  });

  test('TrustManagerKeyStore.fromResource and fromJavaxNetSslKeyStoreResource: a PKCS#12 pair found under KITGEN_RESOURCES', async (t) => {
    const c = need(t);
    if (!c) return;
    const saved = process.env.KITGEN_RESOURCES;
    process.env.KITGEN_RESOURCES = c.dir;
    try {
      // Names relative to the resource folder, both builder orders, as with fromFile.
      for (const trust of [
        TrustManagerKeyStore.fromResource(basename(c.truststore))
          .build()
          .trustManagerPassword(new Secret(c.truststorePassword)),
        TrustManagerKeyStore.fromResource(basename(c.truststore))
          .trustManagerPassword(new Secret(c.truststorePassword))
          .build(),
      ]) {
        const ssl = SSLConfig.fromJavaxNetSslKeyStoreResource(
          basename(c.keystore),
          new Secret(c.keystorePassword),
          trust,
          ClientAuth.Required,
        );
        await withTls(ssl, (url) => assertStrictMutualTls(c, url));
      }
      // A PEM bundle as a resource too, beside PEM certificate and key files.
      const pem = TrustManagerKeyStore.fromResource(basename(c.caCert)).build();
      await withTls(
        SSLConfig.fromFile(SSLConfig.HttpBehaviour.Fail, c.serverCert, c.serverKey, ClientAuth.Required, pem),
        (url) => assertStrictMutualTls(c, url),
      );
      // A resource found nowhere names the folders searched.
      await assert.rejects(
        startServer(whoami, (cfg) =>
          cfg.ssl(
            SSLConfig.fromFile(
              SSLConfig.HttpBehaviour.Fail,
              c.serverCert,
              c.serverKey,
              ClientAuth.Required,
              TrustManagerKeyStore.fromResource('absent.p12').build(),
            ),
          ),
        ),
        (error: unknown) =>
          error instanceof SSLConfigError &&
          /the truststore resource absent\.p12 was not found \(searched /.test(error.message),
      );
    } finally {
      if (saved === undefined) delete process.env.KITGEN_RESOURCES;
      else process.env.KITGEN_RESOURCES = saved;
    }
  });

  test("the keystore's own CA certificates do not become trusted for clients", async (t) => {
    const c = need(t);
    if (!c) return;
    // server.p12 carries the test CA in its chain; the truststore names only the other CA.
    const trust = TrustManagerKeyStore.fromFile(c.otherTruststore)
      .build()
      .trustManagerPassword(new Secret(c.truststorePassword));
    await withTls(
      SSLConfig.fromJavaxNetSslKeyStoreFile(c.keystore, new Secret(c.keystorePassword), trust, ClientAuth.Required),
      async (url) => {
        await assertRefused(url, client(c, c.clientCert, c.clientKey));
        const other = await get(url, client(c, c.otherClientCert, c.otherClientKey));
        assert.equal(other.body, 'untrusted client', 'the other CA, named by the truststore, is trusted');
      },
    );
  });

  test('a truststore written by Java keytool (PKCS#12, certificates only) is read', async (t) => {
    const c = need(t);
    if (!c) return;
    const store = keytool(c.dir, 'java-truststore.p12', [
      '-importcert',
      '-alias',
      'ca',
      '-file',
      c.caCert,
      '-storetype',
      'PKCS12',
      '-storepass',
      'java-trust',
    ]);
    if (!store) return t.skip('keytool not found: Java truststore check skipped');
    const trust = TrustManagerKeyStore.fromFile(store).build().trustManagerPassword(new Secret('java-trust'));
    await withTls(
      SSLConfig.fromFile(SSLConfig.HttpBehaviour.Fail, c.serverCert, c.serverKey, ClientAuth.Required, trust),
      (url) => assertStrictMutualTls(c, url),
    );
  });

  test('ClientAuth.Optional asks for a certificate but serves clients without one', async (t) => {
    const c = need(t);
    if (!c) return;
    await withTls(
      SSLConfig.fromFile(SSLConfig.HttpBehaviour.Fail, c.serverCert, c.serverKey, ClientAuth.Optional, c.caCert),
      async (url) => {
        assert.equal((await get(url, client(c))).body, 'anonymous');
        assert.equal((await get(url, client(c, c.clientCert, c.clientKey))).body, 'trusted client');
      },
    );
  });

  test('truststore errors name the file: wrong or missing password, JKS, not a truststore, no truststore for Required', async (t) => {
    const c = need(t);
    if (!c) return;
    const start = async (trust: TrustManagerKeyStore | undefined, message: RegExp) => {
      const ssl = SSLConfig.fromFile(
        SSLConfig.HttpBehaviour.Fail,
        c.serverCert,
        c.serverKey,
        ClientAuth.Required,
        trust,
      );
      await assert.rejects(
        startServer(whoami, (cfg) => cfg.ssl(ssl)),
        (error: Error) => {
          assert.ok(error instanceof SSLConfigError, String(error));
          assert.match(error.message, message);
          assert.doesNotMatch(error.message, /error:[0-9A-F]{8}/);
          return true;
        },
      );
    };
    await start(
      TrustManagerKeyStore.fromFile(c.truststore).build().trustManagerPassword(new Secret('bad')),
      /^SSLConfig: wrong password for the PKCS#12 truststore \S+truststore\.p12 \(the integrity check failed\)$/,
    );
    await start(
      TrustManagerKeyStore.fromFile(c.truststore).build(),
      /the PKCS#12 truststore \S+truststore\.p12 is protected by a password, and none was given \(use \.trustManagerPassword\(secret\)\)/,
    );
    await start(
      TrustManagerKeyStore.fromFile(c.fakeJks).build(),
      /the truststore \S+fake\.jks is a JKS keystore, which is not supported on Node .*keytool -importkeystore/,
    );
    await start(
      TrustManagerKeyStore.fromFile(c.serverKey).build(),
      /the truststore \S+server\.key is a PEM file without any CERTIFICATE block/,
    );
    await start(
      TrustManagerKeyStore.fromFile(`${c.dir}/absent.p12`).build(),
      /the truststore file \S+absent\.p12 does not exist/,
    );
    await start(undefined, /ClientAuth\.Required needs a truststore/);
  });

  test('graceful shutdown is not held open by a client that connected and never spoke', async (t) => {
    const c = need(t);
    if (!c) return;
    const server = await startServer(whoami, (cfg) =>
      cfg.ssl(SSLConfig.fromFile(SSLConfig.HttpBehaviour.Fail, c.serverCert, c.serverKey)),
    );
    const idle = connect(server.port, '127.0.0.1');
    const closed = new Promise<void>((resolve) => idle.once('close', () => resolve()));
    idle.on('error', () => {});
    try {
      await new Promise<void>((resolve) => idle.once('connect', () => resolve()));
      assert.equal(await within(server.shutdown(), 3000), undefined, 'shutdown finished');
      assert.notEqual(await within(closed, 3000), 'timeout', 'the idle connection was closed');
    } finally {
      idle.destroy();
      await server.shutdown();
    }
  });
});
