// Where each endpoint file's expanded copy goes below the output folder: `definitions/` and the
// file's path from the folder all the files share.
import { dirname, relative, sep } from 'node:path';

/** The folder all files share, for laying their copies out below the output folder. */
export function commonDir(files: readonly string[]): string {
  let dir = dirname(files[0]);
  while (!files.every((f) => f.startsWith(dir + sep))) dir = dirname(dir);
  return dir;
}

/** Where a file's expanded copy goes below the output folder (`definitions/pets.endpoints.ts`). */
export function definitionPath(file: string, files: readonly string[]): string {
  return definitionPaths(files)(file);
}

/** {@link definitionPath} for many files of one set: their common folder found once, not once per file. */
export function definitionPaths(files: readonly string[]): (file: string) => string {
  const base = commonDir(files);
  // Asked once per endpoint (a thousand of them in a hundred files): `relative` is not cheap.
  const known = new Map<string, string>();
  return (file) => {
    let path = known.get(file);
    if (path === undefined) known.set(file, (path = ['definitions', ...relative(base, file).split(sep)].join('/')));
    return path;
  };
}
