import type { ClientAuth, HttpBehaviour } from './SSLConfig.ts';
import type { Decompression } from './Decompression.ts';
import type { ChannelType, LeakDetectionLevel } from './TransportConfig.ts';
import {
  bool,
  duration,
  host,
  intIn,
  oneOf,
  optionalDuration,
  optionalInt,
  path,
  port,
  positiveDuration,
  secret,
  size,
  sizeIn,
  text,
  type ValueReader,
} from './configValues.ts';

/** Prefix of every environment variable of the server config. */
export const ENV_PREFIX = 'LIB_HTTP_SERVER_';
/** Where the server config sits in a config file. */
export const FILE_SECTION = 'lib.http.server';

const optionalCount = optionalInt(1, 2 ** 31 - 1, 'a whole number above zero, or none');

const routePath = {
  ...text,
  expected: 'a path starting with /',
  read: (raw: unknown, baseDir: string | undefined) => {
    const parsed = text.read(raw, baseDir);
    return parsed.ok && parsed.value.startsWith('/') && !/\s/.test(parsed.value)
      ? parsed
      : { ok: false as const, expected: 'a path starting with /' };
  },
} satisfies ValueReader<string>;

const closeStatus = intIn(1000, 4999, 'a WebSocket close code 1000-4999');

/**
 * Every scalar key of the `lib.http.server` section (kebab-case, dots for sub-sections) with
 * its reader and a one-line description for the README. The environment name of a key is
 * `LIB_HTTP_SERVER_` + the key in upper snake case.
 */
export const serverKeys = {
  'binding-host': { reader: host, doc: 'address to bind (default 0.0.0.0)' },
  'binding-port': { reader: port, doc: 'port to listen on; 0 picks a free port (default 8080)' },
  'accept-continue': { reader: bool, doc: 'answer `Expect: 100-continue` with an interim 100 (default false)' },
  'keep-alive': { reader: bool, doc: 'keep connections alive (default true)' },
  'request-decompression': {
    reader: oneOf<Decompression>({ no: 'No', strict: 'Strict', 'non-strict': 'NonStrict' }),
    doc: 'decompress request bodies: no, strict or non-strict (default no)',
  },
  'request-streaming': {
    reader: bool,
    doc: 'hand handlers the body as a stream instead of aggregating it (default false)',
  },
  'max-request-body-size': {
    reader: size,
    doc: 'limit of an aggregated body after decompression; 413 above it (default 1MiB); not with request-streaming',
  },
  'max-initial-line-length': {
    reader: intIn(1, 1 << 20, 'a whole number of bytes 1-1048576'),
    doc: 'longest request line; 414 above it (default 4096)',
  },
  'max-header-size': {
    reader: intIn(1, 1 << 24, 'a whole number of bytes 1-16777216'),
    doc: 'largest header section; 431 above it (default 8192)',
  },
  'log-warning-on-fatal-error': { reader: bool, doc: 'log unexpected handler errors at warning level (default true)' },
  'graceful-shutdown-timeout': {
    reader: duration,
    doc: 'how long shutdown waits for in-flight requests (default 10s)',
  },
  'idle-timeout': {
    reader: optionalDuration,
    doc: 'close connections idle this long; `none` for no limit (default none)',
  },
  'request-header-timeout': {
    reader: positiveDuration,
    doc: 'a request head must arrive within this; 408 after (default 10s)',
  },
  'request-body-timeout': {
    reader: positiveDuration,
    doc: 'an aggregated body must be complete this long after the head deadline (a request within both of its first byte); 408 after (default 30s)',
  },
  'max-connections': {
    reader: optionalCount,
    doc: 'connections open at once; more are closed on arrival; `none` for no cap (default 16384)',
  },
  'max-concurrent-decompressions': {
    reader: intIn(1, 4096, 'a whole number 1-4096'),
    doc: 'streamed request bodies decompressed at once; more wait (default 8)',
  },
  'max-brotli-window': {
    reader: sizeIn(1024, 16 * 1024 * 1024, 'a size from 1KiB to 16MiB'),
    doc: 'largest brotli window a request body may declare; 415 above (default 4MiB)',
  },
  'health-probes.enabled': {
    reader: bool,
    doc: 'answer readiness and liveness probes before routing; any other health-probes key turns them on (default off)',
  },
  'health-probes.readiness-path': {
    reader: routePath,
    doc: 'path of the readiness probe: 200, or 503 once shutdown began (default /readyz)',
  },
  'health-probes.liveness-path': {
    reader: routePath,
    doc: 'path of the liveness probe: 200 while serving (default /livez)',
  },
  'health-probes.drain-delay': {
    reader: duration,
    doc: 'on shutdown, keep serving this long with readiness 503 before refusing connections (default 0s)',
  },
  'transport.n-threads': {
    reader: intIn(0, 1024, 'a number of worker processes 0-1024 (0: one per core)'),
    doc: 'worker processes sharing the port (node:cluster); 0 one per core (default 1)',
  },
  'transport.channel-type': {
    reader: oneOf<ChannelType>({ auto: 'AUTO', nio: 'NIO', epoll: 'EPOLL', kqueue: 'KQUEUE', uring: 'URING' }),
    doc: "libuv's event loop: auto, nio, epoll, kqueue or uring; one this platform lacks is refused at start (default auto)",
  },
  'transport.leak-detection-level': {
    reader: oneOf<LeakDetectionLevel>({
      disabled: 'DISABLED',
      simple: 'SIMPLE',
      advanced: 'ADVANCED',
      paranoid: 'PARANOID',
    }),
    doc: 'disabled or simple (Node has no pooled buffers to track); advanced and paranoid are refused at start (default simple)',
  },
  'transport.shutdown-quiet-period': {
    reader: duration,
    doc: "shutdown's drain window: requests on open connections are still answered this long (default 250ms)",
  },
  'transport.shutdown-timeout': {
    reader: duration,
    doc: 'a cluster primary kills workers still running this long after asking them to stop (default 15s)',
  },
  'response-compression.enabled': {
    reader: bool,
    doc: 'turn response compression on or off; any other response-compression key turns it on',
  },
  'response-compression.content-threshold': {
    reader: size,
    doc: 'compress responses of at least this many bytes (default 0)',
  },
  'web-socket.subprotocols': { reader: text, doc: 'sub-protocol to negotiate (default none)' },
  'web-socket.handshake-timeout-millis': {
    reader: intIn(0, 2 ** 31 - 1, 'a whole number of milliseconds'),
    doc: 'abort a handshake after this many ms (default 10000)',
  },
  'web-socket.force-close-timeout-millis': {
    reader: intIn(-1, 2 ** 31 - 1, 'a whole number of milliseconds, or -1 for none'),
    doc: 'force-close an inactive connection after this many ms; -1 never (default -1)',
  },
  'web-socket.handle-close-frames': { reader: bool, doc: 'the server handles close frames itself (default true)' },
  'web-socket.send-close-frame': {
    reader: closeStatus,
    doc: 'close code sent when the application sends none (default 1000)',
  },
  'web-socket.drop-pong-frames': { reader: bool, doc: 'drop pong frames (default true)' },
  'web-socket.max-buffered-bytes': {
    reader: sizeIn(1024, 2 ** 31 - 1, 'a size from 1KiB to 2GiB'),
    doc: 'bytes one connection may hold queued each way; a client not reading past it is closed (1008), reading pauses for an application behind (default 1MiB)',
  },
  'web-socket.buffer-budget': {
    reader: sizeIn(1024, 2 ** 40, 'a size from 1KiB to 1TiB'),
    doc: 'bytes all WebSocket connections may hold queued; past it connections behind on reading are closed (1013) (default 64MiB)',
  },
  'web-socket.decoder.max-frame-payload-length': {
    reader: intIn(1, 2 ** 31 - 1, 'a whole number of bytes above 0'),
    doc: 'largest frame payload (default 65536)',
  },
  'web-socket.decoder.expect-masked-frames': { reader: bool, doc: 'require masked client frames (default true)' },
  'web-socket.decoder.allow-mask-mismatch': {
    reader: bool,
    doc: 'accept frames whose masking differs from the expectation (default false)',
  },
  'web-socket.decoder.allow-extensions': { reader: bool, doc: 'allow protocol extensions (default false)' },
  'web-socket.decoder.close-on-protocol-violation': {
    reader: bool,
    doc: 'close the connection on a protocol violation (default true)',
  },
  'web-socket.decoder.with-utf8-validator': { reader: bool, doc: 'validate text frames as UTF-8 (default true)' },
  'ssl.behaviour': {
    reader: oneOf<HttpBehaviour>({ accept: 'Accept', redirect: 'Redirect', fail: 'Fail' }),
    doc: 'plain HTTP on the TLS port: accept, redirect or fail (default redirect)',
  },
  'ssl.cert-path': { reader: path, doc: 'PEM certificate (chain) file; with ssl.key-path' },
  'ssl.key-path': { reader: path, doc: 'PEM private key file; with ssl.cert-path' },
  'ssl.keystore-path': { reader: path, doc: 'PKCS#12 keystore file, instead of cert-path and key-path' },
  'ssl.keystore-password': { reader: secret, doc: 'password of the keystore' },
  'ssl.client-auth': {
    reader: oneOf<ClientAuth>({ required: 'Required', optional: 'Optional', none: 'None' }),
    doc: 'client certificates: required, optional or none (default none); required needs a truststore',
  },
  'ssl.truststore-path': {
    reader: path,
    doc: 'CA certificates trusted for client certificates: PEM bundle or PKCS#12 file',
  },
  'ssl.truststore-password': { reader: secret, doc: 'password of a PKCS#12 truststore' },
} as const satisfies Record<string, { reader: ValueReader<unknown>; doc: string }>;

/** A scalar key of the server section. */
export type ServerKey = keyof typeof serverKeys;

/** The value type a key reads to. */
export type ServerKeyValue<K extends ServerKey> =
  (typeof serverKeys)[K]['reader'] extends ValueReader<infer T> ? T : never;

/** The one list key: `response-compression.options`, items `{ type, level, bits, mem }`. */
export const OPTIONS_KEY = 'response-compression.options';

/** Fields of one compression option; ranges per type are checked when the option is built. */
export const compressionOptionFields = {
  type: oneOf<'gzip' | 'deflate' | 'br'>({ gzip: 'gzip', deflate: 'deflate', br: 'br', brotli: 'br' }),
  // Syntax only here: the ranges depend on the type and are checked with it.
  level: intIn(0, Number.MAX_SAFE_INTEGER, 'a compression level 0-9 (brotli 0-11)'),
  bits: intIn(0, Number.MAX_SAFE_INTEGER, 'window bits 8-15 (brotli 10-24)'),
  mem: intIn(1, 9, 'a memory level 1-9'),
} as const;

/** A field of a compression option. */
export type CompressionOptionField = keyof typeof compressionOptionFields;

/** Sections (key prefixes) of the server section. */
export const sections: ReadonlySet<string> = new Set(
  [...Object.keys(serverKeys), OPTIONS_KEY].flatMap((key) => {
    const parts = key.split('.');
    return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('.'));
  }),
);

/** The environment variable of a key path, e.g. `binding-port` → `LIB_HTTP_SERVER_BINDING_PORT`. */
export function envName(key: string): string {
  return ENV_PREFIX + key.replace(/[.-]/g, '_').toUpperCase();
}
