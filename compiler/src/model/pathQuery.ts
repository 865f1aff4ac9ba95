import type { Diagnostics } from '../diagnostics/index.ts';
import type { RawParameter } from './parameters.ts';

/** One `key=value` item of the query string a path key carries (`/rest?method=flickr.test.echo`). */
export interface PathQueryItem {
  /** The query key as sent. */
  readonly key: string;
  /** The literal value the operation's requests carry (`flickr.test.echo`); absent for a `{param}` or a bare flag. */
  readonly value?: string;
  /** The parameter a `key={param}` item names. */
  readonly param?: string;
}

/** A path key of the document split where a request's URL would split it. */
export interface PathKey {
  /** What the router matches: the text before `?` and `#`. */
  readonly route: string;
  /** The query string's text after `?` (before any `#`), '' when none. */
  readonly query: string;
  /** The items of that query string whose key is fixed text. */
  readonly items: readonly PathQueryItem[];
  /** The `#fragment`, with its `#`, '' when none. */
  readonly fragment: string;
}

const template = /^\{([^{}]+)\}$/;

/**
 * Whether a route ends with `/` (the root aside). The router ignores one trailing slash, so `/x/`
 * is `/x` unless the document declares both as operations (fragmentSelectors.ts tells them apart).
 */
export const slashed = (route: string): boolean => route.length > 1 && route.endsWith('/');

/**
 * Splits a path key at `?` and `#`. Published documents write the query string of a URL into
 * the key (weatherbit's `/alerts?lat={lat}&lon={lon}`, flickr's `/rest?method=flickr.photos.search`,
 * HDInsight's `/templeton/v1/jobs?op=LISTAFTERID`): a request's path is only the text before `?`,
 * so that is the route; the query items are what the operation's requests carry there. An item
 * whose key is itself a template (`?{search}=1`) names no key any request is known to carry, so
 * it is left out of the items.
 */
export function splitPathKey(path: string): PathKey {
  const label = pathLabel(path);
  if (label !== undefined) return { ...splitPathKey(label.path), fragment: label.fragment };
  const hash = path.indexOf('#');
  const fragment = hash < 0 ? '' : path.slice(hash);
  const beforeHash = hash < 0 ? path : path.slice(0, hash);
  const mark = beforeHash.indexOf('?');
  if (mark < 0) return { route: beforeHash, query: '', items: [], fragment };
  const query = beforeHash.slice(mark + 1);
  const items: PathQueryItem[] = [];
  for (const item of query.split('&')) {
    if (item === '') continue;
    const eq = item.indexOf('=');
    const key = eq < 0 ? item : item.slice(0, eq);
    if (key === '' || key.includes('{') || key.includes('}')) continue;
    const value = eq < 0 ? undefined : item.slice(eq + 1);
    const param = value === undefined ? undefined : template.exec(value)?.[1];
    items.push({
      key,
      ...(param !== undefined ? { param } : value !== undefined && value !== '' ? { value } : {}),
    });
  }
  return { route: beforeHash.slice(0, mark), query, items, fragment };
}

/**
 * A fragment that goes on with more path (Mastercard's `/send/#env/v1/partners/{partnerId}/…`,
 * beside its `/send/v1/partners/{partnerId}/…`): a label for an optional segment (an
 * environment's), followed by the path every request has. The path is the key less the label;
 * undefined when the key has no such fragment.
 */
function pathLabel(path: string): { path: string; fragment: string } | undefined {
  const hash = path.indexOf('#');
  const slash = hash < 0 ? -1 : path.indexOf('/', hash);
  if (slash < 0) return undefined;
  const before = path.slice(0, hash);
  return {
    path: before.endsWith('/') ? before + path.slice(slash + 1) : before + path.slice(slash),
    fragment: path.slice(hash, slash),
  };
}

/**
 * A query parameter of text, for a key the document writes into the path without declaring it:
 * required for a literal item (its value, or a bare key), optional for a `{param}` the operation declares nowhere
 * (staging-ecotaco's `POST /rides?page={page}&per_page={per_page}`, the key copied from its
 * paged `GET`, whose requests carry no page: nothing says they must).
 */
function textQuery(name: string, pointer: string, required: boolean, values?: readonly string[]): RawParameter {
  return {
    name,
    in: 'query',
    required,
    schema: { kind: 'string', constraints: {}, ...(values !== undefined ? { enum: values } : {}) },
    style: 'form',
    explode: true,
    pointer,
  };
}

/**
 * The operation's parameters with the query items of its path key read as query parameters: a
 * `key={param}` item is the parameter `param` sent under `key`, whether the document declares it
 * `in: query` or (as weatherbit and clicksend do, since it sits in the path key) `in: path`, and
 * an optional text parameter when it declares it nowhere (where it tells operations of one path
 * apart, their selectors require it); a literal `key=value` item is a required
 * query parameter whose one value is `value` (the declared one, when there is one), so the
 * client sends it and the server tells the operations of one path apart by it
 * (fragmentSelectors.ts). Each change a reader of the document would not expect is warned about.
 */
export function withPathQuery(
  parameters: readonly RawParameter[],
  key: PathKey,
  pointer: string,
  diagnostics: Diagnostics,
): RawParameter[] {
  if (key.items.length === 0) return [...parameters];
  let out = [...parameters];
  const at = `${pointer}/parameters`;
  for (const item of key.items) {
    const declaredQuery = out.find((p) => p.in === 'query' && p.name === item.key);
    if (item.param !== undefined) {
      if (declaredQuery !== undefined) {
        // The key itself is declared: the template's parameter is that one (or a stray twin of it).
        out = out.filter((p) => !(p.in === 'path' && p.name === item.param && p !== declaredQuery));
        continue;
      }
      const named =
        out.find((p) => p.in === 'query' && p.name === item.param) ??
        out.find((p) => p.in === 'path' && p.name === item.param);
      if (named === undefined) {
        diagnostics.warn(
          at,
          `query parameter "${item.key}" of the path is not declared; it is read as text, required only where it picks the operation among those of its path`,
        );
        out.push(textQuery(item.key, pointer, false));
        continue;
      }
      const { pathCodec: _codec, pathConstraints: _constraints, ...rest } = named;
      out = out.map((p) =>
        p === named ? { ...rest, name: item.key, in: 'query', required: true, style: 'form', explode: true } : p,
      );
      continue;
    }
    if (declaredQuery !== undefined) {
      if (!declaredQuery.required) out = out.map((p) => (p === declaredQuery ? { ...p, required: true } : p));
      continue;
    }
    out.push(textQuery(item.key, pointer, true, item.value !== undefined ? [item.value] : undefined));
  }
  return out;
}
