// @kitgen/runtime: the public surface. Spec names are kept (docs/spec-mapping.md lists the rest).
// Everything of the client entry (schemas, endpoint definitions, body codecs, the client executor;
// web-standard APIs only), then the server, middleware, OpenAPI, docs UI and CLI app, on Node.
export * from './client.ts';
// Node's side of what the client entry leaves open: `Endpoint.implement` builds routes, every
// binary body format is served, codec libraries load with `require` on first use, and an
// unexpanded `DeriveSchema.gen<T>()` names its call site.
import './endpoint/server/provideEndpointRouting.ts';
import './codec/body/binaryBodyCodecs.ts';
import './codec/schemaWalk/nodePeerRequire.ts';
import './schema/provideCallSite.ts';

export { Headers, type HeaderValue, type HeadersInit } from './http/Headers.ts';
export { Body } from './http/Body.ts';
export { MultipartLimits } from './http/multipart/MultipartLimits.ts';
export { fileMediaType } from './http/fileMediaType.ts';
export { Request, type RequestInit } from './http/Request.ts';
export { Response } from './http/Response.ts';
export { HttpError, reasonPhrase, type HttpErrorOptions } from './http/HttpError.ts';
export { ConfigErrors, HttpErrors, type ConfigErrorEntry, type ErrorEntry } from './errors/catalogue.ts';

export { ProtobufCodec, type ProtobufBinaryCodec, type ProtobufCodecOptions } from './codec/protobuf/ProtobufCodec.ts';
export { AvroCodec, type AvroBinaryCodec, type AvroCodecOptions } from './codec/avro/AvroCodec.ts';
export { ThriftCodec, type ThriftBinaryCodec, type ThriftCodecOptions } from './codec/thrift/ThriftCodec.ts';
export { MessagePackCodec, type MessagePackCodecOptions } from './codec/msgpack/MessagePackCodec.ts';
export { CodecSchemaError, EncodeError } from './codec/schemaWalk/errors.ts';
export type { SchemaBinaryCodec, IdlBinaryCodec } from './codec/schemaWalk/codecParts.ts';

export type { Handler } from './routing/Handler.ts';
export { Route, type RouteFunction, type RouteKind } from './routing/Route.ts';
export { Routes, type RoutesHooks } from './routing/Routes.ts';
export type { ErrorHook, RendersResponse } from './routing/errorFunnel.ts';
export { canonicalPath, type CanonicalPath } from './http/canonicalPath.ts';

export { Middleware, makeMiddleware, perRouteMiddleware, aroundRoutesMiddleware } from './middleware/Middleware.ts';
export { CorsConfig } from './middleware/CorsConfig.ts';
export { LogAnnotation } from './middleware/logAnnotate.ts';
export { Metrics, type MetricsOptions, type HttpMetrics } from './middleware/metrics.ts';
export { RequestTimeoutError } from './middleware/timeout.ts';
export type { RequestLoggingOptions } from './middleware/requestLogging.ts';
export type { BasicCredentials, BasicVerifier, BasicAuthOptions } from './middleware/basicAuth.ts';
export type { BearerVerifier, BearerAuthOptions } from './middleware/bearerAuth.ts';
export type { StaticFilesOptions } from './middleware/staticFiles.ts';
export type { ServeResourcesOptions } from './middleware/serveResources.ts';

export { Log, type Logger } from './log/Log.ts';

export { Server } from './server/Server.ts';
export { ServerLayer } from './server/ServerLayer.ts';
export { HttpServer } from './server/HttpServer.ts';
export { ServerConfig, type ServerConfigFields, type InetSocketAddress } from './server/config/ServerConfig.ts';
export { PortInUseError } from './server/PortInUseError.ts';
export { Decompression } from './server/config/Decompression.ts';
export { RequestStreaming } from './server/config/RequestStreaming.ts';
export { ResponseCompressionConfig, CompressionOption } from './server/config/ResponseCompressionConfig.ts';
export { WebSocketConfig, SocketDecoder, type CloseStatus } from './websocket/WebSocketConfig.ts';
export type { ServerWebSocket, WebSocketMessage, WebSocketClose } from './websocket/ServerWebSocket.ts';
export type { WebSocketApp } from './websocket/WebSocketApp.ts';
export { webSocketRoute } from './websocket/webSocketRoute.ts';
export { WebSocketConfigError } from './websocket/WebSocketConfigError.ts';
export { WebSocketBackpressureError } from './websocket/WebSocketBackpressureError.ts';
export {
  TransportConfig,
  type ChannelType,
  type LeakDetectionLevel,
  type TransportFields,
} from './server/config/TransportConfig.ts';
export { HealthProbes } from './server/config/HealthProbes.ts';
export {
  SSLConfig,
  HttpBehaviour,
  ClientAuth,
  TrustManagerKeyStore,
  TrustManagerKeyStoreBuilder,
  type TrustManagerKeyStoreInput,
  type KeyMaterialLocation,
} from './server/config/SSLConfig.ts';
export { SSLConfigError } from './server/tls/SSLConfigError.ts';
export { loadServerConfig, loadTransportConfig } from './server/config/loadServerConfig.ts';
export { ConfigError } from './server/config/ConfigError.ts';

export { CodecConfigKey } from './util/symbols.ts';

export {
  routesFromHandlers,
  type HandlerOf,
  type HandlersOf,
  type ErrorMappers,
  type ErrorMappersFor,
  type NamedHandlers,
  type NamedErrorMappers,
  type RoutesOptions,
} from './endpoint/routesFromHandlers.ts';
export { type RuntimeFailure, type ErrorMapper } from './endpoint/server/RuntimeFailure.ts';
export { type SecurityRequirements, type Credential } from './endpoint/server/securityRequirements.ts';
export { type RouteSelector, type SelectorKey } from './endpoint/server/routeSelector.ts';
export { withMediaType } from './endpoint/server/rangeContentType.ts';

export { HttpCliApp, CliExitCode, type HttpCliAppOptions, type CliApp, type CliIO } from './cli/HttpCliApp.ts';
export type { CliStyle } from './cli/commandNames.ts';
export type { CliOutput } from './cli/printResponse.ts';

export { OpenAPI, type OperationEntry } from './openapi/OpenAPI.ts';
export { OpenAPIGen, type IncrementalOpenAPIGen, type OpenAPIGenOptions } from './openapi/OpenAPIGen.ts';
export { OpenAPIError, type OpenAPIProblem } from './openapi/OpenAPIError.ts';
export type * from './openapi/model.ts';
export { DocsUI, type DocsUIOptions } from './docs/DocsUI.ts';
