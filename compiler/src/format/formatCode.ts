import type * as Prettier from 'prettier';
import { RunError } from '../diagnostics/index.ts';
import { layoutAll } from './layoutInParallel.ts';

/**
 * How generated code is formatted: `prettier`; `layout` (kitgen's own indentation and line
 * breaking, linear and fast); `auto` (prettier unless the output is larger than
 * {@link prettierLimitBytes}, then layout); `none` (as the templates write it).
 */
export type FormatMode = 'auto' | 'prettier' | 'layout' | 'none';

/** Above this much output, `auto` uses kitgen's layout: prettier needs seconds per megabyte. */
export const prettierLimitBytes = 2_000_000;

/** Prettier options generated code gets when the user names no config. */
export const defaultPrettierOptions: Prettier.Options = { singleQuote: true, printWidth: 120, trailingComma: 'all' };

/** Formatting failed: generated code that does not parse is a bug of kitgen, never written as raw text. */
export class FormatError extends RunError {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(
      `kitgen bug: the generated ${file} does not format (${(cause as Error).message.split('\n')[0]}); please report it with the input`,
      { cause },
    );
    this.name = 'FormatError';
  }
}

/** The prettier options from a config file (the spec's scalafmtPath), or kitgen's defaults. */
export async function prettierOptions(configPath?: string): Promise<Prettier.Options> {
  if (configPath === undefined) return defaultPrettierOptions;
  const prettier = await import('prettier');
  const resolved = await prettier.resolveConfig(configPath, { config: configPath, editorconfig: false });
  if (resolved === null) throw new Error(`no prettier configuration in ${configPath}`);
  return resolved;
}

/** Which formatter `mode` means for this much output. */
export function effectiveMode(mode: FormatMode, files: ReadonlyMap<string, string>): Exclude<FormatMode, 'auto'> {
  if (mode !== 'auto') return mode;
  let size = 0;
  for (const text of files.values()) size += text.length;
  return size > prettierLimitBytes ? 'layout' : 'prettier';
}

/** Formats every TypeScript and JavaScript file (see {@link FormatMode}) with prettier's TypeScript or Babel parser; other files pass as they are. */
export async function formatFiles(
  files: ReadonlyMap<string, string>,
  options: Prettier.Options,
  mode: FormatMode = 'prettier',
): Promise<Map<string, string>> {
  const chosen = effectiveMode(mode, files);
  // Loaded only when used: large outputs are laid out without it.
  const prettier = chosen === 'prettier' ? await import('prettier') : undefined;
  const out = new Map<string, string>();
  const isCode = (path: string) => path.endsWith('.ts') || path.endsWith('.js');
  if (chosen === 'layout') {
    const code = [...files].filter(([path]) => isCode(path));
    const laidOut = await layoutAll(
      code.map(([, text]) => text),
      typeof options.printWidth === 'number' ? options.printWidth : 120,
    );
    const byPath = new Map(code.map(([path], k) => [path, laidOut[k]]));
    for (const [path, text] of files) out.set(path, byPath.get(path) ?? text);
    return out;
  }
  for (const [path, text] of files) {
    // Only code is formatted: the OpenAPI document is written as it is.
    if (chosen === 'none' || !isCode(path)) {
      out.set(path, text);
      continue;
    }
    try {
      out.set(
        path,
        await prettier!.format(text, {
          ...options,
          // Babel's TypeScript parser prints what prettier's `typescript` parser prints (the same on
          // every fixture and on GitHub's 9.6 MB of output), parses ~30% faster and spares loading
          // that parser's plugin, a second of a first run.
          parser: path.endsWith('.js') ? 'babel' : 'babel-ts',
          filepath: path,
        }),
      );
    } catch (error) {
      throw new FormatError(path, error);
    }
  }
  return out;
}
