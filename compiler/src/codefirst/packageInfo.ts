// The name and version of the package the endpoint files belong to: the document's default title and version.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The `name` and `version` of the nearest package.json above `from` (none when it has none, or cannot be read). */
export async function packageInfo(from: string): Promise<{ name?: string; version?: string }> {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const text = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
    if (text !== undefined) {
      try {
        const p = JSON.parse(text) as { name?: unknown; version?: unknown };
        return {
          ...(typeof p.name === 'string' ? { name: p.name } : {}),
          ...(typeof p.version === 'string' ? { version: p.version } : {}),
        };
      } catch {
        return {};
      }
    }
    if (dirname(dir) === dir) return {};
  }
}
