import type { Api, NamedSchema, Operation, SchemaNode } from '../model/Api.ts';
import { jsDoc, stringLiteral } from '../names/literals.ts';
import { headerView, setModule, type EmitOptions } from './EmitOptions.ts';
import { CHECK_HELPERS, CheckCompiler } from './checkCode.ts';
import { plainSchemaJudge, isPlainOperation } from './plainOperations.ts';
import { FileImports } from './printer/FileImports.ts';
import { importPath } from './printer/modulePaths.ts';
import { RuntimeImports } from './printer/RuntimeImports.ts';
import { schemaValue, type ValueContext } from './schemaValue.ts';

/** The identifier of a named schema's value in operations.js (`$` keeps it apart from operation names). */
const schemaLocal = (s: NamedSchema) => `$${s.ident}`;

/** Every named schema a node reaches through `$ref`s, dependencies first. */
function collectRefs(node: SchemaNode, byKey: ReadonlyMap<string, NamedSchema>, out: Set<NamedSchema>): void {
  switch (node.kind) {
    case 'ref': {
      const target = byKey.get(node.target);
      if (!target || out.has(target)) return;
      collectRefs(target.schema, byKey, out);
      out.add(target);
      return;
    }
    case 'array':
      for (const n of [node.items, ...(node.prefixItems ?? [])]) collectRefs(n, byKey, out);
      return;
    case 'object':
      for (const p of node.properties) collectRefs(p.schema, byKey, out);
      if (typeof node.additional === 'object') collectRefs(node.additional, byKey, out);
      return;
    default:
  }
}

/**
 * The request writer of a compiled operation: `(p, r) => { …; return path; }` (RequestWriter's
 * calls, in the executor's order); `runtime` records the path codecs it names.
 */
function writerText(op: Operation, runtime: (name: string) => string): string {
  const lines: string[] = [];
  const byName = new Map(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p]));
  const segments = op.segments.map((s) => {
    if ('literal' in s) return encodeURIComponent(s.literal).replace(/[`\\$]/g, (c) => `\\${c}`);
    const p = byName.get((s as { param: string }).param)!;
    const codec = `path${p.pathCodec![0].toUpperCase()}${p.pathCodec!.slice(1)}`;
    return `\${r.path(${stringLiteral(p.name)}, p[${stringLiteral(p.prop)}], ${runtime(codec)})}`;
  });
  lines.push(`const path = \`/${segments.join('/')}\`;`);
  for (const p of op.parameters) {
    if (p.in !== 'query') continue;
    lines.push(`r.query(${stringLiteral(p.name)}, p[${stringLiteral(p.prop)}]${p.explode ? '' : ', false'});`);
  }
  if (op.body) lines.push(`r.json(p[${stringLiteral(op.bodyProp)}], ${op.body.required});`);
  lines.push('return path;');
  return `(p, r) => {\n    ${lines.join('\n    ')}\n  }`;
}

/** The declared media types of an operation's responses, as the executor's `Accept`. */
function acceptOf(op: Operation): string {
  return [...new Set([...op.outputs, ...op.errors].flatMap((r) => r.content?.mediaTypes ?? []))].join(', ');
}

/** The order of operations.js's runtime imports: the operation builders, then the codecs and format checks by name. */
const leading = ['operation', 'operationOf', 'schemaCheck'];
const rank = (name: string) => (leading.includes(name) ? leading.indexOf(name) : leading.length);
const byImportOrder = (a: string, b: string) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);

/** Whether an operation's params object may be left out (createClient's rule: no required input but credentials). */
const paramsOptional = (op: Operation) =>
  (op.body === undefined || (!op.body.required && !op.body.parts)) &&
  op.parameters.every((p) => !p.required || p.credential !== undefined);

/**
 * Emits `operations.js` and `operations.d.ts`: one exported function per operation, called with a
 * connection (`getPet(connect({ baseUrl }), { petId: 1 })`), each its own module-level value so a
 * bundler keeps only those a page imports. An operation of plain JSON, text parameters and status
 * codes (isPlainOperation) is compiled to its request writer and a table of its responses with
 * their checks (compiled to code by checkCode.ts where they can be, else the JSON schema for the
 * runtime's validator engine), on the runtime's small `operation`; any other calls its endpoint through the
 * executor (`operationOf`), as `createClient` does. Contract-first only: a code-first client's
 * endpoints are the user's own, with their own codecs.
 */
export function emitOperations(api: Api, options: EmitOptions): Map<string, string> {
  const files = new Map<string, string>();
  const plain = plainSchemaJudge(api);
  const byKey = new Map(api.schemas.map((s) => [s.key, s]));
  const named = new Set<NamedSchema>();
  // The runtime's client entry, its names written `$name` so none meets an operation's name.
  const clientRuntime = `${options.runtimePackage}/client`;
  const endpointsModule = importPath(options, 'endpoints');
  const file = new FileImports().declare(clientRuntime, byImportOrder).declare(endpointsModule);
  const runtime = (name: string) => file.use(clientRuntime, name, `$${name}`);
  const checks = new CheckCompiler(byKey, file, clientRuntime);
  const ctx: ValueContext = {
    identOf: (key) => schemaLocal(byKey.get(key)!),
    lean: true,
    imports: new RuntimeImports(file, clientRuntime),
  };
  const schemeProp = new Map(api.securitySchemes.map((s) => [s.key, s.prop]));
  // Each operation's declared type names its endpoint's Params, Output and Error types
  // (`Operation<PetParams, Pet, ShowPetError>`), the same type `OperationOf<typeof endpoint>` gives,
  // without the checker unwrapping each endpoint's type again (~20 instantiations an operation).
  const operations = api.operations.map((op) => {
    const doc = jsDoc([
      op.summary ?? `${op.method.toUpperCase()} ${op.path}`,
      op.deprecated ? '@deprecated' : undefined,
    ]);
    const optional = paramsOptional(op);
    if (!isPlainOperation(op, plain)) {
      const keys = op.parameters.filter((p) => p.credential !== undefined);
      const fill =
        keys.length === 0
          ? ''
          : `, { ${keys.map((p) => `${stringLiteral(p.prop)}: ${stringLiteral(schemeProp.get(p.credential!)!)}`).join(', ')} }`;
      const args = fill !== '' ? `, ${optional}${fill}` : optional ? ', true' : '';
      const endpoints = file.namespace(endpointsModule, '$endpoints');
      return {
        ident: op.ident,
        types: op.types,
        doc,
        value: `${runtime('operationOf')}(${endpoints}.${op.ident}${args})`,
      };
    }
    // The value's shape as the endpoint definition gives it (operationView.ts): the body alone
    // for one output without headers, else `{ status, body }` (kind 2; errors always, kind 1).
    const outputKind = op.outputs.length === 1 && /^\d{3}$/.test(op.outputs[0].key) ? 0 : 2;
    const status = (key: string) => (/^\d{3}$/.test(key) ? key : stringLiteral(key));
    const responses = [
      ...op.outputs.map((r) => [r, outputKind] as const),
      ...op.errors.map((r) => [r, 1] as const),
    ].map(([r, kind]) => {
      if (!r.content) return `[${status(r.key)}, ${kind}]`;
      // Compiled to code where it can be; else the schema, for the runtime's validator engine.
      const check = checks.check(r.content.schema);
      if (check !== undefined) return `[${status(r.key)}, ${kind}, ${check}]`;
      collectRefs(r.content.schema, byKey, named);
      return `[${status(r.key)}, ${kind}, ${runtime('schemaCheck')}(${schemaValue(r.content.schema, ctx)})]`;
    });
    // The endpoint's route text (RoutePattern's), which errors name.
    const route = `${op.method.toUpperCase()} /${op.segments.map((s) => ('literal' in s ? s.literal : `{${(s as { param: string }).param}}`)).join('/')}`;
    const args = [
      stringLiteral(route),
      writerText(op, runtime),
      `[${responses.join(', ')}]`,
      stringLiteral(acceptOf(op)),
      // Its endpoint's name in endpoints.js, for connectWithEndpoints' executor.
      stringLiteral(op.ident),
      ...(optional ? ['true'] : []),
    ];
    return { ident: op.ident, types: op.types, doc, value: `${runtime('operation')}(\n  ${args.join(',\n  ')},\n)` };
  });
  const helpers = (['f', 'k', 'cp'] as const).filter((h) => checks.uses.helpers.has(h));
  const view = {
    ...headerView(api, options),
    endpointsModule,
    importBlock: file.statements(),
    // The import lists as templates written before importBlock take them.
    imports: file.list(clientRuntime),
    viaEndpoint: file.has(endpointsModule),
    schemas: [
      ...helpers.map((h) => ({ local: `$${h}`, value: CHECK_HELPERS[h] })),
      ...[...named].map((s) => ({ local: schemaLocal(s), value: schemaValue(s.schema, ctx) })),
      ...[...checks.functions].map(([local, value]) => ({ local, value })),
    ],
    operations,
  };
  setModule(files, options, 'operations', 'operations', view);
  return files;
}
