// A generated server's files written to a folder and its server.js imported: how the tests of a
// generated server's wire behaviour start (the caller removes the folder when done).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { serve } from './e2e.ts';

/** The generated server module's `routes`, as the tests call it. */
export interface GeneratedServer {
  routes: (handlers: object) => Parameters<typeof serve>[0];
}

/** Writes every generated file under `dir` and imports its `server.js`. */
export async function importGeneratedServer(
  files: Iterable<readonly [string, string]>,
  dir: string,
): Promise<GeneratedServer> {
  for (const [path, text] of files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return (await import(pathToFileURL(join(dir, 'server.js')).href)) as GeneratedServer;
}
