import { words } from '../util/words.ts';

// Every property of every schema asks for the name of its field; a document has few distinct ones.
const pascalCases = new Map<string, string>();

/** `user id` → `UserId`. */
export function pascalCase(text: string): string {
  let out = pascalCases.get(text);
  if (out !== undefined) return out;
  out = words(text, { ascii: true })
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
  if (pascalCases.size >= 10_000) pascalCases.clear();
  pascalCases.set(text, out);
  return out;
}

/** `GET /users/{id}` → `getUsersById`: the default operationId, safe in URLs. */
export function defaultOperationId(method: string, path: string): string {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith('{') ? `By${pascalCase(s.slice(1, -1))}` : pascalCase(s)));
  return method.toLowerCase() + (parts.join('') || 'Root');
}

/** A component name OpenAPI accepts (`^[a-zA-Z0-9.\-_]+$`); a URL-like `$id` keeps its last part. */
export function componentName(id: string): string {
  let name = componentNames.get(id);
  if (name === undefined) {
    // A describing asks again for every user schema's name: kept, within bounds (ids are the user's).
    if (componentNames.size >= 50_000) componentNames.clear();
    componentNames.set(id, (name = nameOfId(id)));
  }
  return name;
}

const componentNames = new Map<string, string>();

function nameOfId(id: string): string {
  const last = id
    .replace(/[#/]+$/, '')
    .replace(/^.*[/#]/, '')
    .replace(/\.json$/i, '');
  const clean = last.replace(/[^a-zA-Z0-9.\-_]/g, '_');
  return clean === '' ? 'Schema' : clean;
}

/**
 * Hands out unique names in one namespace. Names reserved up front (the `$id`s of the user's
 * schemas) are only given to their owner, so a generated name never takes a user's name.
 */
export class NameAllocator {
  readonly #used = new Set<string>();
  readonly #reserved = new Set<string>();

  /** Keeps `name` for a later `take(name, true)`. */
  reserve(name: string): void {
    this.#reserved.add(name);
  }

  /** True when `name` could be taken now (by its owner, when `owner`). */
  available(name: string, owner = false): boolean {
    return !this.#used.has(name) && (owner || !this.#reserved.has(name));
  }

  /** `preferred` when free (or reserved and `owner`), else `preferred2`, `preferred3`, … */
  take(preferred: string, owner = false): string {
    let name = preferred;
    for (let i = 2; !this.available(name, owner); i++) name = `${preferred}${i}`;
    this.#used.add(name);
    return name;
  }
}
