import type { Api, Operation } from '../model/Api.ts';
import { headerView, setModule, type EmitOptions } from './EmitOptions.ts';
import { indexModel, type ModelIndex } from './ModelIndex.ts';
import { authTypeOf, operationView, type OperationView } from './operationView.ts';
import { FileImports } from './printer/FileImports.ts';
import { importPath } from './printer/modulePaths.ts';
import { RuntimeImports } from './printer/RuntimeImports.ts';
import { schemaDeclarations } from './schemaDeclarations.ts';
import { MarkedTexts, type SharedTexts } from './sharedTexts.ts';
import type { IdentOf } from './typeText.ts';
import { stringLiteral } from '../names/literals.ts';

/** One generated file's printer state: its imports, and how its code writes a named schema. */
interface FileContext {
  readonly file: FileImports;
  readonly runtime: RuntimeImports;
  readonly identOf: IdentOf;
}

/**
 * A file's context: named schemas are written by identifier, recorded as imports from
 * `schemasModule` when they live in another module (split mode's operation groups).
 */
function fileContext(api: Api, index: ModelIndex, runtimeModule: string, schemasModule?: string): FileContext {
  const file = new FileImports();
  const runtime = new RuntimeImports(file, runtimeModule);
  if (schemasModule === undefined) return { file, runtime, identOf: index.identOf };
  // The schemas in the document's order, after the runtime's names.
  const order = new Map(api.schemas.map((s, i) => [s.ident, i]));
  file.declare(schemasModule, (a, b) => order.get(a)! - order.get(b)!);
  return { file, runtime, identOf: (key) => file.use(schemasModule, index.identOf(key)) };
}

/** Each file's own fields of a module's view: its import block, and the lists templates written before it take. */
function importFields(js: FileContext, dts: FileContext, schemasModule?: string) {
  const schemaImports = (c: FileContext) =>
    schemasModule === undefined ? {} : { schemaImports: c.file.list(schemasModule) };
  return {
    js: { importBlock: js.file.statements(), imports: String(js.runtime), ...schemaImports(js) },
    dts: { importBlock: dts.file.statements({ types: true }), declImports: String(dts.runtime), ...schemaImports(dts) },
  };
}

/**
 * The operation views of one module (`js` is its JavaScript file's context, `dts` its declaration
 * file's), and the parameter specs several of its operations repeat, each written once before
 * them (Microsoft Graph's `$filter`, `$top`, `If-Match`…: a third of its endpoint code) when
 * the module's `template` writes them.
 */
function opViews(
  ops: readonly Operation[],
  index: ModelIndex,
  options: EmitOptions,
  js: FileContext,
  dts: FileContext,
  template: string,
): { operations: Array<OperationView & { hasBody: boolean }>; sharedParameters: SharedTexts['constants'] } {
  const ctx = { identOf: js.identOf, lean: options.lean, imports: js.runtime };
  const parameters = new MarkedTexts();
  const share = options.templates.mentions?.(template, 'sharedParameters') === true ? parameters.mark : undefined;
  const views = ops.map((op) => operationView(op, dts.identOf, ctx, index.resolve, dts.runtime, share));
  const { constants, fill } = parameters.resolve('$parameter');
  const operations = views.map((view, i) => ({
    ...view,
    definition: fill(view.definition),
    hasBody: ops[i].body !== undefined,
  }));
  return { operations, sharedParameters: constants };
}

/**
 * The rows of the endpoints module's `OperationTypes`: each operation's params, output and error
 * types by name (through `prefix`, the namespace the index module of split output reads its
 * groups' names through) and its auth type. `Client` and `Handlers` read their members' types
 * here, not from the endpoint values.
 */
function operationTypeRows(ops: readonly Operation[], prefix: string) {
  return ops.map((op) => ({
    ident: op.ident,
    params: prefix + op.types.params,
    output: prefix + op.types.output,
    error: prefix + op.types.error,
    auth: stringLiteral(authTypeOf(op)),
  }));
}

/**
 * Emits `endpoints.js` and `endpoints.d.ts`: the schemas (a schema value each, and its explicit
 * type in the declarations) and one `Endpoint` per operation (its data; its params, output, error
 * and Endpoint types in the declarations). Split mode puts the schemas in `endpoints/schemas.*`
 * and the operations in `endpoints/<tag>.*`, re-exported by `endpoints.*`. Each file imports the
 * runtime names its code registered. The declarations end with `OperationTypes`, each
 * operation's types by name, which the client's and the server's declarations read, and
 * `OperationName`, its keys, which they map over.
 */
export function emitEndpoints(api: Api, options: EmitOptions): Map<string, string> {
  const index = indexModel(api);
  // Client and Handlers are mapped over the endpoints `OperationTypes` has a row for (the runtime's
  // `NamedEndpoints`): the list is written once, here, instead of a signature per operation in
  // each of their declaration files.
  // The built-in partial writes it as `keyof OperationTypes`; a `--templates` copy may list the names.
  const operationNames = api.operations.map((op) => op.ident);
  const header = headerView(api, options);
  const files = new Map<string, string>();
  const clientRuntime = `${options.runtimePackage}/client`;
  const js = fileContext(api, index, clientRuntime);
  const dts = fileContext(api, index, options.runtimePackage);
  const schemaGroups = schemaDeclarations(api.schemas, index.identOf, index.scope, {
    lean: options.lean,
    imports: js.runtime,
    declImports: dts.runtime,
  });
  if (!options.split) {
    const view = {
      ...header,
      schemaGroups,
      ...opViews(api.operations, index, options, js, dts, 'endpoints.js'),
      operationNames,
      operationTypes: operationTypeRows(api.operations, ''),
    };
    setModule(files, options, 'endpoints', 'endpoints', view, importFields(js, dts));
    return files;
  }
  setModule(
    files,
    options,
    'endpoints/schemas',
    'endpoints-schemas',
    { ...header, schemaGroups },
    importFields(js, dts),
  );
  const groups = new Map<string, Operation[]>();
  for (const op of api.operations) {
    const list = groups.get(op.group) ?? [];
    list.push(op);
    groups.set(op.group, list);
  }
  const modules = [importPath(options, 'endpoints/schemas')];
  const schemasModule = importPath(options, 'schemas');
  for (const [group, ops] of groups) {
    const groupJs = fileContext(api, index, clientRuntime, schemasModule);
    const groupDts = fileContext(api, index, options.runtimePackage, schemasModule);
    const tag = ops[0].tags[0] ?? 'default';
    const view = {
      ...header,
      tag,
      schemasModule,
      ...opViews(ops, index, options, groupJs, groupDts, 'endpoints-group.js'),
    };
    // One view, two files: each imports what its own code wrote.
    setModule(
      files,
      options,
      `endpoints/${group}`,
      'endpoints-group',
      view,
      importFields(groupJs, groupDts, schemasModule),
    );
    modules.push(importPath(options, `endpoints/${group}`));
  }
  // The index module re-exports its groups' names; its table reads them through its own namespace.
  setModule(files, options, 'endpoints', 'endpoints-index', {
    ...header,
    modules,
    operationNames,
    selfModule: importPath(options, 'endpoints'),
    operationTypes: operationTypeRows(api.operations, 'endpoints.'),
  });
  return files;
}
