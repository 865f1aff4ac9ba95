import { claims, formObjectSchema, type QueryLayout } from './queryLayout.ts';
import type { QueryNode } from '../CodecNode.ts';
import { takesText } from '../../codec/body/paramCoercion.ts';

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
 * Whether an exploded object was sent at all, as far as keys other than `key` tell: `true` when
 * one of its own properties that no other parameter reads is in the query, `false` when none is,
 * `undefined` when it cannot be told (it declares only shared keys, or takes any key: a map).
 */
function sentBesides(node: QueryNode, key: string, params: URLSearchParams, layout: QueryLayout): boolean | undefined {
  const schema = formObjectSchema(node);
  if (schema === undefined) return undefined;
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false) return undefined;
  const own = Object.keys((schema.properties as S | undefined) ?? {}).filter(
    (k) => k !== key && !layout.names.has(k) && readersOf(layout, k).length === 1,
  );
  if (own.length === 0) return undefined;
  return own.some((k) => params.has(k));
}

/**
 * The values of query key `key` that `reader` takes, when several parameters read that key:
 * form style writes each one's value under the same name, so the values are matched to the
 * readers in declaration order when there are as many of each — counting, when fewer values
 * were sent, only the objects that other keys of their own do not show absent (EC2's
 * `ModifyClientVpnEndpoint` has four options objects with `Enabled`, and a request that sends
 * three of them), or else only those they show sent. Otherwise the wire cannot say whose value
 * is whose: a parameter of that name takes them all, an object none (its schema then names what
 * is missing or wrong). All values when the key has one reader; none for an object when a list
 * parameter has the key's name.
 */
export function sharedKeyValues(
  reader: QueryNode,
  key: string,
  values: readonly string[],
  params: URLSearchParams,
  layout: QueryLayout,
): readonly string[] {
  const all = readersOf(layout, key);
  // A list parameter of that name takes every value (CloudFormation's `Accounts`, also a property of `DeploymentTargets`).
  if (!all.includes(reader)) return isExplodedObject(reader) && layout.names.has(key) ? [] : values;
  if (all.length < 2) return values;
  // One value goes to the readers whose schema takes it, when some do (Sinao's `amount=`: the
  // text of `columns`, not the integer of `discount`; `discount=`: the `columns` property's,
  // not the integer parameter `discount`'s).
  const takers = values.length === 1 ? all.filter((r) => takes(r, key, values[0])) : all;
  const readers = takers.length > 0 ? takers : all;
  if (!readers.includes(reader)) return [];
  if (readers.length < 2) return values;
  if (values.length === readers.length) return [values[readers.indexOf(reader)]];
  // First the objects that cannot be told absent count as sent; then only those shown sent
  // (Sinao's invoice: `contact_infos`, `third_account` and `discount` each have a `name`, and a
  // request with two names, `address2` of the first and `percent` of the last).
  const told = readers.map((r) => (isExplodedObject(r) ? sentBesides(r, key, params, layout) : true));
  for (const sent of [readers.filter((_, i) => told[i] !== false), readers.filter((_, i) => told[i] === true)])
    if (values.length === sent.length) return sent.includes(reader) ? [values[sent.indexOf(reader)]] : [];
  // At least as many values as readers shown sent, fewer than readers, every reader a scalar
  // parameter of that name or an object with a scalar property of it (EC2's `ModifyImageAttribute`:
  // `Value`, and `Description` and `ImdsSupport` with a `Value` each, under `Value=a&Value=b`):
  // form style writes the values in declaration order, so they go, in order, to readers in
  // declaration order, each to one whose schema takes it (EC2's ModifyInstanceAttribute declares
  // five objects with a boolean `Value` before the text ones: `Value=false&Value=&Value=`), every
  // reader shown sent among them and none shown absent where that can be; the earliest readers
  // first. A value no reader takes still goes to one, for validation to name.
  const scalars = readers.every((r) =>
    isExplodedObject(r) ? declaresProperty(r, key) && !isListProperty(r, key) : !isList(r),
  );
  const shown = told.filter((t) => t === true).length;
  if (scalars && shown <= values.length && values.length < readers.length) {
    const must = told.map((t) => t === true);
    const fits = (i: number, j: number) => takes(readers[i], key, values[j]);
    const anyFits = () => true;
    const present = told.map((t) => t !== false);
    const all = told.map(() => true);
    const assigned =
      orderedMatch(values.length, must, present, fits) ??
      orderedMatch(values.length, must, all, fits) ??
      orderedMatch(values.length, must, present, anyFits) ??
      orderedMatch(values.length, must, all, anyFits);
    const at = assigned?.indexOf(readers.indexOf(reader)) ?? -1;
    return at < 0 ? [] : [values[at]];
  }
  if (!layout.names.has(key)) return values;
  return isExplodedObject(reader) ? [] : values;
}

/** The schema `reader` reads query key `key` with: its property's for an object, else its own. */
function schemaOf(reader: QueryNode, key: string): S | undefined {
  if (!isExplodedObject(reader)) return reader.schema as unknown as S;
  const props = formObjectSchema(reader)?.properties as Record<string, S> | undefined;
  return props !== undefined && Object.hasOwn(props, key) ? props[key] : undefined;
}

/** Whether `reader` may take `text` under `key`: a list takes any, a scalar what it converts or lists. */
function takes(reader: QueryNode, key: string, text: string): boolean {
  const s = schemaOf(reader, key);
  return s === undefined || schemaTakes(s, text);
}

/** Whether a schema may hold `text` as sent; an allOf (a named schema beside its description: EC2's `Boolean`) when each member may. */
function schemaTakes(s: S, text: string): boolean {
  if (Array.isArray(s.allOf)) return (s.allOf as S[]).every((m) => schemaTakes(m, text));
  if (s.type === 'array') return true;
  if (s.type === 'string' && !Array.isArray(s.enum) && !('const' in s)) return true;
  return takesText(s, text);
}

function isListProperty(reader: QueryNode, key: string): boolean {
  return schemaOf(reader, key)?.type === 'array';
}

/**
 * The readers (indexes, one per value in order) that take `n` values in declaration order: an
 * increasing choice of readers among those `may` allows, every one `must` names included, the
 * value at each place one that reader `fits`; the earliest readers are preferred. Undefined when
 * there is none. Readers and values are few (values are fewer than the readers the endpoint
 * declares), so the table is small.
 */
function orderedMatch(
  n: number,
  must: readonly boolean[],
  may: readonly boolean[],
  fits: (reader: number, value: number) => boolean,
): number[] | undefined {
  const r = must.length;
  // done[i][j]: values j… can go to readers i… in order, with every reader that must from i on.
  const done: boolean[][] = Array.from({ length: r + 1 }, () => new Array<boolean>(n + 1).fill(false));
  done[r][n] = true;
  for (let i = r - 1; i >= 0; i--) {
    for (let j = n; j >= 0; j--) {
      const skip = !must[i] && done[i + 1][j];
      const use = j < n && may[i] && done[i + 1][j + 1] && fits(i, j);
      done[i][j] = skip || use;
    }
  }
  if (!done[0][0]) return undefined;
  const out: number[] = [];
  for (let i = 0, j = 0; j < n; i++) {
    if (may[i] && done[i + 1][j + 1] && fits(i, j)) {
      out.push(i);
      j++;
    }
  }
  return out;
}
