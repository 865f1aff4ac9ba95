// The OpenAPI 3.0/3.1 objects kitgen reads and writes, as TypeScript interfaces. Field names are
// the specification's; `x-…` extensions are allowed wherever the specification allows them.

/** Specification extensions (`x-…`) on an object. */
export interface Extensible {
  [extension: `x-${string}`]: unknown;
}

/** The root of an OpenAPI document. */
export interface OpenAPIDocument extends Extensible {
  openapi: string;
  info: InfoObject;
  /** 3.1 only. */
  jsonSchemaDialect?: string;
  servers?: ServerObject[];
  paths?: PathsObject;
  /** 3.1 only. */
  webhooks?: Record<string, PathItemObject>;
  components?: ComponentsObject;
  security?: SecurityRequirementObject[];
  tags?: TagObject[];
  externalDocs?: ExternalDocumentationObject;
}

/** Metadata about the API. */
export interface InfoObject extends Extensible {
  title: string;
  version: string;
  /** 3.1 only. */
  summary?: string;
  description?: string;
  termsOfService?: string;
  contact?: ContactObject;
  license?: LicenseObject;
}

/** Contact information of the API. */
export interface ContactObject extends Extensible {
  name?: string;
  url?: string;
  email?: string;
}

/** The license of the API (`identifier` is 3.1 only). */
export interface LicenseObject extends Extensible {
  name: string;
  url?: string;
  identifier?: string;
}

/** A server the API is served from. */
export interface ServerObject extends Extensible {
  url: string;
  description?: string;
  variables?: Record<string, ServerVariableObject>;
}

/** A variable of a server URL template. */
export interface ServerVariableObject extends Extensible {
  default: string;
  enum?: string[];
  description?: string;
}

/** Path templates (`/users/{id}`) to their operations. */
export type PathsObject = Record<string, PathItemObject>;

/** The HTTP methods a path item may hold. */
export type HttpMethodName = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** The operations on one path. */
export interface PathItemObject extends Extensible {
  $ref?: string;
  summary?: string;
  description?: string;
  get?: OperationObject;
  put?: OperationObject;
  post?: OperationObject;
  delete?: OperationObject;
  options?: OperationObject;
  head?: OperationObject;
  patch?: OperationObject;
  trace?: OperationObject;
  servers?: ServerObject[];
  parameters?: Array<ParameterObject | ReferenceObject>;
}

/** One operation (method on a path). */
export interface OperationObject extends Extensible {
  tags?: string[];
  summary?: string;
  description?: string;
  externalDocs?: ExternalDocumentationObject;
  operationId?: string;
  parameters?: Array<ParameterObject | ReferenceObject>;
  requestBody?: RequestBodyObject | ReferenceObject;
  /** Required in 3.0, optional in 3.1. */
  responses?: ResponsesObject;
  callbacks?: Record<string, Record<string, PathItemObject> | ReferenceObject>;
  deprecated?: boolean;
  security?: SecurityRequirementObject[];
  servers?: ServerObject[];
}

/** A `$ref` to another part of the document. */
export interface ReferenceObject {
  $ref: string;
  /** 3.1 only. */
  summary?: string;
  /** 3.1 only. */
  description?: string;
}

/** Where a parameter lives. */
export type ParameterLocation = 'query' | 'header' | 'path' | 'cookie';

/** Serialisation styles of parameters. */
export type ParameterStyle = 'matrix' | 'label' | 'form' | 'simple' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';

/** A parameter of an operation. Exactly one of `schema` and `content` is set. */
export interface ParameterObject extends Extensible {
  name: string;
  in: ParameterLocation;
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  allowEmptyValue?: boolean;
  style?: ParameterStyle;
  explode?: boolean;
  allowReserved?: boolean;
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, ExampleObject | ReferenceObject>;
  content?: Record<string, MediaTypeObject>;
}

/** A request body, per media type. */
export interface RequestBodyObject extends Extensible {
  description?: string;
  content: Record<string, MediaTypeObject>;
  required?: boolean;
}

/** The schema and examples of one media type. */
export interface MediaTypeObject extends Extensible {
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, ExampleObject | ReferenceObject>;
  encoding?: Record<string, EncodingObject>;
}

/** How one property of a multipart or form body is encoded. */
export interface EncodingObject extends Extensible {
  contentType?: string;
  headers?: Record<string, HeaderObject | ReferenceObject>;
  style?: ParameterStyle;
  explode?: boolean;
  allowReserved?: boolean;
}

/** Status codes (or `default`, `4XX`) to responses. */
export type ResponsesObject = Record<string, ResponseObject | ReferenceObject>;

/** One response. */
export interface ResponseObject extends Extensible {
  description: string;
  headers?: Record<string, HeaderObject | ReferenceObject>;
  content?: Record<string, MediaTypeObject>;
  links?: Record<string, unknown>;
}

/** A response (or encoding) header: a parameter without `name` and `in`. */
export interface HeaderObject extends Extensible {
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  style?: ParameterStyle;
  explode?: boolean;
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, ExampleObject | ReferenceObject>;
  content?: Record<string, MediaTypeObject>;
}

/** A named example value. */
export interface ExampleObject extends Extensible {
  summary?: string;
  description?: string;
  value?: unknown;
  externalValue?: string;
}

/** A tag with its description. */
export interface TagObject extends Extensible {
  name: string;
  description?: string;
  externalDocs?: ExternalDocumentationObject;
}

/** A link to external documentation. */
export interface ExternalDocumentationObject extends Extensible {
  url: string;
  description?: string;
}

/** Reusable parts of the document. */
export interface ComponentsObject extends Extensible {
  schemas?: Record<string, SchemaObject>;
  responses?: Record<string, ResponseObject | ReferenceObject>;
  parameters?: Record<string, ParameterObject | ReferenceObject>;
  examples?: Record<string, ExampleObject | ReferenceObject>;
  requestBodies?: Record<string, RequestBodyObject | ReferenceObject>;
  headers?: Record<string, HeaderObject | ReferenceObject>;
  securitySchemes?: Record<string, SecuritySchemeObject | ReferenceObject>;
  links?: Record<string, unknown>;
  callbacks?: Record<string, unknown>;
  /** 3.1 only. */
  pathItems?: Record<string, PathItemObject>;
}

/** How clients authenticate. */
export type SecuritySchemeObject =
  | ({ type: 'http'; scheme: string; bearerFormat?: string; description?: string } & Extensible)
  | ({ type: 'apiKey'; name: string; in: 'query' | 'header' | 'cookie'; description?: string } & Extensible)
  | ({ type: 'oauth2'; flows: Record<string, unknown>; description?: string } & Extensible)
  | ({ type: 'openIdConnect'; openIdConnectUrl: string; description?: string } & Extensible)
  | ({ type: 'mutualTLS'; description?: string } & Extensible);

/** Scheme names to required scopes; `{}` means anonymous access. */
export type SecurityRequirementObject = Record<string, string[]>;

/** The `type` keyword's values (`integer` and `null` included; `null` as a type is 3.1 only). */
export type SchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** Tells the cases of a `oneOf`/`anyOf` apart by a property. */
export interface DiscriminatorObject extends Extensible {
  propertyName: string;
  mapping?: Record<string, string>;
}

/**
 * A schema: JSON Schema 2020-12 with OpenAPI's additions in 3.1, OpenAPI's JSON Schema subset in
 * 3.0 (`nullable`, boolean `exclusiveMinimum`, `example`). A `$ref` stands alone in 3.0.
 */
export interface SchemaObject extends Extensible {
  $ref?: string;
  title?: string;
  description?: string;
  type?: SchemaType | SchemaType[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  /** 3.1 (JSON Schema) form. */
  examples?: unknown[];
  /** 3.0 form (deprecated in 3.1). */
  example?: unknown;
  /** 3.0 only. */
  nullable?: boolean;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  multipleOf?: number;
  maximum?: number;
  /** A number in 3.1; a boolean modifier of `maximum` in 3.0. */
  exclusiveMaximum?: number | boolean;
  minimum?: number;
  /** A number in 3.1; a boolean modifier of `minimum` in 3.0. */
  exclusiveMinimum?: number | boolean;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maxItems?: number;
  minItems?: number;
  uniqueItems?: boolean;
  maxProperties?: number;
  minProperties?: number;
  required?: string[];
  properties?: Record<string, SchemaObject>;
  additionalProperties?: boolean | SchemaObject;
  /** 3.1 only. */
  patternProperties?: Record<string, SchemaObject>;
  /** 3.1 only. */
  propertyNames?: SchemaObject;
  /** A schema; `false` (3.1) closes a tuple after `prefixItems`. */
  items?: SchemaObject | boolean;
  /** 3.1 only. */
  prefixItems?: SchemaObject[];
  /** 3.1 only. */
  contains?: SchemaObject;
  allOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  not?: SchemaObject;
  discriminator?: DiscriminatorObject;
  /** 3.1 only. */
  contentMediaType?: string;
  /** 3.1 only. */
  contentEncoding?: string;
}
