import type { TSchema } from 'typebox';
import { CodecConfig } from '../codec/json/CodecConfig.ts';
import { leaves } from '../endpoint/CodecNode.ts';
import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import { downgradeTo30 } from './downgrade30.ts';
import { genContext } from './genContext.ts';
import type {
  ContactObject,
  HttpMethodName,
  LicenseObject,
  OpenAPIDocument,
  PathsObject,
  SecurityRequirementObject,
  SecuritySchemeObject,
  ServerObject,
  TagObject,
} from './model.ts';
import { defaultOperationId, NameAllocator } from './names.ts';
import { OpenAPI } from './OpenAPI.ts';
import { operationDocs } from './operationGen.ts';
import { OperationParts, PartsMismatch } from './operationParts.ts';
import { SchemaBuilder } from './schemaGen.ts';
import { schemaIds } from './schemaIds.ts';
import { shareSchemas } from './shareSchemas.ts';
import { ConfigErrors, configError } from '../errors/catalogue.ts';

/** Options of {@link OpenAPIGen.fromEndpoints} beyond title and version. */
export interface OpenAPIGenOptions {
  readonly title: string;
  readonly version: string;
  /** `3.1.0` (default) or `3.0.3`. */
  readonly openapi?: '3.1.0' | '3.0.3';
  readonly description?: string;
  readonly termsOfService?: string;
  readonly contact?: ContactObject;
  readonly license?: LicenseObject;
  /** Where the API is served; default `[{ url: '/' }]` (the server the document is served from). */
  readonly servers?: readonly ServerObject[];
  /** Security required by default (root `security`); endpoints without auth then say `security: []`. */
  readonly security?: readonly SecurityRequirementObject[];
  /** Security schemes named by `security`, beside the `basicAuth`/`bearerAuth` the endpoints imply. */
  readonly securitySchemes?: Readonly<Record<string, SecuritySchemeObject>>;
  /** Tags with descriptions; tags endpoints use without a declaration are added by name. */
  readonly tags?: readonly TagObject[];
  /** The JSON CodecConfig the endpoints are served with (default: the global one in effect). */
  readonly codecConfig?: CodecConfig;
  /** Describe the 400 (input did not decode) and 401 (Basic/Bearer) answers the server gives by itself (default true). */
  readonly implicitErrors?: boolean;
}

const methodOf = (endpoint: AnyEndpoint): HttpMethodName => {
  const m = String(endpoint.state.route.method);
  if (m === '*') throw configError(ConfigErrors.OPENAPI_ANY_METHOD, String(endpoint));
  return m.toLowerCase() as HttpMethodName;
};

function schemasOf(endpoint: AnyEndpoint): TSchema[] {
  const { input, output, error } = endpoint.state;
  return [input, output, ...(error ? [error] : [])]
    .flatMap((n) => leaves(n))
    .flatMap((l) => (l.kind === 'status' ? [] : [l.schema as TSchema]));
}

/** Default operationIds, unique; a declared one used twice is an error. */
function operationIds(endpoints: readonly AnyEndpoint[]): string[] {
  const names = new NameAllocator();
  const declared = new Map<string, AnyEndpoint>();
  for (const e of endpoints) {
    const id = e.state.docs.operationId;
    if (id === undefined) continue;
    const other = declared.get(id);
    if (other) throw configError(ConfigErrors.OPENAPI_DUPLICATE_OPERATION_ID, id, String(other), String(e));
    declared.set(id, e);
    names.reserve(id);
  }
  return endpoints.map((e) =>
    e.state.docs.operationId !== undefined
      ? names.take(e.state.docs.operationId, true)
      : names.take(defaultOperationId(methodOf(e), e.state.route.openApiPath)),
  );
}

function build(options: OpenAPIGenOptions, endpoints: readonly AnyEndpoint[], parts?: OperationParts): OpenAPI {
  const config = options.codecConfig ?? CodecConfig.current();
  const implicitErrors = options.implicitErrors ?? true;
  if (!parts) return assemble(options, endpoints, config, implicitErrors);
  parts.begin(config, implicitErrors);
  let api: OpenAPI;
  try {
    api = assemble(options, endpoints, config, implicitErrors, parts);
  } catch (error) {
    if (!(error instanceof PartsMismatch)) throw error;
    // The endpoints before the one whose answers moved replay as before; from it on, each is converted.
    parts.begin(config, implicitErrors, error.index);
    api = assemble(options, endpoints, config, implicitErrors, parts);
  }
  parts.commit();
  return api;
}

function assemble(
  options: OpenAPIGenOptions,
  endpoints: readonly AnyEndpoint[],
  config: CodecConfig,
  implicitErrors: boolean,
  parts?: OperationParts,
): OpenAPI {
  const names = new NameAllocator();
  const byId = parts ? parts.schemaIds(endpoints, schemasOf, names) : schemaIds(endpoints.flatMap(schemasOf), names);
  const schemas = new SchemaBuilder(config, byId, names);
  const securitySchemes: Record<string, SecuritySchemeObject> = { ...options.securitySchemes };
  const ctx = genContext(schemas, config, implicitErrors, securitySchemes);
  const rootSecurity = options.security ? [...options.security] : [];
  const ids = operationIds(endpoints);
  const paths: PathsObject = {};
  const usedTags: string[] = [];
  endpoints.forEach((endpoint, i) => {
    const method = methodOf(endpoint);
    const path = endpoint.state.route.openApiPath;
    const item = (paths[path] ??= {});
    if (item[method]) throw configError(ConfigErrors.OPENAPI_DUPLICATE_OPERATION, method.toUpperCase(), path);
    const op = parts ? parts.operation(endpoint, ctx, ids[i], i) : operationDocs(endpoint, ctx, ids[i]);
    // Operations without auth of their own opt out of a default requirement explicitly.
    if (op.security === undefined && rootSecurity.length > 0) op.security = [];
    item[method] = op;
    usedTags.push(...(op.tags ?? []));
  });

  const info: OpenAPIDocument['info'] = { title: options.title, version: options.version };
  if (options.description !== undefined) info.description = options.description;
  if (options.termsOfService !== undefined) info.termsOfService = options.termsOfService;
  if (options.contact !== undefined) info.contact = { ...options.contact };
  if (options.license !== undefined) info.license = { ...options.license };
  const doc: OpenAPIDocument = {
    openapi: '3.1.0',
    info,
    servers: (options.servers ?? [{ url: '/' }]).map((s) => ({ ...s })),
  };
  const declaredTags = (options.tags ?? []).map((t) => ({ ...t }));
  const tags = [
    ...declaredTags,
    ...[...new Set(usedTags)].filter((t) => !declaredTags.some((d) => d.name === t)).map((name) => ({ name })),
  ];
  if (tags.length > 0) doc.tags = tags;
  doc.security = rootSecurity;
  doc.paths = paths;
  doc.components = {};
  if (Object.keys(schemas.schemas).length > 0) doc.components.schemas = schemas.schemas;
  if (Object.keys(securitySchemes).length > 0) doc.components.securitySchemes = securitySchemes;
  shareSchemas(doc, schemas.hints, names, parts?.settled);
  if (Object.keys(doc.components.schemas ?? {}).length === 0) delete doc.components.schemas;
  if (Object.keys(doc.components).length === 0) delete doc.components;
  return OpenAPI.trusted(options.openapi === '3.0.3' ? downgradeTo30(doc) : doc);
}

/**
 * The spec's `OpenAPIGen`: `fromEndpoints(title, version, ...endpoints)` describes endpoints as an
 * OpenAPI 3.1.0 document (3.0.3 with `{ openapi: '3.0.3' }` in the options form) — operations,
 * parameters, bodies, responses, shared schemas and security — as they behave on the wire.
 */
export const OpenAPIGen = {
  /** Describes the endpoints; the options form also takes version, servers, security and more. */
  fromEndpoints: fromEndpoints as {
    (title: string, version: string, ...endpoints: AnyEndpoint[]): OpenAPI;
    (options: OpenAPIGenOptions, ...endpoints: AnyEndpoint[]): OpenAPI;
  },
  /**
   * A describer that keeps each endpoint's part of its last document: describing again after
   * some endpoints changed converts only those (endpoints are immutable values, so the same
   * object is the same endpoint), and gives the document `fromEndpoints` gives, byte for byte.
   * For a watch that describes the same endpoints on every save. Successive documents share the
   * schemas that did not change, frozen: `structuredClone` a document before modifying it.
   */
  incremental(): IncrementalOpenAPIGen {
    const parts = new OperationParts();
    return { fromEndpoints: (options, ...endpoints) => build(options, endpoints, parts) };
  },
} as const;

/** What {@link OpenAPIGen.incremental} returns. */
export interface IncrementalOpenAPIGen {
  /** As `OpenAPIGen.fromEndpoints` (options form), reusing the parts of the endpoints described last time. */
  fromEndpoints(options: OpenAPIGenOptions, ...endpoints: AnyEndpoint[]): OpenAPI;
}

function fromEndpoints(first: string | OpenAPIGenOptions, ...rest: unknown[]): OpenAPI {
  if (typeof first === 'string') {
    const [version, ...endpoints] = rest as [string, ...AnyEndpoint[]];
    return build({ title: first, version }, endpoints);
  }
  return build(first, rest as AnyEndpoint[]);
}
