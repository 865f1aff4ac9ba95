import { Duration } from '../../util/Duration.ts';
import type { SSLConfig } from './SSLConfig.ts';
import { Decompression } from './Decompression.ts';
import { ResponseCompressionConfig } from './ResponseCompressionConfig.ts';
import { RequestStreaming } from './RequestStreaming.ts';
import { WebSocketConfig } from '../../websocket/WebSocketConfig.ts';

/** The spec's `InetSocketAddress`: a host to bind and a port (0 = any free port). */
export interface InetSocketAddress {
  readonly host: string;
  readonly port: number;
}

/** The thirteen fields of the spec's `Server.Config` record. */
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
    Object.freeze(this);
  }

  /** `Server.Config.default`: 0.0.0.0:8080, keep-alive on, everything else off (see the spec's table). */
  static readonly default: ServerConfig = new ServerConfig(defaults);

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

  /** Sets the WebSocket settings. */
  withWebSocketConfig(webSocketConfig: WebSocketConfig): ServerConfig {
    return this.copy({ webSocketConfig });
  }
}
