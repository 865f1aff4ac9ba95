// Server.configured() over the wire: settings from the environment and from a config file
// reach the running server (port, keep-alive, idle timeout, compression, TLS and mTLS).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Response, Route, RoutePattern, Routes, Server, SSLConfigError, type ServerLayer } from '@kitgen/runtime';
import { RawConnection, rawRequest } from './support/rawHttp.ts';
import { nodeRequest } from './support/nodeHttp.ts';
import { get } from './support/httpsGet.ts';
import { hasTool, makeTestCertificates } from './support/testCertificates.ts';

const text = 'configured '.repeat(200);
const routes = Routes(Route.handled(RoutePattern.GET('text'), () => Response.text(text)));
const dir = mkdtempSync(join(tmpdir(), 'kitgen-configured-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A port that was free a moment ago (bound and released on loopback). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function serve(env: NodeJS.ProcessEnv, body: (port: number, layer: ServerLayer) => Promise<void>): Promise<void> {
  const layer = Server.configured(env);
  const port = await Server.install(routes, layer);
  try {
    await body(port, layer);
  } finally {
    await layer.shutdown();
  }
}

test('environment: port, host, keep-alive off and compression reach the running server', async () => {
  const port = await freePort();
  await serve(
    {
      LIB_HTTP_SERVER_BINDING_HOST: '127.0.0.1',
      LIB_HTTP_SERVER_BINDING_PORT: String(port),
      LIB_HTTP_SERVER_KEEP_ALIVE: 'false',
      LIB_HTTP_SERVER_RESPONSE_COMPRESSION_CONTENT_THRESHOLD: '0',
    },
    async (bound) => {
      assert.equal(bound, port, 'listens on the configured port');
      const res = await nodeRequest(port, { path: '/text', headers: { 'accept-encoding': 'gzip' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-encoding'], 'gzip');
      assert.equal(gunzipSync(res.body).toString(), text);
      const { response, closed } = await RawConnection.exchange(port, rawRequest('GET', '/text'));
      assert.equal(response.headers.connection, 'close');
      assert.ok(closed, 'keep-alive off: the server closes the connection');
    },
  );
});

test('file: idle timeout closes an idle keep-alive connection; compression stays off unless configured', async () => {
  const config = join(dir, 'idle.yaml');
  writeFileSync(
    config,
    'lib:\n  http:\n    server:\n      binding-host: 127.0.0.1\n      binding-port: 0\n      idle-timeout: 300ms\n',
  );
  await serve({ KITGEN_CONFIG_FILE: config }, async (port) => {
    const c = await RawConnection.open(port);
    try {
      c.write(rawRequest('GET', '/text', { 'accept-encoding': 'gzip' }));
      const r = await c.response();
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-encoding'], undefined);
      assert.notEqual(r.headers.connection, 'close', 'keep-alive on by default');
      const started = Date.now();
      assert.ok(await c.waitForClose(3000), 'closed when idle');
      const ms = Date.now() - started;
      assert.ok(ms >= 200 && ms < 1500, `closed after ${ms} ms, expected ~300`);
    } finally {
      c.destroy();
    }
  });
});

test('file over defaults, environment over file: compression options and keep-alive', async () => {
  const config = join(dir, 'compress.json');
  writeFileSync(
    config,
    JSON.stringify({
      lib: {
        http: {
          server: {
            'binding-host': '127.0.0.1',
            'binding-port': 0,
            'keep-alive': false,
            'response-compression': {
              'content-threshold': 0,
              options: [{ type: 'deflate', level: 9, bits: 15, mem: 8 }],
            },
          },
        },
      },
    }),
  );
  await serve({ KITGEN_CONFIG_FILE: config, LIB_HTTP_SERVER_KEEP_ALIVE: 'true' }, async (port) => {
    const res = await nodeRequest(port, { path: '/text', headers: { 'accept-encoding': 'gzip, deflate' } });
    assert.equal(res.headers['content-encoding'], 'deflate', 'only the configured algorithm is used');
    const { response, closed } = await RawConnection.exchange(port, rawRequest('GET', '/text'), { closeWaitMs: 300 });
    assert.notEqual(response.headers.connection, 'close');
    assert.equal(closed, false, 'the environment turned keep-alive back on');
  });
});

test('TLS and mutual TLS from a config file and the environment', async (t) => {
  if (!hasTool('openssl')) return t.skip('openssl not found: configured TLS test skipped');
  const certs = makeTestCertificates();
  try {
    const config = join(certs.dir, 'tls.yaml');
    // Paths relative to the file's folder.
    writeFileSync(
      config,
      [
        'lib.http.server:',
        '  binding-host: 127.0.0.1',
        '  binding-port: 0',
        '  ssl:',
        '    behaviour: redirect',
        `    cert-path: ${relative(certs.dir, certs.serverCert)}`,
        `    key-path: ${relative(certs.dir, certs.serverKey)}`,
        '',
      ].join('\n'),
    );
    const ca = readFileSync(certs.caCert);
    await serve({ KITGEN_CONFIG_FILE: config }, async (port) => {
      assert.equal((await get(`https://127.0.0.1:${port}/text`, { ca })).body, text);
      const plain = await get(`http://127.0.0.1:${port}/text`);
      assert.equal(plain.status, 301);
      assert.equal(plain.headers.location, `https://127.0.0.1:${port}/text`);
    });
    const mtls = {
      KITGEN_CONFIG_FILE: config,
      LIB_HTTP_SERVER_SSL_CLIENT_AUTH: 'required',
      LIB_HTTP_SERVER_SSL_TRUSTSTORE_PATH: certs.truststore,
      LIB_HTTP_SERVER_SSL_TRUSTSTORE_PASSWORD: certs.truststorePassword,
    };
    await serve(mtls, async (port) => {
      const url = `https://127.0.0.1:${port}/text`;
      assert.equal(
        (await get(url, { ca, cert: readFileSync(certs.clientCert), key: readFileSync(certs.clientKey) })).status,
        200,
      );
      await assert.rejects(get(url, { ca }));
      await assert.rejects(
        get(url, { ca, cert: readFileSync(certs.otherClientCert), key: readFileSync(certs.otherClientKey) }),
      );
    });
    // A configured keystore with the wrong password: the config loads, start-up fails naming the file.
    const layer = Server.configured({
      LIB_HTTP_SERVER_BINDING_HOST: '127.0.0.1',
      LIB_HTTP_SERVER_BINDING_PORT: '0',
      LIB_HTTP_SERVER_SSL_KEYSTORE_PATH: certs.keystore,
      LIB_HTTP_SERVER_SSL_KEYSTORE_PASSWORD: 'wrong',
    });
    await assert.rejects(Server.install(routes, layer), (error: Error) => {
      assert.ok(error instanceof SSLConfigError);
      assert.equal(
        error.message,
        `SSLConfig: wrong password for the PKCS#12 keystore ${certs.keystore} (the integrity check failed)`,
      );
      return true;
    });
    await layer.shutdown();
  } finally {
    certs.remove();
  }
});
