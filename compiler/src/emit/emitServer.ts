import type { Api, RouteSelector, SelectorKey } from '../model/Api.ts';
import { headerView, setModule, type EmitOptions } from './EmitOptions.ts';
import { importPath } from './printer/modulePaths.ts';
import { errorMapperOf } from './errorSlots.ts';
import { securityChecksOf } from './securityChecks.ts';
import { shareRepeated } from './sharedTexts.ts';

/**
 * Emits `server.js` and `server.d.ts`: `interface Handlers` with one handler per operation (the
 * runtime's `NamedHandlers` over the endpoints named by `OperationName`, typed from the endpoints
 * module's `OperationTypes`: taking the params object and the handler context, returning the
 * output or a declared failure) and `routes(handlers)`, which
 * implements every endpoint with them through the runtime's `routesFromHandlers` over a table of
 * the endpoints, with `declaredErrorMappers` (errorSlots.ts) shaping the runtime's own 4xx
 * answers where the document declares them, `declaredSecurity` (securityChecks.ts) refusing
 * requests without the credentials an operation's `security` requires, and `declaredSelectors`
 * (the model's fragmentSelectors.ts) picking among operations that share a method and path.
 * A mapper or security check several operations repeat is written once (sharedTexts.ts).
 */
export function emitServer(api: Api, options: EmitOptions): Map<string, string> {
  // Shared only where the template writes the shared constants (a `--templates` copy may predate them).
  const shares = (field: string) => options.templates.mentions?.('server.js', field) === true;
  const mappers = shareRepeated(
    api.operations.map((op) => errorMapperOf(api, op)),
    shares('sharedErrorMappers') ? '$errorMapper' : undefined,
  );
  const checks = shareRepeated(
    api.operations.map((op) => securityChecksOf(op)),
    shares('sharedSecurity') ? '$security' : undefined,
  );
  const operations = api.operations.map((op, i) => ({
    ident: op.ident,
    errorMapper: mappers.refs[i],
    security: checks.refs[i],
    selector: op.selector && selectorText(op.selector),
  }));
  const hasSecurity = operations.some((op) => op.security !== undefined);
  const hasSelectors = operations.some((op) => op.selector !== undefined);
  const view = {
    ...headerView(api, options),
    endpointsModule: importPath(options, 'endpoints'),
    operations,
    sharedErrorMappers: mappers.constants,
    sharedSecurity: checks.constants,
    hasSecurity,
    hasSelectors,
    basePath: basePathOf(api.serverUrl),
  };
  const files = new Map<string, string>();
  setModule(files, options, 'server', 'server', view);
  return files;
}

/** The generated `declaredSelectors` entry of an operation (the runtime's `RouteSelector`), printed as JavaScript. */
function selectorText(selector: RouteSelector): string {
  const key = (k: SelectorKey) =>
    `{ in: ${JSON.stringify(k.in)}, name: ${JSON.stringify(k.name)}${k.value !== undefined ? `, value: ${JSON.stringify(k.value)}` : ''} }`;
  const list = (keys: readonly SelectorKey[] | undefined) =>
    keys === undefined ? [] : [`[${keys.map(key).join(', ')}]`];
  const parts = [
    ...list(selector.carries).map((l) => `carries: ${l}`),
    ...list(selector.lacks).map((l) => `lacks: ${l}`),
    ...(selector.slash !== undefined ? [`slash: ${selector.slash}`] : []),
  ];
  return `{ ${parts.join(', ')} }`;
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
