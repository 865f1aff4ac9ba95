import { Duration } from '../../util/Duration.ts';
import type { SSLConfig } from './SSLConfig.ts';
import { Decompression } from './Decompression.ts';
import { ResponseCompressionConfig } from './ResponseCompressionConfig.ts';
import { RequestStreaming } from './RequestStreaming.ts';
import { WebSocketConfig } from '../../websocket/WebSocketConfig.ts';
import { ConfigErrors, configError } from '../../errors/catalogue.ts';
import { HealthProbes } from './HealthProbes.ts';

/** A limit that must be a whole number above zero (a RangeError naming the field otherwise). */
function positive(field: string, value: number, expected: string): number {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw configError(ConfigErrors.BAD_SERVER_LIMIT, field, expected, value);
  return value;
}

/** The spec's `InetSocketAddress`: a host to bind and a port (0 = any free port). */
export interface InetSocketAddress {
  readonly host: string;
  readonly port: number;
}

/**
 * The thirteen fields of the spec's `Server.Config` record, then kitgen's limits against hostile
 * clients (docs/security.md): the spec leaves them unsaid, a public server needs them.
 */
export interface ServerConfigFields {
  readonly sslConfig: SSLConfig | undefined;
  readonly address: InetSocketAddress;
  readonly acceptContinue: boolean;
  readonly keepAlive: boolean;
  readonly requestDecompression: Decompression;
  readonly responseCompression: ResponseCompressionConfig | undefined;
  readonly requestStreaming: RequestStreaming;
  readonly maxInitialLineLength: number;
  readonly maxHeaderSize: number;
  readonly logWarningOnFatalError: boolean;
  readonly gracefulShutdownTimeout: Duration;
  readonly webSocketConfig: WebSocketConfig;
  readonly idleTimeout: Duration | undefined;
  /** A request head (line and headers) must arrive within this from the connection's start or the previous response; 408 after. */
  readonly requestHeaderTimeout: Duration;
  /** An aggregated request body must be complete within this after the head's deadline: the whole request within both timeouts of its first byte; 408 after. */
  readonly requestBodyTimeout: Duration;
  /** Connections open at once; beyond it new ones are closed as they arrive (undefined: no cap). */
  readonly maxConnections: number | undefined;
  /** Streamed request bodies being decompressed at once; more wait for a free slot (aggregated bodies are decoded whole, one at a time). */
  readonly maxConcurrentDecompressions: number;
  /** Largest brotli window (bytes) a request body may declare; larger ones answer 415. */
  readonly maxBrotliWindow: number;
  /** Readiness and liveness routes answered by the server itself; undefined (the default) for none. */
  readonly healthProbes: HealthProbes | undefined;
  /** Bytes one WebSocket connection may hold queued in each direction: unread by its client (then closed, 1008) or by the application (then reading pauses). */
  readonly webSocketMaxBufferedBytes: number;
  /** Bytes all WebSocket connections together may hold queued; past it, connections behind on reading are closed (1013) and reading pauses. */
  readonly webSocketBufferBudget: number;
}

const defaults: ServerConfigFields = {
  sslConfig: undefined,
  address: { host: '0.0.0.0', port: 8080 },
  acceptContinue: false,
  keepAlive: true,
  requestDecompression: Decompression.No,
  responseCompression: undefined,
  requestStreaming: RequestStreaming.Disabled(),
  maxInitialLineLength: 4096,
  maxHeaderSize: 8192,
  logWarningOnFatalError: true,
  gracefulShutdownTimeout: Duration.seconds(10),
  webSocketConfig: WebSocketConfig.default,
  idleTimeout: undefined,
  requestHeaderTimeout: Duration.seconds(10),
  requestBodyTimeout: Duration.seconds(30),
  maxConnections: 16_384,
  maxConcurrentDecompressions: 8,
  // Brotli encoders' default window (lgwin 22); the format allows up to 16 MiB.
  maxBrotliWindow: 4 * 1024 * 1024,
  healthProbes: undefined,
  webSocketMaxBufferedBytes: 1024 * 1024,
  webSocketBufferBudget: 64 * 1024 * 1024,
};

/**
 * The spec's `Server.Config`: an immutable record of server settings. `ServerConfig.default`
 * is the starting point; every builder returns a new config, and so does `copy`.
 */
export class ServerConfig implements ServerConfigFields {
  readonly sslConfig: SSLConfig | undefined;
  readonly address: InetSocketAddress;
  readonly acceptContinue: boolean;
  readonly keepAlive: boolean;
  readonly requestDecompression: Decompression;
  readonly responseCompression: ResponseCompressionConfig | undefined;
  readonly requestStreaming: RequestStreaming;
  readonly maxInitialLineLength: number;
  readonly maxHeaderSize: number;
  readonly logWarningOnFatalError: boolean;
  readonly gracefulShutdownTimeout: Duration;
  readonly webSocketConfig: WebSocketConfig;
  readonly idleTimeout: Duration | undefined;
  readonly requestHeaderTimeout: Duration;
  readonly requestBodyTimeout: Duration;
  readonly maxConnections: number | undefined;
  readonly maxConcurrentDecompressions: number;
  readonly maxBrotliWindow: number;
  readonly healthProbes: HealthProbes | undefined;
  readonly webSocketMaxBufferedBytes: number;
  readonly webSocketBufferBudget: number;

  private constructor(f: ServerConfigFields) {
    this.sslConfig = f.sslConfig;
    this.address = f.address;
    this.acceptContinue = f.acceptContinue;
    this.keepAlive = f.keepAlive;
    this.requestDecompression = f.requestDecompression;
    this.responseCompression = f.responseCompression;
    this.requestStreaming = f.requestStreaming;
    this.maxInitialLineLength = f.maxInitialLineLength;
    this.maxHeaderSize = f.maxHeaderSize;
    this.logWarningOnFatalError = f.logWarningOnFatalError;
    this.gracefulShutdownTimeout = f.gracefulShutdownTimeout;
    this.webSocketConfig = f.webSocketConfig;
    this.idleTimeout = f.idleTimeout;
    this.requestHeaderTimeout = positive('requestHeaderTimeout', f.requestHeaderTimeout, 'a duration above zero');
    this.requestBodyTimeout = positive('requestBodyTimeout', f.requestBodyTimeout, 'a duration above zero');
    this.maxConnections =
      f.maxConnections === undefined
        ? undefined
        : positive('maxConnections', f.maxConnections, 'a whole number above zero');
    this.maxConcurrentDecompressions = positive(
      'maxConcurrentDecompressions',
      f.maxConcurrentDecompressions,
      'a whole number above zero',
    );
    this.maxBrotliWindow = positive('maxBrotliWindow', f.maxBrotliWindow, 'a whole number of bytes above zero');
    this.healthProbes = f.healthProbes;
    this.webSocketMaxBufferedBytes = positive(
      'webSocketMaxBufferedBytes',
      f.webSocketMaxBufferedBytes,
      'a whole number of bytes above zero',
    );
    this.webSocketBufferBudget = positive(
      'webSocketBufferBudget',
      f.webSocketBufferBudget,
      'a whole number of bytes above zero',
    );
    Object.freeze(this);
  }

  /** `Server.Config.default`: 0.0.0.0:8080, keep-alive on, everything else off (see the spec's table). */
  static readonly default: ServerConfig = new ServerConfig(defaults);

  /** The spec's path to the compression defaults, `Server.Config.ResponseCompressionConfig.default`. */
  static readonly ResponseCompressionConfig: typeof ResponseCompressionConfig = ResponseCompressionConfig;

  /** A copy with some fields changed (the spec's `copy`). */
  copy(changes: Partial<ServerConfigFields>): ServerConfig {
    return new ServerConfig({ ...this, ...changes });
  }

  /** Sets the listening port. */
  port(port: number): ServerConfig {
    return this.copy({ address: { host: this.address.host, port } });
  }

  /** Sets host and port. */
  binding(host: string, port: number): ServerConfig {
    return this.copy({ address: { host, port } });
  }

  /** Binds to any free port (port 0); `Server.install` tells which one it got. */
  onAnyOpenPort(): ServerConfig {
    return this.port(0);
  }

  /** Enables TLS. */
  ssl(sslConfig: SSLConfig): ServerConfig {
    return this.copy({ sslConfig });
  }

  /** Sets acceptContinue: whether `Expect: 100-continue` gets an interim `100 Continue`. */
  withAcceptContinue(enabled: boolean): ServerConfig {
    return this.copy({ acceptContinue: enabled });
  }

  /** Sets keepAlive. */
  withKeepAlive(enabled: boolean): ServerConfig {
    return this.copy({ keepAlive: enabled });
  }

  /** The spec's `requestDecompression(Boolean)`: true selects Strict, false NonStrict. */
  withRequestDecompression(strict: boolean): ServerConfig {
    return this.copy({ requestDecompression: strict ? Decompression.Strict : Decompression.NonStrict });
  }

  /** Turns response compression on (with `ResponseCompressionConfig.default` unless given). */
  withResponseCompression(config: ResponseCompressionConfig = ResponseCompressionConfig.default): ServerConfig {
    return this.copy({ responseCompression: config });
  }

  /** Turns request streaming on. */
  enableRequestStreaming(): ServerConfig {
    return this.copy({ requestStreaming: RequestStreaming.Enabled });
  }

  /** Sets the aggregated body limit (request streaming off). */
  maxRequestBodySize(bytes: number): ServerConfig {
    return this.copy({ requestStreaming: RequestStreaming.Disabled(bytes) });
  }

  /** Sets logWarningOnFatalError. */
  withLogWarningOnFatalError(enabled: boolean): ServerConfig {
    return this.copy({ logWarningOnFatalError: enabled });
  }

  /** Sets the graceful shutdown timeout. */
  withGracefulShutdownTimeout(timeout: Duration): ServerConfig {
    return this.copy({ gracefulShutdownTimeout: timeout });
  }

  /** Sets the idle timeout. */
  withIdleTimeout(timeout: Duration): ServerConfig {
    return this.copy({ idleTimeout: timeout });
  }

  /** Sets maxInitialLineLength (request lines longer than this answer 414). */
  withMaxInitialLineLength(bytes: number): ServerConfig {
    return this.copy({ maxInitialLineLength: bytes });
  }

  /** Sets maxHeaderSize (header sections larger than this answer 431). */
  withMaxHeaderSize(bytes: number): ServerConfig {
    return this.copy({ maxHeaderSize: bytes });
  }

  /** Sets requestHeaderTimeout: how long a request head may take to arrive (408 after). */
  withRequestHeaderTimeout(timeout: Duration): ServerConfig {
    return this.copy({ requestHeaderTimeout: timeout });
  }

  /** Sets requestBodyTimeout: how long after the head's deadline an aggregated body may take to arrive (408 after). */
  withRequestBodyTimeout(timeout: Duration): ServerConfig {
    return this.copy({ requestBodyTimeout: timeout });
  }

  /** Sets maxConnections (undefined: no cap); connections beyond it are closed as they arrive. */
  withMaxConnections(connections: number | undefined): ServerConfig {
    return this.copy({ maxConnections: connections });
  }

  /** Sets how many request bodies may be decompressed at once, and the largest brotli window accepted. */
  withDecompressionLimits(limits: {
    readonly maxConcurrent?: number;
    readonly maxBrotliWindow?: number;
  }): ServerConfig {
    return this.copy({
      maxConcurrentDecompressions: limits.maxConcurrent ?? this.maxConcurrentDecompressions,
      maxBrotliWindow: limits.maxBrotliWindow ?? this.maxBrotliWindow,
    });
  }

  /** Sets how many bytes one WebSocket connection, and all of them together, may hold queued. */
  withWebSocketBufferLimits(limits: { readonly perConnection?: number; readonly total?: number }): ServerConfig {
    return this.copy({
      webSocketMaxBufferedBytes: limits.perConnection ?? this.webSocketMaxBufferedBytes,
      webSocketBufferBudget: limits.total ?? this.webSocketBufferBudget,
    });
  }

  /** Turns the readiness and liveness routes on (defaults `/readyz`, `/livez`, no drain delay, changed by `probes`). */
  withHealthProbes(probes: Partial<HealthProbes> = {}): ServerConfig {
    return this.copy({ healthProbes: Object.freeze({ ...HealthProbes.default, ...probes }) });
  }

  /** Sets the WebSocket settings. */
  withWebSocketConfig(webSocketConfig: WebSocketConfig): ServerConfig {
    return this.copy({ webSocketConfig });
  }
}
