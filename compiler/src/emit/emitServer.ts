import type { Api } from '../model/Api.ts';
import { jsDoc } from '../names/literals.ts';
import { headerView, setModule, type EmitOptions } from './EmitOptions.ts';
import { importPath } from './RuntimeImports.ts';
import { errorMapperOf } from './errorSlots.ts';

/** The runtime auth type of an operation. */
export function authTypeOf(auth: Api['operations'][number]['auth']): 'None' | 'Basic' | 'Bearer' {
  return auth.kind === 'basic' ? 'Basic' : auth.kind === 'bearer' ? 'Bearer' : 'None';
}

/**
 * The short JSDoc of an operation in handlers and client methods: its summary (or the first
 * line of its description), method and path, and the endpoint's name, which has the rest. A name
 * in backticks, not `@see {@link …}`: tsc parses a declaration file's JSDoc only where it holds
 * `@see` or `@link`, and one per operation doubled its parse time on a large document.
 */
export function operationDoc(op: Api['operations'][number], indent = ''): string {
  const title = op.summary ?? op.description?.split('\n')[0];
  const text = `${title !== undefined && title.trim() !== '' ? `${title.trim()} ` : ''}(\`${op.method.toUpperCase()} ${op.path}\`, \`endpoints.${op.ident}\`)`;
  return jsDoc([text], indent, op.deprecated ? ['@deprecated'] : []);
}

/**
 * Emits `server.js` and `server.d.ts`: `interface Handlers` with one method per operation
 * (taking the params object and the handler context, returning the output or a declared
 * failure) and `routes(handlers)`, which implements every endpoint with them through the
 * runtime's `routesFromHandlers` over a table of the endpoints, with `declaredErrorMappers`
 * (errorSlots.ts) shaping the runtime's own 4xx answers where the document declares them.
 */
export function emitServer(api: Api, options: EmitOptions): Map<string, string> {
  const operations = api.operations.map((op) => ({
    ident: op.ident,
    types: op.types,
    doc: operationDoc(op),
    authType: authTypeOf(op.auth),
    errorMapper: errorMapperOf(api, op),
  }));
  const view = { ...headerView(api, options), endpointsModule: importPath(options, 'endpoints'), operations, basePath: basePathOf(api.serverUrl) };
  const files = new Map<string, string>();
  setModule(files, options, 'server', 'server', view);
  return files;
}

/**
 * The base path a document's first server URL gives its operations (`https://api.example.com/v1`
 * → `/v1`; a relative `/v1` too), '' for none. A path with server variables (`/{version}`) has
 * no one value, so the server is mounted at the root and the caller passes `basePath`.
 */
export function basePathOf(serverUrl: string | undefined): string {
  if (serverUrl === undefined) return '';
  let path: string;
  try {
    path = new URL(serverUrl, 'http://relative.invalid').pathname;
  } catch {
    return '';
  }
  if (path.includes('{') || path.includes('%7B')) return '';
  return path.replace(/\/+$/, '');
}
