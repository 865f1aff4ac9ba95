// Module loader hooks (node:module `register`) for loading endpoint definition files: they serve
// the expanded text of the files kitgen expanded (DeriveSchema.gen<T>() calls with their schemas)
// in place of the files on disk, and give every module of the user's project a URL naming its
// version (a hash of its text and its imports'), so a watch loads again only what an edit reached. They run on the loader thread; tsx, registered
// after them, turns the TypeScript they return into JavaScript.
import type { MessagePort } from 'node:worker_threads';

/** What the loading thread sends: the expanded sources by file URL that changed, those dropped, and the generation. */
export interface HooksUpdate {
  readonly sources: Readonly<Record<string, string>>;
  readonly dropped: readonly string[];
  readonly generation: number;
  /** Each module's version by file URL; a module without one gets the generation (it loads anew each time). */
  readonly versions: Readonly<Record<string, string>>;
  /** URL prefixes of modules loaded once and shared (the runtime package, wherever it lives). */
  readonly shared: readonly string[];
}

/** The data `register` passes to {@link initialize}. */
export interface HooksData {
  readonly port: MessagePort;
}

const sources = new Map<string, string>();
let generation = 0;
let versions: Readonly<Record<string, string>> = {};
let shared: readonly string[] = [];

/** Receives updates over the port, acknowledging each so the loader knows it is in force. */
export function initialize(data: HooksData): void {
  data.port.on('message', (update: HooksUpdate) => {
    for (const url of update.dropped) sources.delete(url);
    for (const [url, text] of Object.entries(update.sources)) sources.set(url, text);
    generation = update.generation;
    versions = update.versions;
    shared = update.shared;
    data.port.postMessage({ ack: update.generation });
  });
  data.port.unref();
}

// The runtime stays one instance: its values are compared by identity (codecs, header types).
const projectFile = (url: string) =>
  url.startsWith('file:') && !url.includes('/node_modules/') && !shared.some((prefix) => url.startsWith(prefix));

type Next<C, R> = (specifier: string, context: C) => Promise<R>;
interface ResolveResult {
  readonly url: string;
  readonly format?: string | null;
  readonly shortCircuit?: boolean;
}

/** Marks a project file's URL with its version (or the generation), so a changed module loads anew and an unchanged one is reused. */
export async function resolve(
  specifier: string,
  context: object,
  next: Next<object, ResolveResult>,
): Promise<ResolveResult> {
  const result = await next(specifier, context);
  if (!projectFile(result.url) || generation === 0) return result;
  const url = new URL(result.url);
  url.searchParams.set('kitgen', versions[result.url] ?? String(generation));
  return { ...result, url: url.href };
}

interface LoadResult {
  readonly format?: string | null;
  readonly source?: string | ArrayBuffer | Uint8Array;
  readonly shortCircuit?: boolean;
}

/** Serves an expanded file's text in place of the file (TypeScript: the next hooks compile it). */
export async function load(
  url: string,
  context: { format?: string | null },
  next: Next<object, LoadResult>,
): Promise<LoadResult> {
  const plain = url.split('?')[0];
  const source = sources.get(plain);
  if (source !== undefined) return { format: 'module', source, shortCircuit: true };
  return next(url, context);
}
