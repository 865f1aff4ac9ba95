import type { Api } from '../model/Api.ts';
import type { SchemaNode } from '../model/Schema.ts';
import { NameScope } from '../names/identifiers.ts';
import { endpointsModuleImports, endpointsModuleLocals } from '../names/moduleNames.ts';
import type { Templates } from '../render/Templates.ts';
import type { ValueContext } from './schemaValue.ts';
import type { IdentOf } from './typeText.ts';

/** What every emitter is given besides the model. */
export interface EmitOptions {
  readonly templates: Templates;
  /** The package generated code imports the runtime from. */
  readonly runtimePackage: string;
  /** Extension of relative imports between generated files (`.js` works with tsc, tsx and bundlers). */
  readonly importExtension: '.js' | '.ts' | '';
  /** Split endpoints by tag under `endpoints/` (decided by the caller from the size of the API). */
  readonly split: boolean;
  /** Leave descriptions and examples out of schema values (JSDoc keeps them). */
  readonly lean: boolean;
}

/** An emitter: a pure function from the model to files (relative path → text). */
export type Emitter = (api: Api, options: EmitOptions) => Map<string, string>;

/** Lookups every emitter of the endpoints module needs, derived from the model once. */
export interface ModelIndex {
  readonly identOf: IdentOf;
  readonly resolve: (node: SchemaNode) => SchemaNode;
  readonly value: ValueContext;
  /** A scope holding every identifier of the endpoints module, for names the emitters add. */
  readonly scope: NameScope;
}

/** Builds the lookups of an API. */
export function indexModel(api: Api, options: Pick<EmitOptions, 'lean'>): ModelIndex {
  const byKey = new Map(api.schemas.map((s) => [s.key, s]));
  const identOf: IdentOf = (key) => byKey.get(key)?.ident ?? 'unknown';
  const resolve = (node: SchemaNode): SchemaNode => {
    let n = node;
    const seen = new Set<string>();
    while (n.kind === 'ref' && !seen.has(n.target)) {
      seen.add(n.target);
      n = byKey.get(n.target)?.schema ?? { kind: 'any' };
    }
    return n;
  };
  const scope = new NameScope([
    ...endpointsModuleImports,
    ...endpointsModuleLocals,
    ...api.schemas.map((s) => s.ident),
    ...api.operations.flatMap((o) => [o.ident, o.types.params, o.types.output, o.types.error]),
  ]);
  return { identOf, resolve, value: { identOf, lean: options.lean }, scope };
}

/** A relative import specifier (`./endpoints.js`). */
export function importPath(options: Pick<EmitOptions, 'importExtension'>, path: string): string {
  return `./${path}${options.importExtension}`;
}

/** The header fields every template gets. */
export function headerView(api: Api, options: EmitOptions): Record<string, unknown> {
  return { title: api.title, version: api.version, runtime: options.runtimePackage };
}

/** Runtime names a piece of generated code uses (string literals are not looked into). */
export function usedNames(code: string, candidates: readonly string[]): string[] {
  const bare = code.replace(/'(?:[^'\\\n]|\\.)*'/g, "''");
  return candidates.filter((name) => new RegExp(`(^|[^\\w$.])${name.replace(/\$/g, '\\$')}\\b`).test(bare));
}
