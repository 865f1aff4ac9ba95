import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { glob } from 'tinyglobby';
import { CompileError } from '../diagnostics/index.ts';

const tsFile = /\.(?:m|c)?tsx?$/;

/** True when an input names endpoint definition files (a `.ts` file or a glob) rather than an OpenAPI document. */
export function isEndpointInput(input: string): boolean {
  return (tsFile.test(input) && !input.endsWith('.d.ts')) || /[*?{[]/.test(input);
}

/**
 * The endpoint definition files an input names: the file itself, or the TypeScript files a glob
 * matches (declaration files and node_modules left out), sorted. None is an error naming the input.
 */
export async function resolveEndpointFiles(input: string, cwd: string): Promise<string[]> {
  if (!/[*?{[]/.test(input)) {
    const file = resolve(cwd, input);
    const s = await stat(file).catch(() => undefined);
    if (s === undefined)
      throw new CompileError([
        {
          severity: 'error',
          file: input,
          message: 'no such file',
          fix: 'check the path of the endpoint definition file',
        },
      ]);
    if (!s.isFile())
      throw new CompileError([
        {
          severity: 'error',
          file: input,
          message: 'is a directory, not a file',
          fix: `name the files, e.g. '${input.replace(/\/$/, '')}/**/*.endpoints.ts' (quoted, so kitgen expands the glob)`,
        },
      ]);
    return [file];
  }
  const files = (await glob(input, { cwd, absolute: true, ignore: ['**/node_modules/**', '**/*.d.ts'] }))
    .filter((f) => tsFile.test(f))
    .sort();
  if (files.length === 0)
    throw new CompileError([
      {
        severity: 'error',
        file: input,
        message: 'the glob matches no TypeScript file',
        fix: 'check the pattern (it is relative to the working folder)',
      },
    ]);
  return files;
}
