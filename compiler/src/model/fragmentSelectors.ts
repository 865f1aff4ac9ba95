import type { Operation, RouteSelector, SelectorKey } from './Api.ts';
import { slashed, splitPathKey } from './pathQuery.ts';

/** What the selectors are read from: an operation before or after its module is known. */
type RoutedOperation = Pick<Operation, 'method' | 'path' | 'segments' | 'parameters'>;

/**
 * The keys a path's `#fragment` names among the operation's own parameters: AWS's documents
 * write `/{Bucket}#cors`, `/{Bucket}#analytics&id`, `/#Action=Send` or `/{Key}#x-amz-copy-source`
 * for operations that share a method and path and are told apart by a query parameter or header
 * (with its value after `=`). A name the operation does not declare is a label, not a key (Azure's
 * `#overload=stream`, Box's `#add_shared_link`, S3's `#lifecycle&deprecated!`): nothing on the
 * wire carries it. A query string written into the path key (`/rest?method=flickr.test.echo`,
 * `/current?lat={lat}&lon={lon}`) names keys the same way, each read as a query parameter
 * (pathQuery.ts): a literal value is the one the key must have, a `{param}` any.
 */
function fragmentKeys(op: RoutedOperation): SelectorKey[] {
  const split = splitPathKey(op.path);
  const items = [
    ...split.items.map((i) => ({ name: i.key, value: i.value, queryOnly: true })),
    ...(split.fragment === ''
      ? []
      : split.fragment
          .slice(1)
          .split('&')
          .map((item) => {
            const eq = item.indexOf('=');
            return {
              name: eq < 0 ? item : item.slice(0, eq),
              value: eq < 0 ? undefined : item.slice(eq + 1),
              queryOnly: false,
            };
          })),
  ];
  const keys: SelectorKey[] = [];
  for (const { name, value, queryOnly } of items) {
    const p =
      op.parameters.find((x) => x.in === 'query' && x.name === name) ??
      (queryOnly
        ? undefined
        : op.parameters.find((x) => x.in === 'header' && x.name.toLowerCase() === name.toLowerCase()));
    if (p === undefined || (p.in !== 'query' && p.in !== 'header')) continue;
    if (keys.some((k) => k.in === p.in && k.name === p.name)) continue;
    keys.push({ in: p.in, name: p.name, ...(value !== undefined ? { value } : {}) });
  }
  return keys;
}

/**
 * The requests one route of the server gets: the method and the path's shape (literal text,
 * then each parameter's codec, since the router tells `{id}` of integers from `{name}` of text),
 * one trailing slash aside as the router ignores it.
 */
function routeShape(op: RoutedOperation): string {
  const kinds = new Map(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.pathCodec ?? 'string']));
  const piece = (p: { literal: string } | { param: string }) =>
    'literal' in p ? `l${p.literal}` : `p${kinds.get(p.param) ?? 'string'}`;
  const segments = op.segments.map((s) => ('mixed' in s ? s.mixed.map(piece).join('\u0001') : piece(s)));
  while (segments.length > 0 && segments[segments.length - 1] === 'l') segments.pop();
  return `${op.method} ${segments.join('\u0000')}`;
}

const sameKey = (a: SelectorKey, b: SelectorKey) =>
  a.in === b.in && (a.in === 'query' ? a.name === b.name : a.name.toLowerCase() === b.name.toLowerCase());

/**
 * Each operation's {@link RouteSelector} where operations share a method and path and the
 * fragments of their paths name keys: the keys of its own fragment, and the other operations'
 * keys it does not declare at all — the bucket listing `GET /{Bucket}` never takes a request
 * that names `cors`, which `GET /{Bucket}#cors` reads. Operations alone on their route are left
 * as they are: their required inputs already say what they take.
 */
export function withFragmentSelectors<T extends RoutedOperation>(operations: readonly T[]): T[] {
  const groups = new Map<string, T[]>();
  for (const op of operations) {
    const shape = routeShape(op);
    groups.set(shape, [...(groups.get(shape) ?? []), op]);
  }
  const selectors = new Map<T, RouteSelector>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const own = new Map(group.map((op) => [op, fragmentKeys(op)]));
    // `/x` and `/x/` both declared: the trailing slash is what picks one (the router ignores it otherwise).
    const slashes = new Set(group.map((op) => slashed(splitPathKey(op.path).route)));
    if (slashes.size > 1) for (const op of group) selectors.set(op, { slash: slashed(splitPathKey(op.path).route) });
    if (![...own.values()].some((keys) => keys.length > 0)) continue;
    for (const op of group) {
      const declares = (k: SelectorKey) => op.parameters.some((p) => p.in === k.in && sameKey(p as SelectorKey, k));
      const lacks: SelectorKey[] = [];
      for (const other of group) {
        if (other === op) continue;
        for (const k of own.get(other) ?? []) {
          if (!declares(k) && !lacks.some((l) => sameKey(l, k))) lacks.push({ in: k.in, name: k.name });
        }
      }
      const carries = own.get(op) ?? [];
      if (carries.length > 0 || lacks.length > 0)
        selectors.set(op, {
          ...(carries.length > 0 ? { carries } : {}),
          ...(lacks.length > 0 ? { lacks } : {}),
          ...selectors.get(op),
        });
    }
  }
  return operations.map((op) => {
    const selector = selectors.get(op);
    if (selector === undefined) return op;
    // A key that picks the operation is one its requests carry, declared so or not
    // (`/current?station={station}` beside `/current?city={city}`).
    const carried = (p: RoutedOperation['parameters'][number]) =>
      !p.required && (selector.carries ?? []).some((k) => sameKey(k, p as SelectorKey));
    const parameters = op.parameters.some(carried)
      ? op.parameters.map((p) => (carried(p) ? { ...p, required: true } : p))
      : op.parameters;
    // The twin with the slash keeps it as an empty last segment, so the clients write it.
    return selector.slash === true
      ? { ...op, selector, parameters, segments: [...op.segments, { literal: '' }] }
      : { ...op, selector, parameters };
  });
}
