import { ConfigError } from './ConfigError.ts';
import {
  compressionOptionFields,
  envName,
  OPTIONS_KEY,
  type ServerKey,
  type ServerKeyValue,
  serverKeys,
} from './configKeys.ts';
import { type Entry, type OptionEntries, readEnvSource, readFileSource, type Source } from './configSources.ts';
import { show, type ValueReader } from './configValues.ts';
import { RequestStreaming } from './RequestStreaming.ts';
import {
  CompressionOption,
  type ResponseCompressionConfig,
  ResponseCompressionConfig as CompressionDefaults,
} from './ResponseCompressionConfig.ts';
import { ServerConfig, type ServerConfigFields } from './ServerConfig.ts';
import { SSLConfig, TrustManagerKeyStore } from './SSLConfig.ts';
import { HealthProbes } from './HealthProbes.ts';
import { TransportConfig } from './TransportConfig.ts';
import { type CloseStatus, WebSocketConfig } from '../../websocket/WebSocketConfig.ts';

/** Reads settings from the environment, then the config file, and records every problem. */
class Settings {
  readonly problems: string[] = [];
  readonly #env: Source;
  readonly #file: Source | undefined;

  constructor(env: NodeJS.ProcessEnv) {
    this.#file = readFileSource(env);
    this.#env = readEnvSource(env);
    this.problems.push(...(this.#file?.problems ?? []), ...this.#env.problems);
  }

  /** The entry of a key: the environment wins over the file. */
  entry(key: ServerKey): Entry | undefined {
    return this.#env.values.get(key) ?? this.#file?.values.get(key);
  }

  /** The value of a key, or undefined when unset or bad (a bad value is a problem). */
  get<K extends ServerKey>(key: K): ServerKeyValue<K> | undefined {
    const entry = this.entry(key);
    return entry && this.read(serverKeys[key].reader as ValueReader<ServerKeyValue<K>>, entry);
  }

  read<T>(reader: ValueReader<T>, entry: Entry): T | undefined {
    const parsed = reader.read(entry.raw, entry.baseDir);
    if (parsed.ok) return parsed.value;
    this.problems.push(`${entry.where}: expected ${parsed.expected}, got ${show(entry.raw, reader.secret)}`);
    return undefined;
  }

  /** Whether any key or section under `section` is given (in either source). */
  has(section: string): boolean {
    const under = (key: string) => key.startsWith(`${section}.`);
    const given = (s: Source | undefined) =>
      !!s &&
      ([...s.values.keys()].some(under) || s.sections.has(section) || (s.options !== undefined && under(OPTIONS_KEY)));
    return given(this.#env) || given(this.#file);
  }

  /** Where a section was written, if in the file. */
  sectionWhere(section: string): string | undefined {
    return this.#file?.sections.get(section);
  }

  /** The compression options list: the environment's replaces the file's as a whole. */
  options(): Source['options'] {
    return this.#env.options ?? this.#file?.options;
  }

  problem(message: string): void {
    this.problems.push(message);
  }
}

/** How a key is named to the user: as the variable or file key that set it, or both spellings. */
const named = (s: Settings, key: ServerKey) => s.entry(key)?.where ?? `${key} (${envName(key)})`;

const optionLimits = {
  gzip: { level: [0, 9], bits: [8, 15] },
  deflate: { level: [0, 9], bits: [8, 15] },
  br: { level: [0, 11], bits: [10, 24] },
} as const;

function compressionOption(s: Settings, item: OptionEntries): CompressionOption | undefined {
  if (!item.type) {
    s.problem(`${item.where}: a compression option needs a type: gzip, deflate or br`);
    return undefined;
  }
  const type = s.read(compressionOptionFields.type, item.type);
  if (type === undefined) return undefined;
  const base = type === 'br' ? CompressionOption.brotli() : CompressionOption[type]();
  const within = (field: 'level' | 'bits', [min, max]: readonly [number, number]): number | undefined => {
    const entry = item[field];
    if (!entry) return base[field];
    const value = s.read(compressionOptionFields[field], entry);
    if (value === undefined) return undefined;
    if (value >= min && value <= max) return value;
    s.problem(
      `${entry.where}: expected ${field === 'level' ? 'a level' : 'window bits'} ${min}-${max} for ${type}, got ${show(entry.raw)}`,
    );
    return undefined;
  };
  const level = within('level', optionLimits[type].level);
  const bits = within('bits', optionLimits[type].bits);
  const mem = item.mem ? s.read(compressionOptionFields.mem, item.mem) : base.mem;
  return level === undefined || bits === undefined || mem === undefined ? undefined : { type, level, bits, mem };
}

function responseCompression(s: Settings): ResponseCompressionConfig | undefined {
  const enabled = s.get('response-compression.enabled');
  if (enabled === false || (enabled === undefined && !s.has('response-compression'))) return undefined;
  const threshold = s.get('response-compression.content-threshold');
  const list = s.options();
  let options = CompressionDefaults.default.options;
  if (list) {
    if (list.items.length === 0)
      s.problem(`${list.where}: expected at least one compression option, got an empty list`);
    options = list.items
      .map((item) => compressionOption(s, item))
      .filter((o): o is CompressionOption => o !== undefined);
  }
  return { contentThreshold: threshold ?? CompressionDefaults.default.contentThreshold, options };
}

function requestStreaming(s: Settings): RequestStreaming | undefined {
  const streaming = s.get('request-streaming');
  const limit = s.get('max-request-body-size');
  if (streaming === true && limit !== undefined) {
    s.problem(
      `${named(s, 'max-request-body-size')}: the body limit applies only to aggregated bodies, but ${named(s, 'request-streaming')} turns request streaming on`,
    );
    return undefined;
  }
  if (streaming === true) return RequestStreaming.Enabled;
  if (limit !== undefined) return RequestStreaming.Disabled(limit);
  return streaming === false ? RequestStreaming.Disabled() : undefined;
}

function webSocketConfig(s: Settings): WebSocketConfig | undefined {
  if (!s.has('web-socket')) return undefined;
  const d = WebSocketConfig.default;
  const dd = d.decoderConfig;
  const code = s.get('web-socket.send-close-frame');
  const statuses = Object.values(WebSocketConfig.CloseStatus).filter((v): v is CloseStatus => typeof v === 'object');
  const sendCloseFrame =
    code === undefined
      ? d.sendCloseFrame
      : (statuses.find((st) => st.code === code) ?? WebSocketConfig.CloseStatus.Custom(code, ''));
  return {
    subprotocols: s.get('web-socket.subprotocols') ?? d.subprotocols,
    handshakeTimeoutMillis: s.get('web-socket.handshake-timeout-millis') ?? d.handshakeTimeoutMillis,
    forceCloseTimeoutMillis: s.get('web-socket.force-close-timeout-millis') ?? d.forceCloseTimeoutMillis,
    handleCloseFrames: s.get('web-socket.handle-close-frames') ?? d.handleCloseFrames,
    sendCloseFrame,
    dropPongFrames: s.get('web-socket.drop-pong-frames') ?? d.dropPongFrames,
    decoderConfig: {
      maxFramePayloadLength: s.get('web-socket.decoder.max-frame-payload-length') ?? dd.maxFramePayloadLength,
      expectMaskedFrames: s.get('web-socket.decoder.expect-masked-frames') ?? dd.expectMaskedFrames,
      allowMaskMismatch: s.get('web-socket.decoder.allow-mask-mismatch') ?? dd.allowMaskMismatch,
      allowExtensions: s.get('web-socket.decoder.allow-extensions') ?? dd.allowExtensions,
      closeOnProtocolViolation: s.get('web-socket.decoder.close-on-protocol-violation') ?? dd.closeOnProtocolViolation,
      withUTF8Validator: s.get('web-socket.decoder.with-utf8-validator') ?? dd.withUTF8Validator,
    },
  };
}

function healthProbes(s: Settings): HealthProbes | undefined {
  const enabled = s.get('health-probes.enabled');
  if (enabled === false || (enabled === undefined && !s.has('health-probes'))) return undefined;
  const d = HealthProbes.default;
  return Object.freeze({
    readinessPath: s.get('health-probes.readiness-path') ?? d.readinessPath,
    livenessPath: s.get('health-probes.liveness-path') ?? d.livenessPath,
    drainDelay: s.get('health-probes.drain-delay') ?? d.drainDelay,
  });
}

function sslConfig(s: Settings): SSLConfig | undefined {
  if (!s.has('ssl')) return undefined;
  const cert = s.get('ssl.cert-path');
  const key = s.get('ssl.key-path');
  const keystore = s.get('ssl.keystore-path');
  const keystorePassword = s.get('ssl.keystore-password');
  const truststore = s.get('ssl.truststore-path');
  const truststorePassword = s.get('ssl.truststore-password');
  const clientAuth = s.get('ssl.client-auth');
  const behaviour = s.get('ssl.behaviour') ?? SSLConfig.HttpBehaviour.Redirect;
  const before = s.problems.length;
  const also = (given: ServerKey, needed: ServerKey, why: string) =>
    s.problem(`${named(s, given)}: ${why}; set ${needed} (${envName(needed)}) too`);
  if (keystore !== undefined && (cert !== undefined || key !== undefined)) {
    s.problem(`${named(s, 'ssl.keystore-path')}: give either a keystore or ssl.cert-path with ssl.key-path, not both`);
  } else if (keystore === undefined) {
    if (cert !== undefined && key === undefined)
      also('ssl.cert-path', 'ssl.key-path', 'a certificate needs its private key');
    else if (key !== undefined && cert === undefined)
      also('ssl.key-path', 'ssl.cert-path', 'a private key needs its certificate');
    else if (cert === undefined && s.problems.length === before) {
      const first = (
        [
          'ssl.behaviour',
          'ssl.keystore-password',
          'ssl.client-auth',
          'ssl.truststore-path',
          'ssl.truststore-password',
        ] as const
      ).find((k) => s.entry(k));
      s.problem(
        `${first ? named(s, first) : (s.sectionWhere('ssl') ?? 'ssl')}: TLS needs ssl.cert-path with ssl.key-path, or ssl.keystore-path`,
      );
    }
  }
  if (keystorePassword !== undefined && keystore === undefined && cert !== undefined) {
    s.problem(`${named(s, 'ssl.keystore-password')}: a password is only used with ssl.keystore-path`);
  }
  if (truststorePassword !== undefined && truststore === undefined)
    also('ssl.truststore-password', 'ssl.truststore-path', 'a truststore password needs its truststore');
  if (clientAuth === 'Required' && truststore === undefined) {
    also(
      'ssl.client-auth',
      'ssl.truststore-path',
      'client-auth required accepts only client certificates issued by truststore CAs',
    );
  }
  if (s.problems.length > before) return undefined;
  let trust = truststore === undefined ? undefined : TrustManagerKeyStore.fromFile(truststore).build();
  if (trust && truststorePassword) trust = trust.trustManagerPassword(truststorePassword);
  if (keystore !== undefined)
    return { ...SSLConfig.fromJavaxNetSslKeyStoreFile(keystore, keystorePassword, trust, clientAuth), behaviour };
  if (cert !== undefined && key !== undefined) return SSLConfig.fromFile(behaviour, cert, key, clientAuth, trust);
  return undefined;
}

/**
 * Loads a Server.Config (`Server.configured()`): `LIB_HTTP_SERVER_*` variables over the
 * `lib.http.server` section of the JSON/YAML file named by `KITGEN_CONFIG_FILE`, over the
 * defaults. Throws a {@link ConfigError} listing every bad value, unknown name and conflict.
 */
export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const s = new Settings(env);
  const d = ServerConfig.default;
  const changes: { -readonly [F in keyof ServerConfigFields]?: ServerConfigFields[F] } = {};
  const hostName = s.get('binding-host');
  const port = s.get('binding-port');
  if (hostName !== undefined || port !== undefined)
    changes.address = { host: hostName ?? d.address.host, port: port ?? d.address.port };
  const set = <F extends keyof ServerConfigFields>(field: F, value: ServerConfigFields[F] | undefined) => {
    if (value !== undefined) changes[field] = value;
  };
  set('acceptContinue', s.get('accept-continue'));
  set('keepAlive', s.get('keep-alive'));
  set('requestDecompression', s.get('request-decompression'));
  set('requestStreaming', requestStreaming(s));
  set('maxInitialLineLength', s.get('max-initial-line-length'));
  set('maxHeaderSize', s.get('max-header-size'));
  set('logWarningOnFatalError', s.get('log-warning-on-fatal-error'));
  set('gracefulShutdownTimeout', s.get('graceful-shutdown-timeout'));
  const idle = s.get('idle-timeout');
  if (idle !== undefined) changes.idleTimeout = idle ?? undefined; // `none` clears it
  set('requestHeaderTimeout', s.get('request-header-timeout'));
  set('requestBodyTimeout', s.get('request-body-timeout'));
  const connections = s.get('max-connections');
  if (connections !== undefined) changes.maxConnections = connections ?? undefined; // `none` lifts the cap
  set('maxConcurrentDecompressions', s.get('max-concurrent-decompressions'));
  set('maxBrotliWindow', s.get('max-brotli-window'));
  set('healthProbes', healthProbes(s));
  set('responseCompression', responseCompression(s));
  set('webSocketConfig', webSocketConfig(s));
  set('webSocketMaxBufferedBytes', s.get('web-socket.max-buffered-bytes'));
  set('webSocketBufferBudget', s.get('web-socket.buffer-budget'));
  set('sslConfig', sslConfig(s));
  if (s.problems.length > 0) throw new ConfigError(s.problems);
  return d.copy(changes);
}

/**
 * Loads the transport config (`Server.configured()`) from the `transport.*` keys
 * (`LIB_HTTP_SERVER_TRANSPORT_*`), over `TransportConfig.default`; undefined when none is set.
 * Whether each value can be honoured here is checked when the server is installed.
 */
export function loadTransportConfig(env: NodeJS.ProcessEnv = process.env): TransportConfig | undefined {
  const s = new Settings(env);
  if (!s.has('transport')) return undefined;
  let t = TransportConfig.default;
  const threads = s.get('transport.n-threads');
  const channel = s.get('transport.channel-type');
  const leaks = s.get('transport.leak-detection-level');
  const quiet = s.get('transport.shutdown-quiet-period');
  const timeout = s.get('transport.shutdown-timeout');
  if (s.problems.length > 0) throw new ConfigError(s.problems);
  if (threads !== undefined) t = t.maxThreads(threads);
  if (channel !== undefined) t = t.withChannelType(channel);
  if (leaks !== undefined) t = t.leakDetection(leaks);
  if (quiet !== undefined || timeout !== undefined) {
    t = t.copy({
      shutdownQuietPeriodDuration: quiet ?? t.shutdownQuietPeriodDuration,
      shutdownTimeoutDuration: timeout ?? t.shutdownTimeoutDuration,
    });
  }
  return t;
}
