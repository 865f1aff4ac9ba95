import { words } from '../util/words.ts';
import type { RoutePattern } from '../routing/RoutePattern.ts';

/**
 * How commands named from the method and path are named: `'method'` (the default) puts the
 * HTTP method first (`get-users`, `post-users`); `'verb'` (the original's `cliStyle = true`)
 * says `create` for POST and `update` for PUT. `true`/`false` stand for `'verb'`/`'method'`.
 * A command named from an operationId does not change with the style.
 */
export type CliStyle = 'method' | 'verb' | boolean;

/** What a command is named from: the endpoint's route and, when it declares one, its operationId. */
export interface CommandSource {
  readonly route: RoutePattern<any>;
  readonly operationId?: string | undefined;
}

const verbs: Readonly<Record<string, string>> = { POST: 'create', PUT: 'update' };

/** Lower-case words joined by `-`; anything else in a segment becomes a separator. */
export function slug(text: string): string {
  return words(text, { ascii: true })
    .map((w) => w.toLowerCase())
    .join('-');
}

/**
 * The command name of a route from its method and path: the method (or verb), then every path
 * segment in order, a literal as its words and a parameter as `by-<name>` — `GET /pets` is
 * `get-pets`, `GET /pets/{petId}` `get-pets-by-pet-id`, `DELETE /pets/{petId}`
 * `delete-pets-by-pet-id`: the same rule for every operation.
 */
export function baseCommandName(route: RoutePattern<any>, style: CliStyle = 'method'): string {
  const method = route.method === '*' ? 'any' : route.method.toLowerCase();
  const verb = style === true || style === 'verb' ? (verbs[route.method] ?? method) : method;
  const segments = route.segments.map((s) =>
    s.kind === 'literal'
      ? slug(s.text)
      : s.kind === 'mixed'
        ? s.parts
            .map((p) => (p.kind === 'literal' ? slug(p.text) : `by-${slug(p.codec.name)}`))
            .filter((w) => w !== '')
            .join('-')
        : `by-${slug(s.codec.name)}`,
  );
  return [verb, ...segments].filter((w) => w !== '' && w !== 'by-').join('-');
}

/**
 * The command name of an endpoint: its operationId in kebab-case when it declares one
 * (`showPetById` → `show-pet-by-id`, `repos/get-content` → `repos-get-content`), as
 * openapi-generator and orval name operations; else {@link baseCommandName}.
 */
export function commandName(source: CommandSource | RoutePattern<any>, style: CliStyle = 'method'): string {
  const { route, operationId } = 'route' in source ? source : { route: source, operationId: undefined };
  const fromId = operationId !== undefined ? slug(operationId) : '';
  return fromId !== '' ? fromId : baseCommandName(route, style);
}

/**
 * Command names for endpoints, unique and stable: {@link commandName} each; a name already
 * taken gets `-2`, `-3`, … in declaration order, the first keeping the plain name.
 */
export function commandNames(
  sources: ReadonlyArray<CommandSource | RoutePattern<any>>,
  style: CliStyle = 'method',
): string[] {
  const used = new Set<string>();
  return sources.map((source) => {
    const name = commandName(source, style);
    let candidate = name;
    for (let k = 2; used.has(candidate); k++) candidate = `${name}-${k}`;
    used.add(candidate);
    return candidate;
  });
}
