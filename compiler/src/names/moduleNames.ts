/**
 * The runtime exports generated endpoint modules may use, in the order their import lists them
 * (see emit/printer/RuntimeImports.ts). Generated names never take one of them: the naming step reserves them.
 */
export const runtimeNames = [
  'Endpoint',
  'RoutePattern',
  'PathCodec',
  'HttpCodec',
  'HeaderCodec',
  'Schema',
  'Responses',
  'AuthType',
  'defineEndpoint',
  'EndpointOf',
  'EndpointReturning',
  'DeclaredEndpoint',
  'DeclaredEndpointVoid',
  'SchemaOf',
  'StatusBody',
  'StatusIn',
] as const;

/** A runtime export generated code may import. */
export type RuntimeName = (typeof runtimeNames)[number];

/**
 * Names the endpoints module must leave free: what the server and client modules export (index
 * re-exports all three modules), `OperationName` and `OperationTypes` (the endpoints module's own
 * list of operations and table of their types) and the namespace they import the endpoints as.
 */
export const endpointsModuleLocals = [
  'Handlers',
  'HandlerResult',
  'ErrorMappers',
  'basePath',
  'declaredErrorMappers',
  'routes',
  'Client',
  'ClientOptions',
  'createClient',
  'OperationName',
  'OperationTypes',
  'endpoints',
] as const;
