import { words } from '../util/words.ts';
import type { RoutePattern } from '../routing/RoutePattern.ts';

/**
 * How commands are named: `'method'` (the default) puts the HTTP method first (`get-users`,
 * `post-users`); `'verb'` (the original's `cliStyle = true`) says `create` for POST and `update`
 * for PUT. `true`/`false` stand for `'verb'`/`'method'`.
 */
export type CliStyle = 'method' | 'verb' | boolean;

const verbs: Readonly<Record<string, string>> = { POST: 'create', PUT: 'update' };

/** Lower-case words joined by `-`; anything else in a segment becomes a separator. */
export function slug(text: string): string {
  return words(text, { ascii: true }).map((w) => w.toLowerCase()).join('-');
}

/** The name of one endpoint's command before collisions are resolved: method, then the literal segments. */
export function baseCommandName(route: RoutePattern<any>, style: CliStyle = 'method'): string {
  const method = route.method === '*' ? 'any' : route.method.toLowerCase();
  const verb = style === true || style === 'verb' ? (verbs[route.method] ?? method) : method;
  return [verb, ...route.literals.map(slug)].filter((w) => w !== '').join('-');
}

/**
 * Command names for endpoints, unique and stable: endpoints whose names collide and that take
 * path parameters get `-by-<param>…` (`get-users` and `get-users-by-id`); any name still taken
 * gets `-2`, `-3`, … in declaration order, the first keeping the plain name.
 */
export function commandNames(routes: ReadonlyArray<RoutePattern<any>>, style: CliStyle = 'method'): string[] {
  const base = routes.map((r) => baseCommandName(r, style));
  const counts = new Map<string, number>();
  for (const b of base) counts.set(b, (counts.get(b) ?? 0) + 1);
  const wanted = routes.map((r, i) => (counts.get(base[i])! > 1 && r.params.length > 0 ? `${base[i]}-by-${r.params.map((p) => slug(p.name)).join('-')}` : base[i]));
  const used = new Set<string>();
  return wanted.map((name) => {
    let candidate = name;
    for (let k = 2; used.has(candidate); k++) candidate = `${name}-${k}`;
    used.add(candidate);
    return candidate;
  });
}
