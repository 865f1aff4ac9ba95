import { claims, formObjectSchema, type QueryLayout } from './queryLayout.ts';
import type { QueryNode } from '../CodecNode.ts';

type S = Record<string, unknown>;

/** True when `node` is an object parameter (form style, exploded): its properties travel as query keys of their own. */
const isExplodedObject = (node: QueryNode) => node.explode && formObjectSchema(node) !== undefined;

/** True when the schema takes any value (an array, or one of an array or null): all of a key's values are then one value. */
function isList(node: QueryNode): boolean {
  const s = node.schema as unknown as { type?: unknown; anyOf?: ReadonlyArray<{ type?: unknown }> };
  return s.type === 'array' || (Array.isArray(s.anyOf) && s.anyOf.some((m) => m.type === 'array'));
}

/** True when the exploded object declares `key` among its `properties` (not merely takes it as a map key). */
function declaresProperty(node: QueryNode, key: string): boolean {
  const props = formObjectSchema(node)?.properties as S | undefined;
  return props !== undefined && Object.hasOwn(props, key);
}

/**
 * Who reads query key `key`, in the order the endpoint declares them: a scalar parameter of
 * that name, and the exploded objects that have a property of that name (EC2's
 * `ModifyImageAttribute` declares `Value`, and its `Description` and `ImdsSupport` objects each
 * have a `Value`); for a key no parameter is named, the exploded objects that read it (RDS's two
 * scaling configurations with `MinCapacity`, SQS's maps `Attribute` and `Tag`). A list parameter
 * of that name takes every value, and shares none.
 */
function readersOf(layout: QueryLayout, key: string): readonly QueryNode[] {
  if (!layout.names.has(key)) return layout.objects.filter((o) => claims(o, key));
  if (layout.queries.some((q) => q.name === key && isList(q))) return [];
  return layout.queries.filter(
    (q) => (q.name === key && !isExplodedObject(q)) || (isExplodedObject(q) && declaresProperty(q, key)),
  );
}

/**
 * True when an exploded object was sent at all, as far as keys other than `key` tell: one of its
 * own properties that no other parameter reads is in the query. An object that declares only
 * shared keys, or takes any key (a map), cannot be told absent, and counts as sent.
 */
function sentBesides(node: QueryNode, key: string, params: URLSearchParams, layout: QueryLayout): boolean {
  const schema = formObjectSchema(node);
  if (schema === undefined) return true;
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false) return true;
  const own = Object.keys((schema.properties as S | undefined) ?? {}).filter(
    (k) => k !== key && !layout.names.has(k) && readersOf(layout, k).length === 1,
  );
  if (own.length === 0) return true;
  return own.some((k) => params.has(k));
}

/**
 * The values of query key `key` that `reader` takes, when several parameters read that key:
 * form style writes each one's value under the same name, so the values are matched to the
 * readers in declaration order when there are as many of each — counting, when fewer values
 * were sent, only the objects that other keys of their own show were sent (EC2's
 * `ModifyClientVpnEndpoint` has four options objects with `Enabled`, and a request that sends
 * three of them). Otherwise the wire cannot say whose value is whose: a parameter of that name
 * takes them all, an object none (its schema then names what is missing or wrong). All values
 * when the key has one reader; none for an object when a list parameter has the key's name.
 */
export function sharedKeyValues(
  reader: QueryNode,
  key: string,
  values: readonly string[],
  params: URLSearchParams,
  layout: QueryLayout,
): readonly string[] {
  const readers = readersOf(layout, key);
  // A list parameter of that name takes every value (CloudFormation's `Accounts`, also a property of `DeploymentTargets`).
  if (!readers.includes(reader)) return isExplodedObject(reader) && layout.names.has(key) ? [] : values;
  if (readers.length < 2) return values;
  if (values.length === readers.length) return [values[readers.indexOf(reader)]];
  const sent = readers.filter((r) => !isExplodedObject(r) || sentBesides(r, key, params, layout));
  if (values.length === sent.length) return sent.includes(reader) ? [values[sent.indexOf(reader)]] : [];
  if (!layout.names.has(key)) return values;
  return isExplodedObject(reader) ? [] : values;
}
