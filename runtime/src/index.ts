// @kitgen/runtime: the public surface. Spec names are kept (docs/spec-mapping.md lists the rest).
export { Either, type Left, type Right } from './util/Either.ts';
export { Duration } from './util/Duration.ts';
export { Secret } from './util/Secret.ts';

export { Method } from './http/Method.ts';
export { Status, statusHasNoBody } from './http/Status.ts';
export { Headers, type HeaderValue, type HeadersInit } from './http/Headers.ts';
export { Header, type HeaderType, type Authorization, type AccessControlAllowOrigin, type WildcardList } from './http/Header.ts';
export { MediaType } from './http/MediaType.ts';
export { Body } from './http/Body.ts';
export { Form } from './http/multipart/Form.ts';
export { FormField, type TextField, type BinaryField, type StreamingBinaryField, type StreamingFormField } from './http/multipart/FormField.ts';
export { MultipartLimits } from './http/multipart/MultipartLimits.ts';
export { fileMediaType } from './http/fileMediaType.ts';
export { Request, type RequestInit } from './http/Request.ts';
export { Response } from './http/Response.ts';
export { HttpError, reasonPhrase, type HttpErrorOptions } from './http/HttpError.ts';
export { ConfigErrors, HttpErrors, type ConfigErrorEntry, type ErrorEntry } from './errors/catalogue.ts';

export { DecodeError } from './errors/DecodeError.ts';
export type { BinaryCodec } from './codec/BinaryCodec.ts';
export { ProtobufCodec, type ProtobufBinaryCodec, type ProtobufCodecOptions } from './codec/protobuf/ProtobufCodec.ts';
export { AvroCodec, type AvroBinaryCodec, type AvroCodecOptions } from './codec/avro/AvroCodec.ts';
export { ThriftCodec, type ThriftBinaryCodec, type ThriftCodecOptions } from './codec/thrift/ThriftCodec.ts';
export { MessagePackCodec, type MessagePackCodecOptions } from './codec/msgpack/MessagePackCodec.ts';
export { CodecSchemaError, EncodeError } from './codec/schemaWalk/errors.ts';
export type { SchemaBinaryCodec, IdlBinaryCodec } from './codec/schemaWalk/codecParts.ts';

export { PathCodec, int, string, type PathCodecKind, type PathParamSchema } from './routing/PathCodec.ts';
export { RoutePattern, type ParamsOf, type Segment } from './routing/RoutePattern.ts';
export type { SegmentCodec, SegmentPart, PartsParams } from './routing/SegmentCodec.ts';
export type { Handler } from './routing/Handler.ts';
export { Route, type RouteFunction, type RouteKind } from './routing/Route.ts';
// Adds `Route.webSocket` (the WebSocket layer extends Route; routing never imports it).
import './websocket/webSocketRoute.ts';
export { Routes } from './routing/Routes.ts';
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
export { WebSocketConfigError } from './websocket/WebSocketConfigError.ts';
export { TransportConfig, type ChannelType, type LeakDetectionLevel, type TransportFields } from './server/config/TransportConfig.ts';
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

export { Schema, type Static, type TSchema, type SchemaOf } from './schema/Schema.ts';
export { Bytes, isBytesSchema, BytesKeyword } from './schema/Bytes.ts';
export { DateTime, isDateSchema, DateKeyword, type DateTimeOptions } from './schema/DateTime.ts';
export { DeriveSchema, DeriveSchemaError } from './schema/DeriveSchema.ts';
export { TaggedUnion, taggedUnionInfo, TaggedUnionKeyword, type TaggedUnionInfo, type TaggedValue, type TTaggedUnion } from './schema/TaggedUnion.ts';

export { CodecConfigKey } from './util/symbols.ts';
export { DiscriminatorSetting, type ExplicitConfig, type CodecConfigFields } from './codec/json/CodecConfig.ts';
export { CodecConfig } from './middleware/codecConfig.ts';
export { NameFormat } from './codec/json/NameFormat.ts';
export { JsonCodec, type JsonBinaryCodec } from './codec/json/JsonCodec.ts';
export { registerBodyCodec, bodyCodecFor, defaultMediaTypes, type BodyCodecFactory } from './codec/body/BodyCodecs.ts';
export { validatorFor, type Validator } from './schema/validator.ts';

export {
  Endpoint,
  EndpointImpl,
  type AnyEndpoint,
  type EndpointDocs,
  type EndpointHandler,
  type HandlerContext,
  type HandlerResult,
  type ExactInput,
} from './endpoint/Endpoint.ts';
export { EndpointFailure } from './endpoint/EndpointFailure.ts';
export {
  routesFromHandlers,
  type HandlerOf,
  type HandlersOf,
  type ErrorMappers,
  type ErrorMappersFor,
  type RoutesOptions,
} from './endpoint/routesFromHandlers.ts';
export { type RuntimeFailure, type ErrorMapper } from './endpoint/server/RuntimeFailure.ts';
export type { EndpointOf, EndpointTypes } from './endpoint/EndpointOf.ts';
export {
  defineEndpoint,
  type EndpointSpec,
  type PathParamSpec,
  type PathSegmentSpec,
  type ParameterSpec,
  type BodySpec,
  type MultipartSpec,
  type VariantBodySpec,
  type ResponseHeaderSpec,
  type ResponseDataSpec,
  type PlainOutputSpec,
} from './endpoint/defineEndpoint.ts';
export { AuthType, type Credentials } from './endpoint/AuthType.ts';
export { Doc } from './endpoint/Doc.ts';
export { HeaderCodec, type ContentTypeCodec } from './endpoint/HeaderCodec.ts';
export { type QueryCodec, type ContentCodec, type QueryOptions, type HeaderOptions, type ContentOptions } from './endpoint/HttpCodec.ts';
export type { Unwrap, CodecKind } from './endpoint/types.ts';
export type { CodecNode, QueryNode, HeaderNode, ContentNode, StatusNode, StatusCoverage, QueryStyle, Examples } from './endpoint/CodecNode.ts';
export { arity, leaves, alternatives } from './endpoint/CodecNode.ts';
import { HttpCodecs } from './endpoint/HttpCodec.ts';
import type { HttpCodec as HttpCodecClass } from './endpoint/HttpCodec.ts';
import type { CodecKind as Kind } from './endpoint/types.ts';
/** The spec's `HttpCodec`: builders (`HttpCodec.query`, `.header`, `.content`, `.error`, `.status`, `.date`). */
export const HttpCodec = HttpCodecs;
/** A codec value (see endpoint/HttpCodec.ts). */
export type HttpCodec<T extends unknown[], K extends Kind = Kind> = HttpCodecClass<T, K>;
export { Responses, representativeStatus, type ResponseSpec, type ResponseValue, type ResponsesSide } from './endpoint/Responses.ts';
export { Bodies, type BodyVariant, type BodyVariantSpec, type PartsVariantSpec, type BodiesOptions } from './endpoint/Bodies.ts';
export { statusCovered, isStatusKey, type StatusIn, type StatusRange, type StatusKey } from './http/StatusRange.ts';

export { EndpointExecutor, type ExecutorOptions } from './client/EndpointExecutor.ts';
export { EndpointError } from './client/EndpointError.ts';
export {
  clientFromEndpoints,
  type ClientOf,
  type ClientMethodOf,
  type ClientMethods,
  type EitherMethodOf,
  type EitherMethods,
  type ClientInputOptions,
} from './client/clientFromEndpoints.ts';
export { ClientError, type ClientErrorKind } from './client/ClientError.ts';
export { serviceEnvVar, resolveServiceUrl, type ServiceLookup } from './client/serviceUrl.ts';
export type { ClientCredentials, EncodedRequest } from './client/encodeRequest.ts';
export type { ClientInput, ClientValue, InputOf, OutputOf, ErrorOf, CallArgs, CallOptions } from './client/ClientTypes.ts';
export { HttpCliApp, CliExitCode, type HttpCliAppOptions, type CliApp, type CliIO } from './cli/HttpCliApp.ts';
export type { CliStyle } from './cli/commandNames.ts';
export type { CliOutput } from './cli/printResponse.ts';

export { OpenAPI, type OperationEntry } from './openapi/OpenAPI.ts';
export { OpenAPIGen, type OpenAPIGenOptions } from './openapi/OpenAPIGen.ts';
export { OpenAPIError, type OpenAPIProblem } from './openapi/OpenAPIError.ts';
export type * from './openapi/model.ts';
export { DocsUI, type DocsUIOptions } from './docs/DocsUI.ts';
