import * as prettier from 'prettier';

/** Prettier options generated code gets when the user names no config. */
export const defaultPrettierOptions: prettier.Options = { singleQuote: true, printWidth: 120, trailingComma: 'all' };

/** Formatting failed: generated code that does not parse is a bug of kitgen, never written as raw text. */
export class FormatError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(`kitgen bug: the generated ${file} does not format (${(cause as Error).message.split('\n')[0]}); please report it with the input`, { cause });
    this.name = 'FormatError';
  }
}

/** The prettier options from a config file (the spec's scalafmtPath), or kitgen's defaults. */
export async function prettierOptions(configPath?: string): Promise<prettier.Options> {
  if (configPath === undefined) return defaultPrettierOptions;
  const resolved = await prettier.resolveConfig(configPath, { config: configPath, editorconfig: false });
  if (resolved === null) throw new Error(`no prettier configuration in ${configPath}`);
  return resolved;
}

/** Formats every file with prettier's TypeScript parser. */
export async function formatFiles(files: ReadonlyMap<string, string>, options: prettier.Options): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [path, text] of files) {
    try {
      out.set(path, await prettier.format(text, { ...options, parser: 'typescript', filepath: path }));
    } catch (error) {
      throw new FormatError(path, error);
    }
  }
  return out;
}
