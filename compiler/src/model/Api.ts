/**
 * The compiler's one intermediate model: every input is normalised into an {@link Api} once,
 * and every emitter reads only it, so both directions of the pipeline share one meaning. Identifiers are allocated here,
 * in one place, so every emitted file agrees on them.
 */
import type { NamedSchema, SchemaNode } from './Schema.ts';

export type { NamedSchema, SchemaNode } from './Schema.ts';

/** HTTP methods an operation may have (lower case, as OpenAPI path items key them). */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** Query serialisation styles the runtime speaks. */
export type QueryStyle = 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';

/** Where a parameter travels. */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** Path parameter codecs of the runtime. */
export type PathCodecKind = 'int' | 'integer' | 'long' | 'number' | 'string' | 'uuid' | 'bool';

/** One operation parameter (or an apiKey credential, which travels like one). */
export interface Parameter {
  readonly name: string;
  readonly in: ParameterLocation;
  /** Property name in the handler's/client's input object (lowerCamelCase, unique per operation). */
  readonly prop: string;
  readonly required: boolean;
  readonly schema: SchemaNode;
  readonly description?: string;
  readonly deprecated?: boolean;
  readonly style: QueryStyle | 'simple';
  readonly explode: boolean;
  /** OpenAPI's `content` instead of `schema`: the value travels as one text of this media type (JSON text for JSON). */
  readonly mediaType?: string;
  /** For path parameters: the runtime codec. */
  readonly pathCodec?: PathCodecKind;
  /** For path parameters: JSON Schema keywords the value is held to beyond its codec's type (`enum`, bounds, lengths, `pattern`). */
  readonly pathConstraints?: Readonly<Record<string, unknown>>;
  /** Set when the parameter carries an apiKey credential of this scheme. */
  readonly credential?: string;
  readonly examples?: Readonly<Record<string, unknown>>;
}

/** A part of a multipart/form-data body. */
export interface BodyPart {
  readonly name: string;
  readonly schema: SchemaNode;
  readonly required: boolean;
  /** `encoding.<part>.contentType`, when the spec gives one. */
  readonly mediaTypes?: readonly string[];
}

/** How a request body is carried. */
export type BodyKind = 'json' | 'form' | 'multipart' | 'text' | 'binary';

/** One shape of a body offered in several (OpenAPI `content` with more than one schema): its media types and schema. */
export interface BodyVariant {
  readonly kind: BodyKind;
  /** The first names the variant: the value's `mediaType` tag. */
  readonly mediaTypes: readonly string[];
  readonly schema: SchemaNode;
  /** For a multipart variant: its parts, one object of them as the value. */
  readonly parts?: readonly BodyPart[];
}

/** The request body of an operation (several media types sharing one schema). */
export interface RequestBody {
  readonly kind: BodyKind;
  readonly mediaTypes: readonly string[];
  readonly schema: SchemaNode;
  /** Set when the media types carry different schemas: every shape, the first being `kind`/`mediaTypes`/`schema`. */
  readonly variants?: readonly BodyVariant[];
  readonly required: boolean;
  readonly description?: string;
  /** For multipart bodies: the parts, from the object schema's properties. */
  readonly parts?: readonly BodyPart[];
}

/** A response header. */
export interface ResponseHeader {
  readonly name: string;
  /** Property name in the `headers` object of the response value. */
  readonly prop: string;
  readonly required: boolean;
  readonly schema: SchemaNode;
  readonly description?: string;
}

/** The body of a response: its media types sharing one schema. */
export interface ResponseContent {
  readonly mediaTypes: readonly string[];
  readonly schema: SchemaNode;
  /** Set when the media types carry different schemas: every shape, the first being `mediaTypes`/`schema`. */
  readonly variants?: readonly BodyVariant[];
}

/** One declared response. */
export interface Response {
  /** `200`, `2XX` or `default`, as the spec keys it. */
  readonly key: string;
  /** A status it can be answered with: the code, or the first one a range or `default` covers (tests sample it). */
  readonly status: number;
  readonly description?: string;
  readonly content?: ResponseContent;
  readonly headers: readonly ResponseHeader[];
}

/** How an operation authenticates. */
export type Auth =
  | { readonly kind: 'none' }
  | { readonly kind: 'basic'; readonly scheme: string }
  | { readonly kind: 'bearer'; readonly scheme: string };

/**
 * One credential a security requirement needs, as the runtime checks it for presence: an
 * `Authorization` header of a scheme, or an API key in a header, query parameter or cookie.
 */
export type CredentialCheck =
  { readonly scheme: 'Basic' | 'Bearer' } | { readonly in: 'header' | 'query' | 'cookie'; readonly name: string };

/** A piece of a path segment: literal text or a path parameter (by name). */
export type PathPiece = { readonly literal: string } | { readonly param: string };

/** One path segment: literal text, a parameter, or `mixed` pieces (`{name}.json`: a parameter then `.json`). */
export type PathSegment = PathPiece | { readonly mixed: readonly PathPiece[] };

/** One operation. */
export interface Operation {
  readonly method: HttpMethod;
  /** The OpenAPI path template, e.g. `/pets/{petId}`. */
  readonly path: string;
  /** Path segments: literal text, a path parameter (by name), or text around parameters (`{name}.json`). */
  readonly segments: readonly PathSegment[];
  /** operationId as given, or undefined. */
  readonly operationId?: string;
  /** lowerCamelCase identifier: the endpoint value, handler and client method. */
  readonly ident: string;
  /** PascalCase base of the operation's own type names. */
  readonly typeBase: string;
  /** Identifiers of the operation's input, output and error types. */
  readonly types: { readonly params: string; readonly output: string; readonly error: string };
  readonly summary?: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly deprecated: boolean;
  /** Parameters in input order: path (path order) first, then the others as declared. */
  readonly parameters: readonly Parameter[];
  readonly body?: RequestBody;
  /** The property name of the body in the input object. */
  readonly bodyProp: string;
  /** Success responses (1XX–3XX), in status order. */
  readonly outputs: readonly Response[];
  /** Failure responses (4XX, 5XX, default), in status order with default last. */
  readonly errors: readonly Response[];
  readonly auth: Auth;
  /**
   * The operation's `security` as presence checks: alternatives (any one suffices), each a list
   * of credentials that must all be sent. Undefined when anonymous calls are allowed, nothing is
   * required, or an alternative uses a scheme the runtime cannot see (then nothing is checked).
   */
  readonly security: ReadonlyArray<ReadonlyArray<CredentialCheck>> | undefined;
  /** JSON pointer of the operation. */
  readonly pointer: string;
  /** The module (tag) the operation is emitted in when endpoints are split. */
  readonly group: string;
  /** What picks it among operations of the same method and path, as its path's `#fragment` names it (fragmentSelectors.ts). */
  readonly selector?: RouteSelector;
}

/** A query parameter or header that tells operations of one method and path apart, with the text it must have (any when absent). */
export interface SelectorKey {
  readonly in: 'query' | 'header';
  readonly name: string;
  readonly value?: string;
}

/** The keys an operation's requests carry, and the other operations' keys they never carry (the runtime's `RouteSelector`). */
export interface RouteSelector {
  readonly carries?: readonly SelectorKey[];
  readonly lacks?: readonly SelectorKey[];
  /** Whether the request's path ends with `/`, where the document declares `/x` and `/x/` as two operations. */
  readonly slash?: boolean;
}

/** A security scheme the API declares. */
export interface SecurityScheme {
  readonly key: string;
  readonly kind: 'basic' | 'bearer' | 'apiKey';
  /** For apiKey: where it travels and under which name. */
  readonly in?: 'header' | 'query' | 'cookie';
  readonly paramName?: string;
  /** The client credential option's name (lowerCamelCase). */
  readonly prop: string;
  readonly description?: string;
}

/** The whole API. */
export interface Api {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
  /** The `openapi` version of the input. */
  readonly openapi: string;
  /** Named schemas in declaration order (components first, then hoisted ones). */
  readonly schemas: readonly NamedSchema[];
  readonly operations: readonly Operation[];
  readonly securitySchemes: readonly SecurityScheme[];
  /** First server URL, when the document names one. */
  readonly serverUrl?: string;
  /** The document the model was read from (bundled: external `$ref`s are in it), which the `openapi` target writes. */
  readonly document: Readonly<Record<string, unknown>>;
  /** `JSON.stringify(document, null, 2)` when the input already has it (endpoint files: joined from kept parts). */
  readonly documentJson?: string;
}

/**
 * `T` with every optional key required to be written (as undefined when absent). Model objects
 * built this way all share one V8 object shape, which keeps the emitters' optimized code stable.
 */
export type EveryKey<T> = { [K in keyof Required<T>]: T[K] };
