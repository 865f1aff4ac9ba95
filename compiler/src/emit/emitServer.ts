import type { Api } from '../model/Api.ts';
import { jsDoc } from '../names/literals.ts';
import { headerView, importPath, type EmitOptions } from './EmitOptions.ts';

/** The runtime auth type of an operation. */
export function authTypeOf(auth: Api['operations'][number]['auth']): 'None' | 'Basic' | 'Bearer' {
  return auth.kind === 'basic' ? 'Basic' : auth.kind === 'bearer' ? 'Bearer' : 'None';
}

/** The JSDoc of an operation as handlers and client methods show it. */
export function operationDoc(op: Api['operations'][number], indent = ''): string {
  return jsDoc([op.summary, op.description, `\`${op.method.toUpperCase()} ${op.path}\``], indent, op.deprecated ? ['@deprecated'] : []);
}

/**
 * Emits `server.ts`: `interface Handlers` with one method per operation (taking the params
 * object and the handler context, returning the output or a declared failure) and
 * `routes(handlers)`, which implements every endpoint with them.
 */
export function emitServer(api: Api, options: EmitOptions): Map<string, string> {
  const operations = api.operations.map((op) => ({ ident: op.ident, types: op.types, doc: operationDoc(op), authType: authTypeOf(op.auth) }));
  const text = options.templates.render('server', { ...headerView(api, options), endpointsModule: importPath(options, 'endpoints'), operations });
  return new Map([['server.ts', text]]);
}
