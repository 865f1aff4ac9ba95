/** Words that cannot be identifiers or are unsafe as property/variable names in generated code. */
const reserved = new Set([
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'as',
  'implements',
  'interface',
  'let',
  'package',
  'private',
  'protected',
  'public',
  'static',
  'yield',
  'any',
  'boolean',
  'constructor',
  'declare',
  'get',
  'module',
  'require',
  'number',
  'set',
  'string',
  'symbol',
  'type',
  'from',
  'of',
  'await',
  'async',
  'never',
  'object',
  'unknown',
  'undefined',
  'bigint',
  'keyof',
  'readonly',
  'unique',
  'infer',
  'is',
  'asserts',
  'namespace',
  'abstract',
  'arguments',
  'eval',
  'NaN',
  'Infinity',
  '__proto__',
  'prototype',
  'globalThis',
  // Globals the generated modules use by name (types and values); shadowing them would break it.
  'Object',
  'Array',
  'Promise',
  'Record',
  'Readonly',
  'Uint8Array',
  'Symbol',
  // Globals a reader or a user's code next to the generated modules expects to mean the global
  // (a schema named `Error` must not hide `Error` from `import * from './api'`).
  'Error',
  'Response',
  'Request',
  'Headers',
  'Date',
  'Map',
  'Set',
  'JSON',
  'Math',
  'URL',
  'Blob',
  'File',
  'FormData',
  'Buffer',
  'BigInt',
  'Number',
  'String',
  'Boolean',
  'Function',
  'RegExp',
  'Partial',
  'Pick',
  'Omit',
  'Required',
  'Exclude',
  'Extract',
  'NonNullable',
  'ReturnType',
  'Awaited',
  'Iterable',
  'AsyncIterable',
  'ReadonlyArray',
  'AbortSignal',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
]);

/**
 * Splits any text into ASCII words: camelCase humps, digit groups, runs of letters between
 * separators, accents taken off. The same rule as the runtime's splitter in ASCII mode
 * (runtime/src/util/words.ts), so that a name the compiler writes and one the runtime derives
 * (CLI command names, operation ids) never disagree; compiler/test/names.test.ts holds the two
 * equal. An acronym's plural stays one word (`getAPIs` → get, APIs), as real documents name
 * operations `getAPIs`, `listIPs`.
 */
export function words(text: string): string[] {
  return (/[^\x20-\x7e\t\n\r]/.test(text) ? text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : text)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z](?!s(?![a-z]))[a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

const upperFirst = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** PascalCase identifier from any text (`pet-store.v2` → `PetStoreV2`); never empty, never starts with a digit. */
export function pascalCase(text: string): string {
  let out = words(text)
    .map((w) => upperFirst(w.toLowerCase() === w || w.toUpperCase() === w ? w.toLowerCase() : w))
    .join('');
  if (out === '') out = 'Unnamed';
  if (/^[0-9]/.test(out)) out = `N${out}`;
  return out;
}

/** lowerCamelCase identifier from any text (`get /pets/{id}` → `getPetsId`). */
export function camelCase(text: string): string {
  const p = pascalCase(text);
  const lead = /^[A-Z]+(?=[A-Z][a-z]|[0-9]|$)/.exec(p)?.[0];
  const out =
    lead && lead.length > 1 ? lead.toLowerCase() + p.slice(lead.length) : p.charAt(0).toLowerCase() + p.slice(1);
  return /^[0-9]/.test(out) ? `n${out}` : out;
}

/** True when `name` is a valid and safe TypeScript identifier for generated code. */
export function isSafeIdentifier(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && !reserved.has(name);
}

/**
 * Hands out identifiers unique within one scope (a module, an interface, a parameter object),
 * deterministically: the first request for a base gets it, later ones get `2`, `3`, … suffixes.
 * Reserved words get a trailing underscore first.
 */
export class NameScope {
  readonly #taken = new Set<string>();

  constructor(taken: Iterable<string> = []) {
    for (const t of taken) this.#taken.add(t);
  }

  /** A fresh identifier from a base that is already identifier-shaped. */
  allocate(base: string): string {
    let candidate = isSafeIdentifier(base) ? base : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(base) ? `${base}_` : base;
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(candidate)) candidate = `_${candidate.replace(/[^A-Za-z0-9_$]/g, '_')}`;
    let name = candidate;
    for (let i = 2; this.#taken.has(name); i++) name = `${candidate}${i}`;
    this.#taken.add(name);
    return name;
  }

  /** True when the name is already used in this scope. */
  has(name: string): boolean {
    return this.#taken.has(name);
  }
}
