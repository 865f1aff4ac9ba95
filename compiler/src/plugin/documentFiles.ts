import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseText } from '../input/loadDocument.ts';

/** Collects the `$ref` values of a parsed document that name another file (not `#…`, not a URL). */
function fileRefs(value: unknown, out: Set<string>): void {
  if (Array.isArray(value)) {
    for (const v of value) fileRefs(v, out);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value)) {
    if (k === '$ref' && typeof v === 'string' && !v.startsWith('#') && !/^[a-z][a-z\d+.-]*:\/\//i.test(v))
      out.add(v.split('#')[0]);
    else fileRefs(v, out);
  }
}

/**
 * An OpenAPI document and every file it `$ref`s, transitively, absolute: what a watch must
 * watch. A file that cannot be read or parsed is still listed (its fix is a change to watch for);
 * the generation names the problem.
 */
export async function documentFiles(document: string): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [resolve(document)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    let parsed: unknown;
    try {
      parsed = parseText(file, await readFile(file, 'utf8')).value;
    } catch {
      continue;
    }
    const refs = new Set<string>();
    fileRefs(parsed, refs);
    for (const r of refs) if (r !== '') queue.push(resolve(dirname(file), decodeURIComponent(r)));
  }
  return [...seen];
}
