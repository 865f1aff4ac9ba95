import type { Api } from '../model/Api.ts';
import type { SchemaNode } from '../model/Schema.ts';
import { NameScope } from '../names/identifiers.ts';
import { endpointsModuleLocals, runtimeNames } from '../names/moduleNames.ts';
import type { IdentOf } from './typeText.ts';

/** Lookups every emitter of the endpoints module needs, derived from the model once. */
export interface ModelIndex {
  readonly identOf: IdentOf;
  readonly resolve: (node: SchemaNode) => SchemaNode;
  /** A scope holding every identifier of the endpoints module, for names the emitters add. */
  readonly scope: NameScope;
}

/** Builds the lookups of an API. */
export function indexModel(api: Api): ModelIndex {
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
    ...runtimeNames,
    ...endpointsModuleLocals,
    ...api.schemas.map((s) => s.ident),
    ...api.operations.flatMap((o) => [o.ident, o.types.params, o.types.output, o.types.error]),
  ]);
  return { identOf, resolve, scope };
}
