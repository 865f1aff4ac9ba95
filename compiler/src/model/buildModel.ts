import { breakRefLoops } from './refLoops.ts';
import { pointerJoin, type Diagnostics } from '../diagnostics/index.ts';
import { isObject, DocumentReader, type Json } from './DocumentReader.ts';
import { SchemaConverter, type SchemaOptions } from './SchemaConverter.ts';
import { readParameters, type RawParameter } from './parameters.ts';
import { readRequestBody, readResponses, type RawResponse } from './bodies.ts';
import { operationSecurity, readSecuritySchemes } from './security.ts';
import { allocateNames } from './naming.ts';
import type { RawOperation } from './RawOperation.ts';
import { placeStatuses } from './statuses.ts';
import { withApiKeyParameters } from './apiKeyParameters.ts';
import { groupOperations } from './grouping.ts';
import { withFragmentSelectors } from './fragmentSelectors.ts';
import type { Api, HttpMethod, PathPiece, PathSegment, RequestBody } from './Api.ts';
import { delimitingParams, pathSegments, segmentParams } from './pathSegments.ts';
import { slashed, splitPathKey, withPathQuery } from './pathQuery.ts';
import { ReadWriteViews } from './readWrite.ts';
import type { SchemaNode } from './Schema.ts';

/** Options of model building. */
export type ModelOptions = SchemaOptions;

const methods: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Builds the model of an OpenAPI 3.0/3.1 document: schemas, operations with their inputs,
 * outputs, errors and security, and every identifier the emitters use. Problems go to
 * `diagnostics`; what is sound is still modelled.
 */
export function buildModel(document: Json, diagnostics: Diagnostics, options: ModelOptions = { int64: 'bigint' }): Api {
  const reader = new DocumentReader(document, diagnostics);
  const schemas = new SchemaConverter(reader, options);
  schemas.convertComponents();
  const resolve = (node: SchemaNode): SchemaNode => {
    let n = node;
    const seen = new Set<string>();
    while (n.kind === 'ref' && !seen.has(n.target)) {
      seen.add(n.target);
      n = schemas.named.get(n.target)?.schema ?? { kind: 'any' };
    }
    return n;
  };

  const views = new ReadWriteViews(schemas.named);
  const writeBody = (b: RequestBody | undefined): RequestBody | undefined =>
    b && {
      ...b,
      schema: views.write(b.schema),
      ...(b.parts
        ? {
            parts: b.parts
              .filter((p) => p.schema.readOnly !== true)
              .map((p) => ({ ...p, schema: views.write(p.schema) })),
          }
        : {}),
      ...(b.variants
        ? {
            variants: b.variants.map((v) => ({
              ...v,
              schema: views.write(v.schema),
              ...(v.parts
                ? {
                    parts: v.parts
                      .filter((p) => p.schema.readOnly !== true)
                      .map((p) => ({ ...p, schema: views.write(p.schema) })),
                  }
                : {}),
            })),
          }
        : {}),
    };

  // A missing or odd title or version is worth a warning, not a refusal: the code does not need them.
  const info = isObject(document.info) ? document.info : undefined;
  if (!info) diagnostics.warn('/info', 'the document has no info object (title and version); "API" 0.0.0 is used');
  const text = (v: unknown) =>
    typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
  const title = text(info?.title) ?? 'API';
  const version = text(info?.version) ?? '0.0.0';
  if (info && typeof info.title !== 'string')
    diagnostics.warn('/info/title', `info.title must be text; ${JSON.stringify(title)} is used`);
  if (info && typeof info.version !== 'string')
    diagnostics.warn('/info/version', `info.version must be text; ${JSON.stringify(version)} is used`);

  const responsesOptional = /^3\.[1-9]/.test(String(document.openapi));
  const securitySchemes = readSecuritySchemes(reader);
  const operations: RawOperation[] = [];
  const routes = new Map<string, string>();
  const paths = document.paths;
  if (paths !== undefined && !isObject(paths)) diagnostics.error('/paths', 'paths must be an object');
  for (const [path, itemRaw] of Object.entries(isObject(paths) ? paths : {})) {
    if (path.startsWith('x-')) continue;
    const itemPointer = pointerJoin('/paths', path);
    if (!path.startsWith('/')) diagnostics.warn(itemPointer, `path "${path}" should start with "/"`);
    const item = reader.deref(itemRaw, itemPointer);
    if (!item || !isObject(item.value)) continue;
    // What follows `#` is a fragment, never sent: AWS's documents name there the query parameter
    // or header (and its value) that tells operations of one path apart. What follows `?` is a
    // query string the document wrote into the key. The route is the path before both; the keys
    // they name pick among operations of one route at each request (fragmentSelectors.ts).
    const key = splitPathKey(path);
    const pathSegmentsOf = pathSegments(key.route);
    for (const method of methods) {
      const opRaw = item.value[method];
      if (opRaw === undefined) continue;
      const pointer = pointerJoin(itemPointer, method);
      if (!isObject(opRaw)) {
        diagnostics.error(pointer, 'an operation must be an object');
        continue;
      }
      const itemParameters = item.value.parameters;
      const readParams = () =>
        withPathQuery(
          readParameters(
            [
              { value: itemParameters, pointer: `${item.pointer}/parameters` },
              { value: opRaw.parameters, pointer: `${pointer}/parameters` },
            ],
            reader,
            schemas,
            resolve,
          ),
          key,
          pointer,
          diagnostics,
        );
      let parameters: RawParameter[] | undefined;
      let segments = pathSegmentsOf;
      // Two parameters with no text between them (`{pageName}{mediaTypeExtension}`) split where
      // the later one's enum or pattern says, so the operation's own parameters decide.
      if (typeof segments === 'string' && key.route.includes('}{')) {
        parameters = readParams();
        segments = pathSegments(key.route, delimitingParams(parameters));
      }
      if (typeof segments === 'string') {
        diagnostics.warn(pointer, `path "${path}" cannot be routed: ${segments}; the operation is left out`);
        continue;
      }
      const shape = (p: PathPiece) => ('literal' in p ? p.literal : '{}');
      // Trailing slashes count: tomtom's `/wms//` (GetCapabilities) beside `/wms/` (GetMap) is
      // another operation, told apart by its required `request` (an empty segment is refused on
      // the wire, so both are served at `/wms`).
      const routeKey = `${method} /${segments.map((s) => ('mixed' in s ? s.mixed.map(shape).join('') : shape(s))).join('/')}${slashed(key.route) ? (/\/+$/.exec(key.route)?.[0] ?? '/') : ''}${key.query === '' ? '' : `?${key.query}`}${key.fragment}`;
      const clash = routes.get(routeKey);
      if (clash !== undefined) {
        diagnostics.warn(
          pointer,
          `${method.toUpperCase()} ${path} matches the same requests as ${clash}; the operation is left out`,
        );
        continue;
      }
      routes.set(routeKey, `${method.toUpperCase()} ${path}`);
      parameters ??= readParams();
      const ordered = orderParameters(parameters, segments, pointer, diagnostics);
      const security = operationSecurity(
        opRaw.security ?? document.security,
        opRaw.security !== undefined ? `${pointer}/security` : '/security',
        securitySchemes,
        reader,
      );
      // OpenAPI 3.1 made `responses` optional (an operation may declare none); 3.0 requires it.
      const responses: RawResponse[] =
        opRaw.responses === undefined && responsesOptional
          ? []
          : readResponses(opRaw.responses, `${pointer}/responses`, reader, schemas, resolve);
      operations.push({
        method,
        path,
        segments,
        ...(typeof opRaw.operationId === 'string' && opRaw.operationId !== ''
          ? { operationId: opRaw.operationId }
          : {}),
        ...(typeof opRaw.summary === 'string' ? { summary: opRaw.summary } : {}),
        ...(typeof opRaw.description === 'string' ? { description: opRaw.description } : {}),
        tags: Array.isArray(opRaw.tags) ? opRaw.tags.filter((t): t is string => typeof t === 'string') : [],
        deprecated: opRaw.deprecated === true,
        // A parameter is a request's value too: readOnly properties are left out of its schema.
        parameters: ordered.map((p) => ({ ...p, schema: views.write(p.schema) })),
        body: writeBody(readRequestBody(opRaw.requestBody, `${pointer}/requestBody`, reader, schemas, resolve)),
        responses,
        security,
        pointer,
      });
    }
  }

  // After the operations: a schema outside the components (hoisted where it refers back into
  // itself) may be met there first.
  breakRefLoops(schemas.named, diagnostics);
  const servers = Array.isArray(document.servers) ? document.servers : [];
  const serverUrl = isObject(servers[0]) && typeof servers[0].url === 'string' ? servers[0].url : undefined;
  // Each step one concern: statuses, apiKey credentials as parameters, identifiers, then modules.
  const placed = operations.map((op) => ({
    ...op,
    parameters: withApiKeyParameters(op.parameters, op.security),
    responses: placeStatuses(op.responses),
  }));
  const named = allocateNames(schemas, placed, diagnostics);
  return {
    title,
    version,
    ...(typeof info?.description === 'string' ? { description: info.description } : {}),
    openapi: String(document.openapi),
    schemas: named.schemas,
    operations: groupOperations(withFragmentSelectors(named.operations)),
    securitySchemes,
    ...(serverUrl !== undefined ? { serverUrl } : {}),
    document,
  };
}

/** Path parameters in template order (declared or not), then the other parameters as declared. */
function orderParameters(
  parameters: RawParameter[],
  segments: readonly PathSegment[],
  pointer: string,
  diagnostics: Diagnostics,
): RawParameter[] {
  const path: RawParameter[] = [];
  // A name the path holds twice is one parameter of the operation.
  const names = [...new Set(segmentParams(segments))];
  for (const name of names) {
    const p = parameters.find((x) => x.in === 'path' && x.name === name);
    if (p) path.push(p);
    else {
      diagnostics.warn(`${pointer}/parameters`, `path parameter "${name}" is not declared; it is read as text`);
      path.push({
        name,
        in: 'path',
        required: true,
        schema: { kind: 'string', constraints: {} },
        style: 'simple',
        explode: false,
        pathCodec: 'string',
        pointer,
      });
    }
  }
  for (const p of parameters) {
    if (p.in === 'path' && !names.includes(p.name)) {
      diagnostics.warn(p.pointer, `path parameter "${p.name}" does not appear in the path; it is ignored`);
    }
  }
  return [...path, ...parameters.filter((p) => p.in !== 'path')];
}
