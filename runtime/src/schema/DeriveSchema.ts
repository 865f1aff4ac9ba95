import type { TSchema, TUnsafe } from './schemaKinds.ts';
import { Bytes, BytesKeyword, bytesFormat } from './Bytes.ts';
import { DateTime, DateKeyword, parseDateTime } from './DateTime.ts';

type Json = Record<string, unknown>;

// Keywords whose value is one schema, a list of schemas, or a map of names to schemas.
const ONE = [
  'items',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
];
const LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/** Thrown by an unexpanded `DeriveSchema.gen<T>()`: the call site and how to expand it. */
export class DeriveSchemaError extends Error {
  /** Where the call is, `file:line:column` (file relative to the working directory when inside it). */
  readonly callSite: string | undefined;

  constructor(site: string | undefined) {
    const at = site === undefined ? '' : ` at ${site}`;
    const file = site === undefined ? '<file>' : site.replace(/:\d+:\d+$/, '');
    super(
      `DeriveSchema.gen<T>()${at} was not expanded ahead of time. Run \`kitgen generate ${file}\` and import the endpoints ` +
        'from the generated folder, or build with the kitgen plugin, or run with `node --import kitgen/register`.',
    );
    this.name = 'DeriveSchemaError';
    this.callSite = site;
  }
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const annotations = (node: Json, drop: readonly string[]): Json =>
  Object.fromEntries(Object.entries(node).filter(([k]) => !drop.includes(k)));

/** One node: a marker becomes its runtime schema; anything else is kept, copied only when a child changed. */
function hydrate(node: unknown, seen: WeakMap<object, unknown>): unknown {
  if (Array.isArray(node)) {
    const out = node.map((n) => hydrate(n, seen));
    return out.every((n, i) => n === node[i]) ? node : out;
  }
  if (!isObject(node)) return node;
  const known = seen.get(node);
  if (known !== undefined) return known;
  // Markers stand for schemas holding functions (TypeBox refinements), which JSON cannot carry.
  if (node[DateKeyword] === true) {
    const options = annotations(node, [DateKeyword, 'type', 'format']);
    // A default is wire text in JSON; in memory (where decoding puts it) it is a Date.
    if (typeof options.default === 'string') options.default = parseDateTime(options.default) ?? options.default;
    return remember(seen, node, DateTime(options));
  }
  const bytes = bytesFormat(node);
  if (bytes !== undefined)
    return remember(seen, node, Bytes({ ...annotations(node, [BytesKeyword, 'type', 'format']), format: bytes }));
  let copy: Json | undefined;
  const set = (key: string, value: unknown) => {
    copy ??= { ...node };
    copy[key] = value;
  };
  for (const key of ONE) {
    if (!isObject(node[key])) continue;
    const next = hydrate(node[key], seen);
    if (next !== node[key]) set(key, next);
  }
  for (const key of LIST) {
    if (!Array.isArray(node[key])) continue;
    const next = hydrate(node[key], seen);
    if (next !== node[key]) set(key, next);
  }
  for (const key of MAP) {
    const group = node[key];
    if (!isObject(group)) continue;
    const entries = Object.entries(group).map(([k, v]) => [k, hydrate(v, seen)] as const);
    if (entries.some(([k, v]) => v !== group[k])) set(key, Object.fromEntries(entries));
  }
  return remember(seen, node, copy ?? node);
}

function remember(seen: WeakMap<object, unknown>, node: object, result: unknown): unknown {
  seen.set(node, result);
  return result;
}

const hydrated = new WeakMap<object, TSchema>();
// Each node's hydrated form, across calls: an expanded file writes a named schema once and every
// schema reaching it holds that one object, so it is hydrated once (a date's refinement is made
// once) and stays one object in each schema holding it.
const hydratedNodes = new WeakMap<object, unknown>();

// Where an unexpanded call is: the main entry provides the stack-and-source reader (schema/
// provideCallSite.ts, on node:fs), so this module stays loadable in browsers, where the error
// names no place.
let locate: (callee: (...args: never[]) => unknown) => string | undefined = () => undefined;

/** Installs how {@link DeriveSchemaError} finds its call site (once, by the package's main entry). */
export function provideCallSite(locator: (callee: (...args: never[]) => unknown) => string | undefined): void {
  locate = locator;
}

/**
 * Turns the compiler's JSON form of a derived schema into the runtime's schema: marker nodes
 * (`x-kitgen-date`, `x-kitgen-bytes`) become `Schema.DateTime` / `Schema.Bytes`; the rest is kept.
 */
export function hydrateDerived(derived: object): TSchema {
  const hit = hydrated.get(derived);
  if (hit !== undefined) return hit;
  const schema = hydrate(derived, hydratedNodes) as TSchema;
  hydrated.set(derived, schema);
  return schema;
}

/**
 * `gen<T>(derived)`: the schema of `T`, where `derived` is what the kitgen compiler wrote in place
 * of the type argument. An unexpanded `gen<T>()` throws a {@link DeriveSchemaError} naming the call.
 */
function gen<T>(derived?: object): TUnsafe<T> {
  if (derived === undefined) throw new DeriveSchemaError(locate(gen));
  return hydrateDerived(derived) as unknown as TUnsafe<T>;
}

/**
 * The spec's `DeriveSchema.gen[A]`: `DeriveSchema.gen<A>()`, expanded ahead of time by the kitgen
 * compiler (`kitgen generate`, the build plugin or the Node loader) into `gen<A>(schemaJson)`
 * (the JSON written once per file, in a function the expansion appends).
 */
export const DeriveSchema = { gen };
