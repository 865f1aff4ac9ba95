import type { Api } from '../model/Api.ts';
import { jsDoc, propertyKey } from '../names/literals.ts';
import { headerView, importPath, type EmitOptions } from './EmitOptions.ts';
import { operationDoc } from './emitServer.ts';

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
  const schemesOf = (kind: string) => api.securitySchemes.filter((s) => s.kind === kind).map((s) => `"${s.key}"`).join(', ');
  if (used.has('basic')) out.push({ prop: 'basic', type: '{ readonly username: string; readonly password: string }', doc: jsDoc([`HTTP basic credentials (${schemesOf('basic')}).`]) });
  if (used.has('bearer')) out.push({ prop: 'bearer', type: 'string', doc: jsDoc([`The bearer token (${schemesOf('bearer')}).`]) });
  for (const s of api.securitySchemes) {
    if (s.kind !== 'apiKey' || !used.has(`apiKey:${s.key}`)) continue;
    out.push({ prop: s.prop, type: 'string', doc: jsDoc([`The API key of the "${s.key}" scheme (sent as ${s.in} \`${s.paramName}\`).`, s.description]) });
  }
  return out;
}

/**
 * Emits `client.ts`: `createClient({ baseUrl, ...credentials })` returning one typed method
 * per operation over the runtime's `EndpointExecutor` (taking the same params object as the
 * handler), plus the same methods under `either` with declared errors as values.
 */
export function emitClient(api: Api, options: EmitOptions): Map<string, string> {
  const creds = credentials(api);
  const auth = creds.filter((c) => c.prop === 'basic' || c.prop === 'bearer').map((c) => c.prop);
  const schemeProp = new Map(api.securitySchemes.map((s) => [s.key, s.prop]));
  const operations = api.operations.map((op) => {
    const optionalParams = op.body === undefined && op.parameters.every((p) => !p.required || p.credential !== undefined);
    const params = optionalParams ? 'params ?? {}' : 'params';
    const keys = op.parameters.filter((p) => p.credential !== undefined);
    const input =
      keys.length === 0
        ? params
        : `{ ...${optionalParams ? '(params ?? {})' : 'params'}, ${keys.map((p) => `${propertyKey(p.prop)}: params?.${p.prop} ?? ${schemeProp.get(p.credential!)}`).join(', ')} }`;
    return { ident: op.ident, types: op.types, doc: operationDoc(op), optionalParams, input };
  });
  const text = options.templates.render('client', {
    ...headerView(api, options),
    endpointsModule: importPath(options, 'endpoints'),
    serverUrl: api.serverUrl,
    credentials: creds,
    authOption: auth.length > 0 ? `{ ${auth.join(', ')} }` : undefined,
    operations,
  });
  return new Map([['client.ts', text]]);
}
