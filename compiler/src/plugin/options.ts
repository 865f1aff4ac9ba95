import { resolve } from 'node:path';
import { checkConfig, loadConfig, type KitgenConfig } from '../pipeline/config.ts';
import { generateRunFrom } from '../pipeline/generateRun.ts';
import type { GenerateRun } from '../pipeline/runGenerate.ts';

/**
 * Options of the kitgen build plugin: the keys of `kitgen.config.*` (the same as `kitgen
 * generate`'s options), which win over that file's, plus where to find the file.
 */
export interface KitgenPluginOptions extends KitgenConfig {
  /** The config file (default: a `kitgen.config.*` in `cwd`); `false` reads none. */
  readonly config?: string | false;
  /** The folder relative paths are taken from (default: Vite's root, else the working folder). */
  readonly cwd?: string;
  /** Print errors only (no generation summaries, no warnings). */
  readonly quiet?: boolean;
  /** Called after each module the transform expanded, with its time: for measuring the plugin. */
  readonly onTransform?: (file: string, ms: number) => void;
}

/** The options resolved: the generation to run (none without an `input`), and the tsconfig for the transform. */
export interface ResolvedPluginOptions {
  /** `kitgen generate`'s run, when an input is configured. */
  readonly run?: GenerateRun;
  readonly tsconfig?: string;
  /** The transform closes derived objects as the generation does (`closedObjects`). */
  readonly closedObjects?: boolean;
  readonly cwd: string;
}

const pluginOnly = new Set(['config', 'cwd', 'quiet', 'onTransform']);

/**
 * Reads the config file, lays the plugin's options over it (key by key, the plugin's win) and
 * builds the generation exactly as `kitgen generate` would with the same options.
 */
export async function resolvePluginOptions(options: KitgenPluginOptions, cwd: string): Promise<ResolvedPluginOptions> {
  const base = resolve(options.cwd ?? cwd);
  const fromFile = options.config === false ? { config: {} as KitgenConfig } : await loadConfig(options.config, base);
  // Undefined keys are left out, so `{ out: undefined }` does not erase the file's `out`.
  const given = Object.fromEntries(Object.entries(options).filter(([k, v]) => v !== undefined && !pluginOnly.has(k)));
  const merged: KitgenConfig = { ...fromFile.config, ...checkConfig(given, 'kitgen plugin options', base) };
  const tsconfig = merged.tsconfig;
  const transform = {
    ...(tsconfig !== undefined ? { tsconfig } : {}),
    ...(merged.closedObjects === true ? { closedObjects: true } : {}),
  };
  if (merged.input === undefined) return { cwd: base, ...transform };
  const run = generateRunFrom(
    merged,
    { format: true },
    base,
    undefined,
    'file' in fromFile ? fromFile.file : undefined,
  );
  return { run, cwd: base, ...transform };
}
