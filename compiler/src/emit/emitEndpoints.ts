import type { Api, Operation } from '../model/Api.ts';
import type { SchemaNode } from '../model/Schema.ts';
import { headerView, setModule, type EmitOptions } from './EmitOptions.ts';
import { indexModel, type ModelIndex } from './ModelIndex.ts';
import { operationView, type OperationView } from './operationView.ts';
import { importPath, RuntimeImports } from './RuntimeImports.ts';
import { schemaDeclarations } from './schemaDeclarations.ts';
import { refsOf } from './schemaOrder.ts';
import type { ValueContext } from './schemaValue.ts';

function valueContext(index: ModelIndex, options: EmitOptions, imports: RuntimeImports): ValueContext {
  return { identOf: index.identOf, lean: options.lean, imports };
}

function opViews(
  ops: readonly Operation[],
  index: ModelIndex,
  ctx: ValueContext,
  declImports: RuntimeImports,
): Array<OperationView & { hasBody: boolean }> {
  return ops.map((op) => ({
    ...operationView(op, index.identOf, ctx, index.resolve, declImports),
    hasBody: op.body !== undefined,
  }));
}

/** The named schemas an operation refers to directly (to import them from the schemas module). */
function operationRefs(op: Operation): Set<string> {
  const out = new Set<string>();
  const add = (n: SchemaNode | undefined) => n && refsOf(n, out);
  for (const p of op.parameters) add(p.schema);
  add(op.body?.schema);
  for (const part of op.body?.parts ?? []) add(part.schema);
  for (const v of op.body?.variants ?? []) {
    add(v.schema);
    for (const part of v.parts ?? []) add(part.schema);
  }
  for (const r of [...op.outputs, ...op.errors]) {
    add(r.content?.schema);
    for (const v of r.content?.variants ?? []) add(v.schema);
    for (const h of r.headers) add(h.schema);
  }
  return out;
}

/**
 * Emits `endpoints.js` and `endpoints.d.ts`: the schemas (a schema value each, and its explicit
 * type in the declarations) and one `Endpoint` per operation (its data; its params, output, error
 * and Endpoint types in the declarations). Split mode puts the schemas in `endpoints/schemas.*`
 * and the operations in `endpoints/<tag>.*`, re-exported by `endpoints.*`. Each file imports the
 * runtime names its code registered. The declarations end with `OperationName`, the operations'
 * names, which the client's and the server's declarations map over.
 */
export function emitEndpoints(api: Api, options: EmitOptions): Map<string, string> {
  const index = indexModel(api);
  // Client and Handlers are mapped over `Pick<typeof endpoints, OperationName>`: the list is
  // written once, here, instead of a signature per operation in each of their declaration files.
  const operationNames = api.operations.map((op) => op.ident);
  const header = headerView(api, options);
  const files = new Map<string, string>();
  const schemaImports = new RuntimeImports();
  const schemaDecls = new RuntimeImports();
  const schemaGroups = schemaDeclarations(api.schemas, index.identOf, index.scope, {
    lean: options.lean,
    imports: schemaImports,
    declImports: schemaDecls,
  });
  if (!options.split) {
    const operations = opViews(api.operations, index, valueContext(index, options, schemaImports), schemaDecls);
    const view = {
      ...header,
      imports: String(schemaImports),
      declImports: String(schemaDecls),
      schemaGroups,
      operations,
      operationNames,
    };
    setModule(files, options, 'endpoints', 'endpoints', view);
    return files;
  }
  const schemasView = { ...header, imports: String(schemaImports), declImports: String(schemaDecls), schemaGroups };
  setModule(files, options, 'endpoints/schemas', 'endpoints-schemas', schemasView);
  const groups = new Map<string, Operation[]>();
  for (const op of api.operations) {
    const list = groups.get(op.group) ?? [];
    list.push(op);
    groups.set(op.group, list);
  }
  const modules = [importPath(options, 'endpoints/schemas')];
  for (const [group, ops] of groups) {
    const imports = new RuntimeImports();
    const declImports = new RuntimeImports();
    const operations = opViews(ops, index, valueContext(index, options, imports), declImports);
    const refs = new Set<string>();
    for (const op of ops) for (const r of operationRefs(op)) refs.add(r);
    const schemaNames = api.schemas.filter((s) => refs.has(s.key)).map((s) => s.ident);
    const tag = ops[0].tags[0] ?? 'default';
    const view = {
      ...header,
      tag,
      imports: String(imports),
      declImports: String(declImports),
      schemaImports: schemaNames.join(', '),
      schemasModule: importPath(options, 'schemas'),
      operations,
    };
    setModule(files, options, `endpoints/${group}`, 'endpoints-group', view);
    modules.push(importPath(options, `endpoints/${group}`));
  }
  setModule(files, options, 'endpoints', 'endpoints-index', { ...header, modules, operationNames });
  return files;
}
