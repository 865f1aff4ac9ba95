import type { Api, Operation } from '../model/Api.ts';
import type { SchemaNode } from '../model/Schema.ts';
import { endpointsModuleImports } from '../names/moduleNames.ts';
import { headerView, importPath, indexModel, usedNames, type EmitOptions, type ModelIndex } from './EmitOptions.ts';
import { operationView, type OperationView } from './operationView.ts';
import { schemaDeclarations, type SchemaGroupView } from './schemaDeclarations.ts';
import { refsOf } from './schemaOrder.ts';

function groupText(groups: readonly SchemaGroupView[]): string {
  return groups.map((g) => `${g.defs?.value ?? ''} ${g.declarations.map((d) => d.value).join(' ')}`).join(' ');
}

function operationsText(views: readonly OperationView[]): string {
  return views.map((v) => v.definition).join(' ');
}

function opViews(ops: readonly Operation[], index: ModelIndex): Array<OperationView & { hasBody: boolean }> {
  return ops.map((op) => ({ ...operationView(op, index.identOf, index.value, index.resolve), hasBody: op.body !== undefined }));
}

/** The named schemas an operation refers to directly (to import them from the schemas module). */
function operationRefs(op: Operation): Set<string> {
  const out = new Set<string>();
  const add = (n: SchemaNode | undefined) => n && refsOf(n, out);
  for (const p of op.parameters) add(p.schema);
  add(op.body?.schema);
  for (const part of op.body?.parts ?? []) add(part.schema);
  for (const r of [...op.outputs, ...op.errors]) {
    add(r.content?.schema);
    for (const h of r.headers) add(h.schema);
  }
  return out;
}

/**
 * Emits `endpoints.ts`: the schemas (an explicit type and a schema value each) and one
 * `Endpoint` per operation with its params, output and error types. Split mode puts the
 * schemas in `endpoints/schemas.ts` and the operations in `endpoints/<tag>.ts`, re-exported
 * by `endpoints.ts`.
 */
export function emitEndpoints(api: Api, options: EmitOptions): Map<string, string> {
  const index = indexModel(api, options);
  const schemaGroups = schemaDeclarations(api.schemas, index.identOf, index.scope, { lean: options.lean });
  const header = headerView(api, options);
  const files = new Map<string, string>();
  if (!options.split) {
    const operations = opViews(api.operations, index);
    const imports = usedNames(`${groupText(schemaGroups)} ${operationsText(operations)}`, endpointsModuleImports);
    files.set('endpoints.ts', options.templates.render('endpoints', { ...header, imports: imports.join(', '), schemaGroups, operations }));
    return files;
  }
  const schemaImports = usedNames(groupText(schemaGroups), endpointsModuleImports);
  files.set('endpoints/schemas.ts', options.templates.render('endpoints-schemas', { ...header, imports: schemaImports.join(', '), schemaGroups }));
  const groups = new Map<string, Operation[]>();
  for (const op of api.operations) {
    const list = groups.get(op.group) ?? [];
    list.push(op);
    groups.set(op.group, list);
  }
  const modules = [importPath(options, 'endpoints/schemas')];
  for (const [group, ops] of groups) {
    const operations = opViews(ops, index);
    const imports = usedNames(operationsText(operations), endpointsModuleImports);
    const refs = new Set<string>();
    for (const op of ops) for (const r of operationRefs(op)) refs.add(r);
    const schemaNames = api.schemas.filter((s) => refs.has(s.key)).map((s) => s.ident);
    const tag = ops[0].tags[0] ?? 'default';
    files.set(
      `endpoints/${group}.ts`,
      options.templates.render('endpoints-group', { ...header, tag, imports: imports.join(', '), schemaImports: schemaNames.join(', '), schemasModule: importPath(options, 'schemas'), operations }),
    );
    modules.push(importPath(options, `endpoints/${group}`));
  }
  files.set('endpoints.ts', options.templates.render('endpoints-index', { ...header, modules }));
  return files;
}
