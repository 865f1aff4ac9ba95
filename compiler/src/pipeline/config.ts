import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../diagnostics/index.ts';
import { isUrl } from '../input/readSource.ts';
import { allTargets, type OpenAPIFormat, type Target } from '../emit/index.ts';

/** A `kitgen.config.{ts,mjs,json}`: defaults for `kitgen generate` (command-line options win). */
export interface KitgenConfig {
  /** The OpenAPI document, or endpoint definition files (a `.ts` file or a glob), relative to the config file. */
  readonly input?: string;
  /** The output folder (relative to the config file). */
  readonly out?: string;
  readonly targets?: readonly Target[];
  /** A folder of templates overriding the built-in ones by name. */
  readonly templates?: string;
  /** How to format: `auto` (default), `prettier`, `layout`, `none`; `true` is auto, `false` none. */
  readonly format?: boolean | 'auto' | 'prettier' | 'layout' | 'none';
  /** A prettier config file for the generated code. */
  readonly prettierConfig?: string;
  /** Remove stale generated files from the output folder. */
  readonly clean?: boolean;
  /** Split endpoints by tag under `endpoints/` (`auto`: above 200 operations). */
  readonly split?: boolean | 'auto';
  /** Leave descriptions and examples out of schema values. */
  readonly lean?: boolean;
  /** Every warning is an error: nothing is written and the run exits 1 (for CI). */
  readonly strict?: boolean;
  /** `integer/int64` as `bigint` (default) or `number`. */
  readonly int64?: 'bigint' | 'number';
  /** Extension of imports between generated files (default `.js`). */
  readonly importExtension?: '.js' | '.ts' | '';
  /** Where generated code imports the runtime from (default `@kitgen/runtime`; endpoint and client modules import its `/client` entry). */
  readonly runtimePackage?: string;
  /** The forms the `openapi` target writes (default `['json']`). */
  readonly openapiFormats?: readonly OpenAPIFormat[];
  /** The tsconfig of endpoint definition files (default: the nearest one above the first file). */
  readonly tsconfig?: string;
  /** `DeriveSchema.gen<T>()` writes `additionalProperties: false` on objects without an index signature (a type's `@additionalProperties true` opts out). */
  readonly closedObjects?: boolean;
  /** Title of the OpenAPI document of endpoint definition files (default: package.json `name`). */
  readonly title?: string;
  /** Version of the OpenAPI document of endpoint definition files (default: package.json `version`). */
  readonly version?: string;
}

/** Declares a config with its type checked (`export default defineConfig({ … })`). */
export function defineConfig(config: KitgenConfig): KitgenConfig {
  return config;
}

/** A config problem: a usage error (exit code 2). */
export class ConfigFileError extends UsageError {}

/** The config file names looked for in the working folder, in order. */
export const configFileNames = [
  'kitgen.config.ts',
  'kitgen.config.mts',
  'kitgen.config.cts',
  'kitgen.config.mjs',
  'kitgen.config.js',
  'kitgen.config.cjs',
  'kitgen.config.json',
];

const keys: Record<keyof KitgenConfig, (v: unknown) => boolean> = {
  input: (v) => typeof v === 'string',
  out: (v) => typeof v === 'string',
  targets: (v) => Array.isArray(v) && v.every((t) => allTargets.includes(t as Target)),
  templates: (v) => typeof v === 'string',
  format: (v) => typeof v === 'boolean' || v === 'auto' || v === 'prettier' || v === 'layout' || v === 'none',
  prettierConfig: (v) => typeof v === 'string',
  clean: (v) => typeof v === 'boolean',
  split: (v) => typeof v === 'boolean' || v === 'auto',
  lean: (v) => typeof v === 'boolean',
  strict: (v) => typeof v === 'boolean',
  int64: (v) => v === 'bigint' || v === 'number',
  importExtension: (v) => v === '.js' || v === '.ts' || v === '',
  runtimePackage: (v) => typeof v === 'string' && v !== '',
  openapiFormats: (v) => Array.isArray(v) && v.length > 0 && v.every((f) => f === 'json' || f === 'yaml'),
  tsconfig: (v) => typeof v === 'string',
  closedObjects: (v) => typeof v === 'boolean',
  title: (v) => typeof v === 'string' && v !== '',
  version: (v) => typeof v === 'string' && v !== '',
};

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

/**
 * The default export of a JavaScript or TypeScript config. A TypeScript one goes through tsx's
 * scoped `tsImport`, so it loads under plain node (no loader registered) in a package of any
 * module type; a CommonJS package's `export default` arrives wrapped as `{ default }`.
 */
async function importConfig(file: string): Promise<unknown> {
  const url = pathToFileURL(file).href;
  const mod = (
    /\.[cm]?tsx?$/.test(file) ? await (await import('tsx/esm/api')).tsImport(url, import.meta.url) : await import(url)
  ) as { default?: unknown };
  let value = mod.default;
  // CommonJS interop: module.exports = { default: config } (or { __esModule, default }).
  if (
    value !== null &&
    typeof value === 'object' &&
    'default' in value &&
    Object.keys(value).every((k) => k === 'default' || k === '__esModule')
  )
    value = (value as { default: unknown }).default;
  return value;
}

/**
 * Loads the config named by `--config`, or the first `kitgen.config.*` in `cwd`; none is fine.
 * Paths in it are made absolute against the config file's folder. Unknown keys and bad values
 * are errors naming the file and key.
 */
export async function loadConfig(
  path: string | undefined,
  cwd: string,
): Promise<{ config: KitgenConfig; file?: string }> {
  let file: string | undefined;
  if (path !== undefined) {
    file = resolve(cwd, path);
    if (!(await exists(file))) throw new ConfigFileError(`${path}: no such config file`);
  } else {
    for (const name of configFileNames) {
      if (await exists(join(cwd, name))) {
        file = join(cwd, name);
        break;
      }
    }
  }
  if (file === undefined) return { config: {} };
  let raw: unknown;
  try {
    if (file.endsWith('.json')) raw = JSON.parse(await readFile(file, 'utf8'));
    else raw = await importConfig(file);
  } catch (error) {
    throw new ConfigFileError(`${file}: cannot load the config: ${(error as Error).message.split('\n')[0]}`);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new ConfigFileError(`${file}: the config must be an object (export default defineConfig({ ... }))`);
  return { config: checkConfig(raw, file, dirname(file)), file };
}

/**
 * Checks a config object (a file's, or options given to the build plugin, named by `where` in
 * messages): unknown keys and bad values are {@link ConfigFileError}s; relative paths are made
 * absolute against `base`.
 */
export function checkConfig(raw: object, where: string, base: string): KitgenConfig {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const check = keys[k as keyof KitgenConfig];
    if (!check) throw new ConfigFileError(`${where}: unknown key "${k}"; known keys: ${Object.keys(keys).join(', ')}`);
    if (!check(v)) throw new ConfigFileError(`${where}: "${k}" has an invalid value ${JSON.stringify(v)}`);
    out[k] = v;
  }
  for (const k of ['input', 'out', 'templates', 'prettierConfig', 'tsconfig'] as const) {
    const v = out[k];
    if (typeof v === 'string' && !isAbsolute(v) && !(k === 'input' && isUrl(v))) out[k] = resolve(base, v);
  }
  return out as KitgenConfig;
}
