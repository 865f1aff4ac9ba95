import type { Api } from '../model/Api.ts';
import { jsDoc, objectKey, stringLiteral } from '../names/literals.ts';
import { headerView, setModule, type EmitOptions } from './EmitOptions.ts';
import { importPath } from './printer/modulePaths.ts';
import { emitOperations } from './emitOperations.ts';
import { emitUserEndpoints, userEndpointsModule, userEndpointsOf } from './userEndpointsModule.ts';

interface Credential {
  readonly prop: string;
  readonly type: string;
  readonly doc: string;
}

/** The credential options of the client: basic and bearer (if any operation needs them) and one per apiKey scheme used. */
function credentials(api: Api): Credential[] {
  const used = new Set<string>();
  for (const op of api.operations) {
    if (op.auth.kind !== 'none') used.add(op.auth.kind);
    for (const p of op.parameters) if (p.credential !== undefined) used.add(`apiKey:${p.credential}`);
  }
  const out: Credential[] = [];
  const schemesOf = (kind: string) =>
    api.securitySchemes
      .filter((s) => s.kind === kind)
      .map((s) => `"${s.key}"`)
      .join(', ');
  if (used.has('basic'))
    out.push({
      prop: 'basic',
      type: '{ readonly username: string; readonly password: string }',
      doc: jsDoc([`HTTP basic credentials (${schemesOf('basic')}).`]),
    });
  if (used.has('bearer'))
    out.push({ prop: 'bearer', type: 'string', doc: jsDoc([`The bearer token (${schemesOf('bearer')}).`]) });
  for (const s of api.securitySchemes) {
    if (s.kind !== 'apiKey' || !used.has(`apiKey:${s.key}`)) continue;
    out.push({
      prop: s.prop,
      type: 'string',
      doc: jsDoc([`The API key of the "${s.key}" scheme (sent as ${s.in} \`${s.paramName}\`).`, s.description]),
    });
  }
  return out;
}

/**
 * Emits `client.js` and `client.d.ts`: the `Client` interface (the runtime's `NamedClientMethods`
 * over the endpoints named by `OperationName`, typed from `OperationTypes`; `ClientMethods` over a
 * user's own endpoints: one typed method per operation, taking the same params
 * object as the handler, plus the same methods under `either` with declared errors as values) and
 * `createClient({ baseUrl, ...credentials })`, which builds it with the runtime's
 * `clientFromEndpoints` over a table of the endpoints and an `EndpointExecutor`; contract-first,
 * also `operations.js` (emitOperations.ts), a function per operation a bundler can drop.
 */
export function emitClient(api: Api, options: EmitOptions): Map<string, string> {
  // Code-first: the methods are the user's own endpoints, called with their own input values.
  const own = userEndpointsOf(api, options);
  const creds = credentials(api);
  const auth = creds.filter((c) => c.prop === 'basic' || c.prop === 'bearer').map((c) => c.prop);
  const schemeProp = new Map(api.securitySchemes.map((s) => [s.key, s.prop]));
  const optionalParams: string[] = [];
  const fills: string[] = [];
  const operations = api.operations.map((op) => {
    // Exactly when `{} extends Params` (ClientMethods then makes the argument optional): no
    // required parameter but credentials (the client fills those in) and no required body.
    const optional =
      (op.body === undefined || (!op.body.required && !op.body.parts)) &&
      op.parameters.every((p) => !p.required || p.credential !== undefined);
    if (optional) optionalParams.push(stringLiteral(op.ident));
    const keys = op.parameters.filter((p) => p.credential !== undefined);
    if (keys.length > 0)
      fills.push(
        `${op.ident}: { ${keys.map((p) => `${objectKey(p.prop)}: ${schemeProp.get(p.credential!)}`).join(', ')} }`,
      );
    return { ident: op.ident };
  });
  // What the runtime needs to turn a method's argument into the endpoint's input: which
  // operations may be called without params, and which API keys it fills in from the options.
  const inputs: string[] = [];
  if (own !== undefined) optionalParams.length = fills.length = 0; // a user's endpoint takes its input value as it is
  if (optionalParams.length > 0) inputs.push(`optionalParams: [${optionalParams.join(', ')}]`);
  if (fills.length > 0) inputs.push(`fill: { ${fills.join(', ')} }`);
  const view = {
    ...headerView(api, options),
    endpointsModule: importPath(options, own === undefined ? 'endpoints' : userEndpointsModule),
    // The generated endpoints module's `OperationTypes`; a user's own endpoints have no such table.
    namedTypes: own === undefined,
    serverUrl: api.serverUrl,
    credentials: creds,
    authOption: auth.length > 0 ? `{ ${auth.join(', ')} }` : undefined,
    operations,
    inputOptions: `{ ${inputs.join(', ')} }`,
  };
  // Contract-first, the per-operation functions beside createClient (operations.js).
  const files = own === undefined ? emitOperations(api, options) : emitUserEndpoints(api, options, own);
  setModule(files, options, 'client', 'client', view);
  return files;
}
