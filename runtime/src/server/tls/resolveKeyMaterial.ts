import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { KeyMaterialLocation } from '../config/SSLConfig.ts';

/**
 * Resolves a key-material location to a file path. Files resolve against the working folder;
 * resources against `KITGEN_RESOURCES` (a path list) and then `./resources` and the working folder.
 */
export function resolveKeyMaterial(location: KeyMaterialLocation): string {
  if (location.kind === 'file' || isAbsolute(location.path)) return resolve(location.path);
  const roots = [...(process.env.KITGEN_RESOURCES?.split(':').filter(Boolean) ?? []), 'resources', '.'];
  for (const root of roots) {
    const candidate = resolve(root, location.path);
    if (existsSync(candidate)) return candidate;
  }
  return resolve(roots[0], location.path);
}
