import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { KeyMaterialLocation } from '../config/SSLConfig.ts';
import { SSLConfigError } from './SSLConfigError.ts';

/** Folders searched for resources, in order: `KITGEN_RESOURCES` (a path list), `./resources`, the working folder. */
export function resourceRoots(): string[] {
  return [...(process.env.KITGEN_RESOURCES?.split(':').filter(Boolean) ?? []), 'resources', '.'].map((root) =>
    resolve(root),
  );
}

/**
 * Resolves a key-material location to a file path. Files resolve against the working folder;
 * resources against {@link resourceRoots}. Returns undefined for a resource found nowhere.
 */
export function resolveKeyMaterial(location: KeyMaterialLocation): string | undefined {
  if (location.kind === 'file' || isAbsolute(location.path)) return resolve(location.path);
  for (const root of resourceRoots()) {
    const candidate = resolve(root, location.path);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Reads key material, or throws an {@link SSLConfigError} saying which file is missing or unreadable. */
export function readKeyMaterial(location: KeyMaterialLocation, what: string): { path: string; data: Buffer } {
  const path = resolveKeyMaterial(location);
  if (path === undefined) {
    throw new SSLConfigError(
      `the ${what} resource ${location.path} was not found (searched ${resourceRoots().join(', ')})`,
      { file: location.path },
    );
  }
  try {
    return { path, data: readFileSync(path) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'does not exist'
        : code === 'EACCES'
          ? 'is not readable (permission denied)'
          : code === 'EISDIR'
            ? 'is a folder, not a file'
            : `cannot be read (${(error as Error).message})`;
    throw new SSLConfigError(`the ${what} file ${path} ${why}`, { file: path, cause: error });
  }
}
