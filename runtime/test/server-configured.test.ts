// Server.configured(): Server.Config from LIB_HTTP_SERVER_* variables and the lib.http.server
// section of a JSON or YAML file (KITGEN_CONFIG_FILE); environment over file over defaults;
// bad values, unknown names and conflicts fail start-up with errors naming the source.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ClientAuth,
  CompressionOption,
  ConfigError,
  Decompression,
  Duration,
  RequestStreaming,
  Secret,
  Server,
  ServerConfig,
  SSLConfig,
  TrustManagerKeyStore,
  WebSocketConfig,
  loadServerConfig,
} from '@kitgen/runtime';

const dir = mkdtempSync(join(tmpdir(), 'kitgen-config-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a config file into the temp folder and returns its path. */
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The problems of a load that must fail. */
function problems(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadServerConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error.problems;
  }
  assert.fail('expected the configuration to be refused');
}

/** Asserts that loading fails with exactly this one problem. */
function fails(env: NodeJS.ProcessEnv, message: string | RegExp): void {
  const found = problems(env);
  assert.equal(found.length, 1, found.join('\n'));
  if (typeof message === 'string') assert.equal(found[0], message);
  else assert.match(found[0], message);
}

test('no settings: Server.Config.default', () => {
  assert.deepEqual(loadServerConfig({ PATH: '/usr/bin', HOME: '/root' }), ServerConfig.default);
});

test('environment only: the examples of the issue', () => {
  const c = loadServerConfig({
    LIB_HTTP_SERVER_BINDING_PORT: '9000',
    LIB_HTTP_SERVER_KEEP_ALIVE: 'false',
    LIB_HTTP_SERVER_ACCEPT_CONTINUE: 'true',
    LIB_HTTP_SERVER_REQUEST_DECOMPRESSION: 'strict',
    LIB_HTTP_SERVER_IDLE_TIMEOUT: '2s',
    LIB_HTTP_SERVER_RESPONSE_COMPRESSION_CONTENT_THRESHOLD: '0',
  });
  assert.deepEqual(c.address, { host: '0.0.0.0', port: 9000 });
  assert.equal(c.keepAlive, false);
  assert.equal(c.acceptContinue, true);
  assert.equal(c.requestDecompression, Decompression.Strict);
  assert.equal(c.idleTimeout, Duration.seconds(2));
  // Any response-compression key turns compression on with the default options.
  assert.deepEqual(c.responseCompression, {
    contentThreshold: 0,
    options: [CompressionOption.gzip(), CompressionOption.deflate()],
  });
});

test('environment: every field of Server.Config', () => {
  const c = loadServerConfig({
    LIB_HTTP_SERVER_BINDING_HOST: '127.0.0.1',
    LIB_HTTP_SERVER_BINDING_PORT: '8443',
    LIB_HTTP_SERVER_ACCEPT_CONTINUE: 'TRUE',
    LIB_HTTP_SERVER_KEEP_ALIVE: 'False',
    LIB_HTTP_SERVER_REQUEST_DECOMPRESSION: 'non-strict',
    LIB_HTTP_SERVER_MAX_REQUEST_BODY_SIZE: '512KiB',
    LIB_HTTP_SERVER_MAX_INITIAL_LINE_LENGTH: '2048',
    LIB_HTTP_SERVER_MAX_HEADER_SIZE: '16384',
    LIB_HTTP_SERVER_LOG_WARNING_ON_FATAL_ERROR: 'false',
    LIB_HTTP_SERVER_GRACEFUL_SHUTDOWN_TIMEOUT: '1500ms',
    LIB_HTTP_SERVER_IDLE_TIMEOUT: '1m',
    LIB_HTTP_SERVER_RESPONSE_COMPRESSION_CONTENT_THRESHOLD: '1024',
    LIB_HTTP_SERVER_RESPONSE_COMPRESSION_OPTIONS_0_TYPE: 'br',
    LIB_HTTP_SERVER_RESPONSE_COMPRESSION_OPTIONS_0_LEVEL: '5',
    LIB_HTTP_SERVER_RESPONSE_COMPRESSION_OPTIONS_1_TYPE: 'gzip',
    LIB_HTTP_SERVER_RESPONSE_COMPRESSION_OPTIONS_1_LEVEL: '9',
    LIB_HTTP_SERVER_RESPONSE_COMPRESSION_OPTIONS_1_BITS: '12',
    LIB_HTTP_SERVER_RESPONSE_COMPRESSION_OPTIONS_1_MEM: '4',
    LIB_HTTP_SERVER_WEB_SOCKET_SUBPROTOCOLS: 'chat',
    LIB_HTTP_SERVER_WEB_SOCKET_HANDSHAKE_TIMEOUT_MILLIS: '5000',
    LIB_HTTP_SERVER_WEB_SOCKET_FORCE_CLOSE_TIMEOUT_MILLIS: '30000',
    LIB_HTTP_SERVER_WEB_SOCKET_HANDLE_CLOSE_FRAMES: 'false',
    LIB_HTTP_SERVER_WEB_SOCKET_SEND_CLOSE_FRAME: '1001',
    LIB_HTTP_SERVER_WEB_SOCKET_DROP_PONG_FRAMES: 'false',
    LIB_HTTP_SERVER_WEB_SOCKET_DECODER_MAX_FRAME_PAYLOAD_LENGTH: '1024',
    LIB_HTTP_SERVER_WEB_SOCKET_DECODER_EXPECT_MASKED_FRAMES: 'false',
    LIB_HTTP_SERVER_WEB_SOCKET_DECODER_ALLOW_MASK_MISMATCH: 'true',
    LIB_HTTP_SERVER_WEB_SOCKET_DECODER_ALLOW_EXTENSIONS: 'true',
    LIB_HTTP_SERVER_WEB_SOCKET_DECODER_CLOSE_ON_PROTOCOL_VIOLATION: 'false',
    LIB_HTTP_SERVER_WEB_SOCKET_DECODER_WITH_UTF8_VALIDATOR: 'false',
    LIB_HTTP_SERVER_SSL_BEHAVIOUR: 'accept',
    LIB_HTTP_SERVER_SSL_KEYSTORE_PATH: '/etc/kitgen/server.p12',
    LIB_HTTP_SERVER_SSL_KEYSTORE_PASSWORD: 'ks-secret',
    LIB_HTTP_SERVER_SSL_CLIENT_AUTH: 'required',
    LIB_HTTP_SERVER_SSL_TRUSTSTORE_PATH: '/etc/kitgen/trust.p12',
    LIB_HTTP_SERVER_SSL_TRUSTSTORE_PASSWORD: 'ts-secret',
  });
  const sslConfig = c.sslConfig;
  assert.deepEqual(
    { ...c, sslConfig: undefined },
    {
      ...ServerConfig.default,
      address: { host: '127.0.0.1', port: 8443 },
      acceptContinue: true,
      keepAlive: false,
      requestDecompression: Decompression.NonStrict,
      requestStreaming: RequestStreaming.Disabled(512 * 1024),
      maxInitialLineLength: 2048,
      maxHeaderSize: 16384,
      logWarningOnFatalError: false,
      gracefulShutdownTimeout: Duration.millis(1500),
      idleTimeout: Duration.minutes(1),
      responseCompression: {
        contentThreshold: 1024,
        options: [CompressionOption.brotli(5), CompressionOption.gzip(9, 12, 4)],
      },
      webSocketConfig: {
        subprotocols: 'chat',
        handshakeTimeoutMillis: 5000,
        forceCloseTimeoutMillis: 30000,
        handleCloseFrames: false,
        sendCloseFrame: WebSocketConfig.CloseStatus.GoingAway,
        dropPongFrames: false,
        decoderConfig: {
          maxFramePayloadLength: 1024,
          expectMaskedFrames: false,
          allowMaskMismatch: true,
          allowExtensions: true,
          closeOnProtocolViolation: false,
          withUTF8Validator: false,
        },
      },
    },
  );
  assert.ok(sslConfig?.kind === 'keystore');
  assert.equal(sslConfig.behaviour, SSLConfig.HttpBehaviour.Accept);
  assert.deepEqual(sslConfig.keyManager, { kind: 'file', path: '/etc/kitgen/server.p12' });
  assert.equal(sslConfig.keyManagerPassword?.reveal(), 'ks-secret');
  assert.equal(sslConfig.clientAuth, ClientAuth.Required);
  assert.ok(sslConfig.trustManagerKeyStore instanceof TrustManagerKeyStore);
  assert.deepEqual(sslConfig.trustManagerKeyStore.location, { kind: 'file', path: '/etc/kitgen/trust.p12' });
  assert.equal(sslConfig.trustManagerKeyStore.password?.reveal(), 'ts-secret');
});

test('environment: request streaming, PEM TLS, compression types as a list, idle timeout none', () => {
  const c = loadServerConfig({
    LIB_HTTP_SERVER_REQUEST_STREAMING: 'true',
    LIB_HTTP_SERVER_RESPONSE_COMPRESSION_OPTIONS: 'deflate, br',
    LIB_HTTP_SERVER_SSL_CERT_PATH: 'certs/server.pem',
    LIB_HTTP_SERVER_SSL_KEY_PATH: 'certs/server.key',
    LIB_HTTP_SERVER_IDLE_TIMEOUT: 'none',
  });
  assert.deepEqual(c.requestStreaming, RequestStreaming.Enabled);
  assert.deepEqual(c.responseCompression, {
    contentThreshold: 0,
    options: [CompressionOption.deflate(), CompressionOption.brotli()],
  });
  assert.deepEqual(
    c.sslConfig,
    SSLConfig.fromFile(SSLConfig.HttpBehaviour.Redirect, 'certs/server.pem', 'certs/server.key'),
  );
  assert.equal(c.idleTimeout, undefined);
  assert.equal(
    loadServerConfig({ LIB_HTTP_SERVER_RESPONSE_COMPRESSION_ENABLED: 'true' }).responseCompression?.contentThreshold,
    0,
  );
});

const yaml = `
# the spec's shape: a lib.http.server section
lib:
  http:
    server:
      binding-host: 127.0.0.1
      binding-port: 9100
      keep-alive: false
      idle-timeout: 3s
      request-decompression: strict
      graceful-shutdown-timeout: 2s
      response-compression:
        content-threshold: 0
        options:
          - type: gzip
            level: 3
            bits: 15
            mem: 8
      web-socket:
        decoder:
          max-frame-payload-length: 4096
      ssl:
        behaviour: fail
        cert-path: tls/server.pem
        key-path: tls/server.key
        client-auth: optional
        truststore-path: tls/ca.pem
`;

test("file only: YAML, relative TLS paths taken from the file's folder", () => {
  const c = loadServerConfig({ KITGEN_CONFIG_FILE: file('app.yaml', yaml) });
  assert.deepEqual(c.address, { host: '127.0.0.1', port: 9100 });
  assert.equal(c.keepAlive, false);
  assert.equal(c.idleTimeout, 3000);
  assert.equal(c.requestDecompression, Decompression.Strict);
  assert.equal(c.gracefulShutdownTimeout, 2000);
  assert.deepEqual(c.responseCompression, { contentThreshold: 0, options: [CompressionOption.gzip(3, 15, 8)] });
  assert.equal(c.webSocketConfig.decoderConfig.maxFramePayloadLength, 4096);
  assert.equal(c.webSocketConfig.handshakeTimeoutMillis, 10000, 'unset WebSocket fields keep their defaults');
  assert.deepEqual(
    c.sslConfig,
    SSLConfig.fromFile(
      SSLConfig.HttpBehaviour.Fail,
      join(dir, 'tls/server.pem'),
      join(dir, 'tls/server.key'),
      ClientAuth.Optional,
      TrustManagerKeyStore.fromFile(join(dir, 'tls/ca.pem')),
    ),
  );
});

test('file only: JSON, with a dotted "lib.http.server" key and nested sections', () => {
  const json = JSON.stringify({
    'lib.http.server': {
      'binding-port': 9200,
      'accept-continue': true,
      'request-streaming': true,
      'response-compression': {},
      'web-socket.send-close-frame': 1000,
    },
    other: { app: 'settings are ignored' },
  });
  const c = loadServerConfig({ KITGEN_CONFIG_FILE: file('app.json', json) });
  assert.equal(c.address.port, 9200);
  assert.equal(c.acceptContinue, true);
  assert.deepEqual(c.requestStreaming, RequestStreaming.Enabled);
  assert.deepEqual(
    c.responseCompression,
    { contentThreshold: 0, options: [CompressionOption.gzip(), CompressionOption.deflate()] },
    'an empty section turns compression on',
  );
});

test('the environment wins over the file, key by key', () => {
  const c = loadServerConfig({
    KITGEN_CONFIG_FILE: file('override.yaml', yaml),
    LIB_HTTP_SERVER_BINDING_PORT: '9300',
    LIB_HTTP_SERVER_KEEP_ALIVE: 'true',
    LIB_HTTP_SERVER_IDLE_TIMEOUT: 'none',
    LIB_HTTP_SERVER_RESPONSE_COMPRESSION_ENABLED: 'false',
    LIB_HTTP_SERVER_SSL_BEHAVIOUR: 'redirect',
  });
  assert.deepEqual(c.address, { host: '127.0.0.1', port: 9300 }, 'host from the file, port from the environment');
  assert.equal(c.keepAlive, true);
  assert.equal(c.idleTimeout, undefined);
  assert.equal(c.responseCompression, undefined);
  assert.equal(c.sslConfig?.behaviour, 'Redirect');
  assert.equal(c.requestDecompression, Decompression.Strict, 'untouched keys come from the file');
});

test('bad values name the variable and the expected form', () => {
  fails(
    { LIB_HTTP_SERVER_BINDING_PORT: 'abc' },
    'LIB_HTTP_SERVER_BINDING_PORT: expected a port number 0-65535, got "abc"',
  );
  fails(
    { LIB_HTTP_SERVER_BINDING_PORT: '65536' },
    'LIB_HTTP_SERVER_BINDING_PORT: expected a port number 0-65535, got "65536"',
  );
  fails({ LIB_HTTP_SERVER_KEEP_ALIVE: 'yes' }, 'LIB_HTTP_SERVER_KEEP_ALIVE: expected true or false, got "yes"');
  fails(
    { LIB_HTTP_SERVER_REQUEST_DECOMPRESSION: 'gzip' },
    'LIB_HTTP_SERVER_REQUEST_DECOMPRESSION: expected one of no, strict, non-strict, got "gzip"',
  );
  fails(
    { LIB_HTTP_SERVER_IDLE_TIMEOUT: '2 fortnights' },
    'LIB_HTTP_SERVER_IDLE_TIMEOUT: expected a duration above zero such as 500ms, 2s, 1m or 1h, or none, got "2 fortnights"',
  );
  fails(
    { LIB_HTTP_SERVER_GRACEFUL_SHUTDOWN_TIMEOUT: '-1s' },
    'LIB_HTTP_SERVER_GRACEFUL_SHUTDOWN_TIMEOUT: expected a duration such as 500ms, 2s, 1m or 1h, got "-1s"',
  );
  fails(
    { LIB_HTTP_SERVER_MAX_HEADER_SIZE: '0' },
    'LIB_HTTP_SERVER_MAX_HEADER_SIZE: expected a whole number of bytes 1-16777216, got "0"',
  );
  fails(
    { LIB_HTTP_SERVER_MAX_REQUEST_BODY_SIZE: '1 lot' },
    'LIB_HTTP_SERVER_MAX_REQUEST_BODY_SIZE: expected a size in bytes such as 1048576, 512KiB or 1MiB, got "1 lot"',
  );
  fails(
    { LIB_HTTP_SERVER_SSL_BEHAVIOUR: 'ignore', LIB_HTTP_SERVER_SSL_CERT_PATH: 'c', LIB_HTTP_SERVER_SSL_KEY_PATH: 'k' },
    'LIB_HTTP_SERVER_SSL_BEHAVIOUR: expected one of accept, redirect, fail, got "ignore"',
  );
  fails(
    { LIB_HTTP_SERVER_WEB_SOCKET_SEND_CLOSE_FRAME: '999' },
    'LIB_HTTP_SERVER_WEB_SOCKET_SEND_CLOSE_FRAME: expected a WebSocket close code 1000-4999, got "999"',
  );
  fails(
    {
      LIB_HTTP_SERVER_RESPONSE_COMPRESSION_OPTIONS_0_TYPE: 'gzip',
      LIB_HTTP_SERVER_RESPONSE_COMPRESSION_OPTIONS_0_LEVEL: '10',
    },
    'LIB_HTTP_SERVER_RESPONSE_COMPRESSION_OPTIONS_0_LEVEL: expected a level 0-9 for gzip, got "10"',
  );
  fails(
    { LIB_HTTP_SERVER_RESPONSE_COMPRESSION_OPTIONS: 'gzip,zip' },
    'LIB_HTTP_SERVER_RESPONSE_COMPRESSION_OPTIONS: expected one of gzip, deflate, br, brotli, got "zip"',
  );
});

test('limits against hostile clients: request-header-timeout, max-connections, decompression limits', () => {
  const c = loadServerConfig({
    LIB_HTTP_SERVER_REQUEST_HEADER_TIMEOUT: '5s',
    LIB_HTTP_SERVER_MAX_CONNECTIONS: '2000',
    LIB_HTTP_SERVER_MAX_CONCURRENT_DECOMPRESSIONS: '2',
    LIB_HTTP_SERVER_MAX_BROTLI_WINDOW: '1MiB',
  });
  assert.deepEqual(
    [c.requestHeaderTimeout, c.maxConnections, c.maxConcurrentDecompressions, c.maxBrotliWindow],
    [5000, 2000, 2, 1024 * 1024],
  );
  const d = ServerConfig.default;
  assert.deepEqual(
    [d.requestHeaderTimeout, d.maxConnections, d.maxConcurrentDecompressions, d.maxBrotliWindow],
    [10_000, 16_384, 8, 4 * 1024 * 1024],
  );
  assert.equal(loadServerConfig({ LIB_HTTP_SERVER_MAX_CONNECTIONS: 'none' }).maxConnections, undefined);
  fails(
    { LIB_HTTP_SERVER_REQUEST_HEADER_TIMEOUT: '0s' },
    'LIB_HTTP_SERVER_REQUEST_HEADER_TIMEOUT: expected a duration above zero such as 500ms, 2s, 1m or 1h, got "0s"',
  );
  fails(
    { LIB_HTTP_SERVER_MAX_CONNECTIONS: '0' },
    'LIB_HTTP_SERVER_MAX_CONNECTIONS: expected a whole number above zero, or none, got "0"',
  );
  fails(
    { LIB_HTTP_SERVER_MAX_BROTLI_WINDOW: '64MiB' },
    'LIB_HTTP_SERVER_MAX_BROTLI_WINDOW: expected a size from 1KiB to 16MiB, got "64MiB"',
  );
  assert.throws(() => d.withMaxConnections(0), {
    name: 'RangeError',
    message: 'Server.Config.maxConnections: expected a whole number above zero, got 0',
  });
  assert.throws(
    () => d.withDecompressionLimits({ maxConcurrent: 1.5 }),
    /Server\.Config\.maxConcurrentDecompressions: expected a whole number above zero, got 1\.5/,
  );
});

test('passwords never appear in errors', () => {
  const found = problems({
    LIB_HTTP_SERVER_SSL_KEYSTORE_PATH: 'ks.p12',
    LIB_HTTP_SERVER_SSL_KEYSTORE_PASSWORD: '',
    LIB_HTTP_SERVER_SSL_TRUSTSTORE_PASSWORD: 'hunter2',
  });
  assert.deepEqual(found, [
    'LIB_HTTP_SERVER_SSL_KEYSTORE_PASSWORD: expected a non-empty password, got a value that is not accepted (not shown)',
    'LIB_HTTP_SERVER_SSL_TRUSTSTORE_PASSWORD: a truststore password needs its truststore; set ssl.truststore-path (LIB_HTTP_SERVER_SSL_TRUSTSTORE_PATH) too',
  ]);
  assert.ok(!found.join('\n').includes('hunter2'));
  assert.equal(String(new Secret('hunter2')), '<secret>');
});

test('unknown LIB_HTTP_SERVER_* variables are errors naming the closest valid one', () => {
  fails(
    { LIB_HTTP_SERVER_BINDING_PROT: '80' },
    'LIB_HTTP_SERVER_BINDING_PROT: unknown setting; did you mean LIB_HTTP_SERVER_BINDING_PORT?',
  );
  fails(
    { LIB_HTTP_SERVER_PORT: '80' },
    'LIB_HTTP_SERVER_PORT: unknown setting; did you mean LIB_HTTP_SERVER_BINDING_PORT?',
  );
  fails(
    { LIB_HTTP_SERVER_KEEPALIVE: 'false' },
    'LIB_HTTP_SERVER_KEEPALIVE: unknown setting; did you mean LIB_HTTP_SERVER_KEEP_ALIVE?',
  );
  fails(
    { LIB_HTTP_SERVER_IDLE_TIMOUT: '1s' },
    'LIB_HTTP_SERVER_IDLE_TIMOUT: unknown setting; did you mean LIB_HTTP_SERVER_IDLE_TIMEOUT?',
  );
  fails(
    { LIB_HTTP_SERVER_RESPONSE_COMPRESSION_OPTIONS_0_LEVLE: '1' },
    'LIB_HTTP_SERVER_RESPONSE_COMPRESSION_OPTIONS_0_LEVLE: unknown setting; did you mean LIB_HTTP_SERVER_RESPONSE_COMPRESSION_OPTIONS_0_LEVEL?',
  );
  fails(
    { LIB_HTTP_SERVER_COFFEE_MAKER: 'on' },
    'LIB_HTTP_SERVER_COFFEE_MAKER: unknown setting (README.md, "Configuration", lists them)',
  );
});

test('file errors name the file and the key', () => {
  const bad = file(
    'bad.yaml',
    'lib:\n  http:\n    server:\n      binding-port: 70000\n      keepAlive: false\n      response-compression:\n        options:\n          - type: gzip\n            levle: 3\n',
  );
  assert.deepEqual(problems({ KITGEN_CONFIG_FILE: bad }), [
    `${bad}: lib.http.server.keepAlive: unknown key; did you mean lib.http.server.keep-alive?`,
    `${bad}: lib.http.server.response-compression.options[0].levle: unknown key; did you mean level?`,
    `${bad}: lib.http.server.binding-port: expected a port number 0-65535, got 70000`,
  ]);
  fails(
    { KITGEN_CONFIG_FILE: join(dir, 'absent.yaml') },
    `KITGEN_CONFIG_FILE: the file ${join(dir, 'absent.yaml')} does not exist`,
  );
  fails(
    { KITGEN_CONFIG_FILE: file('broken.yaml', 'lib:\n  http: [unclosed\n') },
    new RegExp(`^KITGEN_CONFIG_FILE: the file ${join(dir, 'broken.yaml')} is not valid YAML: `),
  );
  fails(
    { KITGEN_CONFIG_FILE: file('broken.json', '{"lib": ') },
    new RegExp(`^KITGEN_CONFIG_FILE: the file ${join(dir, 'broken.json')} is not valid JSON: `),
  );
  fails(
    { KITGEN_CONFIG_FILE: file('empty-ssl.yaml', 'lib.http.server:\n  ssl: {}\n') },
    `${join(dir, 'empty-ssl.yaml')}: lib.http.server.ssl: TLS needs ssl.cert-path with ssl.key-path, or ssl.keystore-path`,
  );
  fails(
    { KITGEN_CONFIG_FILE: file('section.json', '{"lib":{"http":{"server":{"ssl":"on"}}}}') },
    `${join(dir, 'section.json')}: lib.http.server.ssl: expected a section, got "on"`,
  );
});

test('conflicting settings are refused', () => {
  fails(
    { LIB_HTTP_SERVER_REQUEST_STREAMING: 'true', LIB_HTTP_SERVER_MAX_REQUEST_BODY_SIZE: '1MiB' },
    'LIB_HTTP_SERVER_MAX_REQUEST_BODY_SIZE: the body limit applies only to aggregated bodies, but LIB_HTTP_SERVER_REQUEST_STREAMING turns request streaming on',
  );
  fails(
    { LIB_HTTP_SERVER_SSL_CERT_PATH: 'c.pem' },
    'LIB_HTTP_SERVER_SSL_CERT_PATH: a certificate needs its private key; set ssl.key-path (LIB_HTTP_SERVER_SSL_KEY_PATH) too',
  );
  fails(
    {
      LIB_HTTP_SERVER_SSL_CERT_PATH: 'c.pem',
      LIB_HTTP_SERVER_SSL_KEY_PATH: 'k.pem',
      LIB_HTTP_SERVER_SSL_KEYSTORE_PATH: 'ks.p12',
    },
    'LIB_HTTP_SERVER_SSL_KEYSTORE_PATH: give either a keystore or ssl.cert-path with ssl.key-path, not both',
  );
  fails(
    { LIB_HTTP_SERVER_SSL_BEHAVIOUR: 'accept' },
    'LIB_HTTP_SERVER_SSL_BEHAVIOUR: TLS needs ssl.cert-path with ssl.key-path, or ssl.keystore-path',
  );
  fails(
    { LIB_HTTP_SERVER_SSL_KEYSTORE_PATH: 'ks.p12', LIB_HTTP_SERVER_SSL_CLIENT_AUTH: 'required' },
    'LIB_HTTP_SERVER_SSL_CLIENT_AUTH: client-auth required accepts only client certificates issued by truststore CAs; set ssl.truststore-path (LIB_HTTP_SERVER_SSL_TRUSTSTORE_PATH) too',
  );
});

test('every problem is reported at once, and Server.configured() throws at start-up', () => {
  const env = {
    LIB_HTTP_SERVER_BINDING_PORT: 'abc',
    LIB_HTTP_SERVER_KEEP_ALIVE: 'maybe',
    LIB_HTTP_SERVER_BINDNG_HOST: 'x',
  };
  assert.throws(
    () => Server.configured(env),
    (error: Error) => {
      assert.ok(error instanceof ConfigError);
      assert.equal(error.problems.length, 3);
      assert.match(
        error.message,
        /^3 problems in the server configuration:\n {2}- LIB_HTTP_SERVER_BINDNG_HOST: unknown setting; did you mean LIB_HTTP_SERVER_BINDING_HOST\?\n/,
      );
      assert.match(error.message, /- LIB_HTTP_SERVER_BINDING_PORT: expected a port number 0-65535, got "abc"/);
      assert.match(error.message, /- LIB_HTTP_SERVER_KEEP_ALIVE: expected true or false, got "maybe"/);
      return true;
    },
  );
});
