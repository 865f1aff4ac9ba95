import { resolve } from 'node:path';
import { allTargets, type OpenAPIFormat, type Target } from '../emit/index.ts';
import type { FormatMode } from '../format/formatCode.ts';
import { UsageError } from '../diagnostics/index.ts';
import { isUrl } from '../input/readSource.ts';
import { formatModeOf, optionDefaults } from '../optionDefaults.ts';
import type { KitgenConfig } from './config.ts';
import type { GenerateRun } from './runGenerate.ts';

export { UsageError } from '../diagnostics/index.ts';

/** The options of `kitgen generate` as given on the command line (or to a build plugin), before the config file's defaults. */
export interface GenerateFlags {
  out?: string;
  targets?: string;
  config?: string;
  templates?: string;
  format: FormatMode | boolean;
  prettierConfig?: string;
  clean?: boolean;
  dryRun?: boolean;
  /** Write nothing; fail listing the stale files (`--check`). */
  check?: boolean;
  watch?: boolean;
  quiet?: boolean;
  split?: string;
  lean?: boolean;
  strict?: boolean;
  int64?: 'bigint' | 'number';
  openapiFormat?: string;
  tsconfig?: string;
  closedObjects?: boolean;
  /** False with `--no-cache`: the code-first cache is neither read nor written. */
  cache?: boolean;
  title?: string;
  apiVersion?: string;
}

function parseFormats(text: string): OpenAPIFormat[] {
  const list = text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const bad = list.filter((t) => t !== 'json' && t !== 'yaml');
  if (bad.length > 0 || list.length === 0)
    throw new UsageError(
      `--openapi-format: unknown format ${bad.map((b) => `"${b}"`).join(', ') || '(none given)'}; choose json, yaml or json,yaml`,
    );
  return list as OpenAPIFormat[];
}

function parseTargets(text: string): Target[] {
  const list = text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const bad = list.filter((t) => !allTargets.includes(t as Target));
  if (bad.length > 0 || list.length === 0)
    throw new UsageError(
      `--targets: unknown target ${bad.map((b) => `"${b}"`).join(', ') || '(none given)'}; choose from ${allTargets.join(', ')}`,
    );
  return list as Target[];
}

/**
 * Merges flags over a loaded config into one {@link GenerateRun} (flags win, key by key; relative
 * flag paths against `cwd`). Shared by `kitgen generate` and the build plugin, so both read the
 * same options the same way. Throws {@link UsageError} for a missing input or output.
 */
export function generateRunFrom(
  config: KitgenConfig,
  flags: GenerateFlags,
  cwd: string,
  input: string | undefined,
  configFile: string | undefined,
): GenerateRun {
  // A URL stays a URL; a path is relative to the working folder.
  const inputPath = input !== undefined ? (isUrl(input) ? input : resolve(cwd, input)) : config.input;
  const out = flags.out !== undefined ? resolve(cwd, flags.out) : config.out;
  if (inputPath === undefined)
    throw new UsageError(
      `an input is needed: kitgen generate <openapi.yaml | endpoints.ts | 'src/**/*.endpoints.ts'> --out <dir>${configFile ? ` (or "input" in ${configFile})` : ''}`,
    );
  if (out === undefined && !flags.dryRun) throw new UsageError('--out <dir> is needed (or "out" in the config file)');
  const split =
    flags.split === undefined
      ? (config.split ?? optionDefaults.split)
      : flags.split === 'auto'
        ? 'auto'
        : flags.split === 'true' || flags.split === 'tag';
  return {
    input: inputPath,
    out: out ?? cwd,
    ...(flags.targets !== undefined || config.targets !== undefined
      ? { targets: flags.targets !== undefined ? parseTargets(flags.targets) : config.targets! }
      : {}),
    openapiFormats:
      flags.openapiFormat !== undefined
        ? parseFormats(flags.openapiFormat)
        : (config.openapiFormats ?? optionDefaults.openapiFormats),
    ...((flags.tsconfig ?? config.tsconfig) !== undefined
      ? { tsconfig: flags.tsconfig !== undefined ? resolve(cwd, flags.tsconfig) : config.tsconfig }
      : {}),
    ...((flags.closedObjects ?? config.closedObjects) === true ? { closedObjects: true } : {}),
    ...(flags.cache === false ? { cacheDir: false as const } : {}),
    ...((flags.title ?? config.title) !== undefined ? { title: flags.title ?? config.title } : {}),
    ...((flags.apiVersion ?? config.version) !== undefined ? { version: flags.apiVersion ?? config.version } : {}),
    ...((flags.templates ?? config.templates) !== undefined
      ? { templates: flags.templates !== undefined ? resolve(cwd, flags.templates) : config.templates }
      : {}),
    // `--format` given alone is `true`: the config file's choice, else the default.
    format: formatModeOf(flags.format === true ? config.format : flags.format),
    ...((flags.prettierConfig ?? config.prettierConfig) !== undefined
      ? {
          prettierConfig:
            flags.prettierConfig !== undefined ? resolve(cwd, flags.prettierConfig) : config.prettierConfig,
        }
      : {}),
    clean: flags.clean ?? config.clean ?? optionDefaults.clean,
    dryRun: flags.dryRun ?? false,
    split,
    lean: flags.lean ?? config.lean ?? optionDefaults.lean,
    strict: flags.strict ?? config.strict ?? optionDefaults.strict,
    int64: flags.int64 ?? config.int64 ?? optionDefaults.int64,
    importExtension: config.importExtension ?? optionDefaults.importExtension,
    runtimePackage: config.runtimePackage ?? optionDefaults.runtimePackage,
  };
}
