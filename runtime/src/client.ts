// @kitgen/runtime/client: the part of the runtime that runs wherever TypeScript runs (browsers,
// workers, Deno, Bun, Node), on web-standard APIs only (fetch, URL, Headers, Blob, TextEncoder,
// AbortSignal, Web Crypto): schemas, endpoint definitions, body codecs and the client executor.
// Generated endpoint and client modules import from here; the package's main entry (index.ts)
// re-exports all of it beside the server, so a server and its client share one definition.
export { Either, type Left, type Right } from './util/Either.ts';
export { Duration } from './util/Duration.ts';
export { Secret } from './util/Secret.ts';

export { Method } from './http/Method.ts';
export { Status, statusHasNoBody } from './http/Status.ts';
export {
  Header,
  type HeaderType,
  type Authorization,
  type AccessControlAllowOrigin,
  type WildcardList,
} from './http/Header.ts';
export { MediaType } from './http/MediaType.ts';
export { Form } from './http/multipart/Form.ts';
export {
  FormField,
  type TextField,
  type BinaryField,
  type StreamingBinaryField,
  type StreamingFormField,
} from './http/multipart/FormField.ts';
export { statusCovered, isStatusKey, type StatusIn, type StatusRange, type StatusKey } from './http/StatusRange.ts';

export { DecodeError } from './errors/DecodeError.ts';
export type { BinaryCodec } from './codec/BinaryCodec.ts';
export { DiscriminatorSetting, type ExplicitConfig, type CodecConfigFields } from './codec/json/CodecConfig.ts';
export { CodecConfig } from './middleware/codecConfig.ts';
export { NameFormat } from './codec/json/NameFormat.ts';
export { JsonCodec, type JsonBinaryCodec } from './codec/json/JsonCodec.ts';
export {
  registerBodyCodec,
  registerBodyCodecLoader,
  bodyCodecFor,
  defaultMediaTypes,
  type BodyCodecFactory,
} from './codec/body/BodyCodecs.ts';
export { provideCodecLibrary } from './codec/schemaWalk/loadPeer.ts';

export { Schema, type Static, type TSchema, type SchemaOf } from './schema/Schema.ts';
export { Bytes, isBytesSchema, BytesKeyword } from './schema/Bytes.ts';
export { DateTime, isDateSchema, DateKeyword, type DateTimeOptions } from './schema/DateTime.ts';
export {
  TaggedUnion,
  taggedUnionInfo,
  TaggedUnionKeyword,
  type TaggedUnionInfo,
  type TaggedValue,
  type TTaggedUnion,
} from './schema/TaggedUnion.ts';
export { validatorFor, type Validator } from './schema/validator.ts';
export { DeriveSchema, DeriveSchemaError } from './schema/DeriveSchema.ts';

export {
  PathCodec,
  int,
  string,
  type PathCodecKind,
  type PathConstraints,
  type PathParamSchema,
} from './routing/PathCodec.ts';
export { RoutePattern, type ParamsOf, type Segment } from './routing/RoutePattern.ts';
export type { SegmentCodec, SegmentPart, PartsParams } from './routing/SegmentCodec.ts';

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
export type {
  AnyOperationTable,
  DeclaredEndpoint,
  DeclaredEndpointVoid,
  EndpointOf,
  EndpointReturning,
  EndpointReturns,
  EndpointTypes,
  NamedEndpoints,
  OperationNamedTypes,
  OperationTable,
  StatusBody,
} from './endpoint/EndpointOf.ts';
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
export {
  type QueryCodec,
  type ContentCodec,
  type QueryOptions,
  type HeaderOptions,
  type ContentOptions,
} from './endpoint/HttpCodec.ts';
export type { Unwrap, CodecKind } from './endpoint/types.ts';
export type {
  CodecNode,
  QueryNode,
  HeaderNode,
  ContentNode,
  StatusNode,
  StatusCoverage,
  QueryStyle,
  Examples,
} from './endpoint/CodecNode.ts';
export { arity, leaves, alternatives } from './endpoint/CodecNode.ts';
import { HttpCodecs } from './endpoint/HttpCodec.ts';
import type { HttpCodec as HttpCodecClass } from './endpoint/HttpCodec.ts';
import type { CodecKind as Kind } from './endpoint/types.ts';
/** The spec's `HttpCodec`: builders (`HttpCodec.query`, `.header`, `.content`, `.error`, `.status`, `.date`). */
export const HttpCodec = HttpCodecs;
/** A codec value (see endpoint/HttpCodec.ts). */
export type HttpCodec<T extends unknown[], K extends Kind = Kind> = HttpCodecClass<T, K>;
export {
  Responses,
  representativeStatus,
  type ResponseSpec,
  type ResponseValue,
  type ResponsesSide,
} from './endpoint/Responses.ts';
export {
  Bodies,
  type BodyVariant,
  type BodyVariantSpec,
  type PartsVariantSpec,
  type PartSpec,
  type BodiesOptions,
} from './endpoint/Bodies.ts';

export { EndpointExecutor, type ExecutorOptions } from './client/EndpointExecutor.ts';
export { EndpointError } from './client/EndpointError.ts';
export {
  clientFromEndpoints,
  type ClientOf,
  type ClientMethodOf,
  type ClientMethods,
  type EitherMethodOf,
  type EitherMethods,
  type NamedClientMethods,
  type NamedEitherMethods,
  type ClientInputOptions,
} from './client/clientFromEndpoints.ts';
export { ClientError, type ClientErrorKind } from './client/ClientError.ts';
export { connect, operation } from './client/operation.ts';
export type { Connection, ConnectionOptions, Operation, OperationOf, OperationArgs } from './client/operationTypes.ts';
export { operationOf } from './client/operationOf.ts';
export { connectWithEndpoints } from './client/connectWithEndpoints.ts';
export {
  RequestWriter,
  pathInt,
  pathInteger,
  pathLong,
  pathNumber,
  pathString,
  type PathKind,
} from './client/requestWriter.ts';
export type { PlainResponse, BodyCheck } from './client/plainResponse.ts';
export { schemaCheck, type EngineCheck } from './client/schemaCheck.ts';
// The string formats a generated operation's compiled checks call (the browser engine's own).
export {
  isDate as isDateFormat,
  isTime as isTimeFormat,
  isDateTime as isDateTimeFormat,
} from './schema/lightFormats.ts';
export { serviceEnvVar, resolveServiceUrl, type ServiceLookup } from './client/serviceUrl.ts';
export type { ClientCredentials, EncodedRequest } from './client/encodeRequest.ts';
export type {
  ClientInput,
  ClientValue,
  InputOf,
  OutputOf,
  ErrorOf,
  CallArgs,
  CallOptions,
} from './client/ClientTypes.ts';
