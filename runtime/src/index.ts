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
export { HttpError, reasonPhrase } from './http/HttpError.ts';

export { DecodeError } from './codec/DecodeError.ts';
export type { BinaryCodec } from './codec/BinaryCodec.ts';

export { PathCodec, int, string, type PathCodecKind, type PathParamSchema } from './routing/PathCodec.ts';
export { RoutePattern, type ParamsOf, type Segment } from './routing/RoutePattern.ts';
export type { Handler } from './routing/Handler.ts';
export { Route, type RouteFunction } from './routing/Route.ts';
export { Routes } from './routing/Routes.ts';
export { canonicalPath, type CanonicalPath } from './routing/canonicalPath.ts';

export { type Middleware, makeMiddleware, perRouteMiddleware, aroundRoutesMiddleware } from './middleware/Middleware.ts';

export { Log, type Logger } from './log/Log.ts';

export { Server } from './server/Server.ts';
export { ServerLayer } from './server/ServerLayer.ts';
export { HttpServer } from './server/HttpServer.ts';
export { ServerConfig, type ServerConfigFields, type InetSocketAddress } from './server/config/ServerConfig.ts';
export { Decompression } from './server/config/Decompression.ts';
export { RequestStreaming } from './server/config/RequestStreaming.ts';
export { ResponseCompressionConfig, CompressionOption } from './server/config/ResponseCompressionConfig.ts';
export { WebSocketConfig, SocketDecoder, type CloseStatus } from './server/config/WebSocketConfig.ts';
export { TransportConfig, type ChannelType, type LeakDetectionLevel } from './server/config/TransportConfig.ts';
export { SSLConfig, HttpBehaviour, ClientAuth, TrustManagerKeyStore, TrustManagerKeyStoreBuilder, type TrustManagerKeyStoreInput, type KeyMaterialLocation } from './server/config/SSLConfig.ts';
export { SSLConfigError } from './server/tls/SSLConfigError.ts';

export { Schema, type Static, type TSchema } from './schema/Schema.ts';
export { Bytes, isBytesSchema, BytesKeyword } from './schema/Bytes.ts';
export { TaggedUnion, taggedUnionInfo, TaggedUnionKeyword, type TaggedUnionInfo, type TaggedValue, type TTaggedUnion } from './schema/TaggedUnion.ts';
