import { chmod, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ChunkedText, outputString, type OutputText } from './ChunkedText.ts';
import type { GeneratedCode } from './EndpointGen.ts';
import { formatFiles, prettierOptions, type FormatMode } from './format/formatCode.ts';
import { generatedMarker } from './names/generatedMarker.ts';
import { formatModeOf } from './optionDefaults.ts';

export { generatedMarker } from './names/generatedMarker.ts';

/** What {@link CodeGen.write} did. */
export interface WriteResult {
  /** Files written (changed or new), relative to the output folder. */
  readonly written: readonly string[];
  /** Files already up to date. */
  readonly unchanged: readonly string[];
  /** Stale generated files removed (with `clean`). */
  readonly removed: readonly string[];
}

/** Options of {@link CodeGen.write}. */
export interface WriteOptions {
  /**
   * How to format (default `auto`: prettier, or kitgen's layout for very large output; `false`
   * is `none`). A formatting failure is a kitgen bug, and then nothing is written.
   */
  readonly format?: FormatMode | boolean;
  /** A prettier config file (default: kitgen's options). */
  readonly prettierConfigPath?: string;
  /** Remove generated files (first line {@link generatedMarker}) the code no longer has. */
  readonly clean?: boolean;
  /** What earlier writes of the same output left (a watch keeps one): files it vouches for are not read again. */
  readonly written?: WrittenFiles;
}

/**
 * The text each output file was last written with (or found holding) by this process, and the
 * file's size and modification time then. A watch's next write compares a file with what it
 * wrote instead of reading it back: megabytes of `openapi.json` and of the expanded copies per save.
 * A file changed on disk since (by anyone) shows another stat and is read as before.
 */
export class WrittenFiles {
  readonly #files = new Map<string, { readonly text: OutputText; readonly mtimeMs: number; readonly size: number }>();

  /** True when `target` still holds `text`, as recorded and as its stat shows. */
  async holds(target: string, text: OutputText): Promise<boolean> {
    const known = this.#files.get(target);
    if (known === undefined || !sameText(known.text, text)) return false;
    const now = await stat(target).catch(() => undefined);
    return now !== undefined && now.mtimeMs === known.mtimeMs && now.size === known.size;
  }

  /** Records that `target` holds `text` now. */
  async record(target: string, text: OutputText): Promise<void> {
    const now = await stat(target).catch(() => undefined);
    if (now === undefined) this.#files.delete(target);
    else this.#files.set(target, { text, mtimeMs: now.mtimeMs, size: now.size });
  }
}

/** Whether two texts are the same: chunked texts by their chunks, which a string never is compared with. */
function sameText(a: OutputText, b: OutputText): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.sameChunks(b);
}

/** Whether the file at `target` holds `text` (read and compared), and whether there is a file. */
async function holdsNow(target: string, text: OutputText): Promise<{ same: boolean; exists: boolean }> {
  if (typeof text === 'string') {
    const old = await readFile(target, 'utf8').catch(() => undefined);
    return { same: old === text, exists: old !== undefined };
  }
  const old = await readFile(target).catch(() => undefined);
  return { same: old !== undefined && text.sameBytes(old), exists: old !== undefined };
}

/** Generated files kitgen may have written: `*.ts` and `*.js` in `dir` and in `dir/endpoints/` (first lines marked). */
async function generatedFilesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const sub of ['', 'endpoints']) {
    let names: string[];
    try {
      names = await readdir(join(dir, sub));
    } catch {
      continue;
    }
    for (const name of names.filter((n) => n.endsWith('.ts') || n.endsWith('.js')).sort()) {
      const path = join(dir, sub, name);
      const head = await readFile(path, 'utf8').then(
        (t) => t.slice(0, 300),
        () => '',
      );
      if (
        head
          .split('\n')
          .slice(0, 2)
          .some((l) => l.startsWith(generatedMarker))
      )
        out.push(sub === '' ? name : `${sub}/${name}`);
    }
  }
  return out;
}

/**
 * Writes a file whole: into a temporary file beside it, renamed over it, so a watcher (a dev
 * server, `tsc --watch`) that reads it on the first change event never reads it truncated.
 */
async function writeWhole(target: string, text: OutputText, replacing: boolean): Promise<void> {
  const temporary = `${target}.${process.pid}.kitgen-tmp`;
  if (typeof text === 'string') await writeFile(temporary, text);
  else await writeChunks(temporary, text);
  try {
    // The mode a user gave the file stays (`chmod +x cli.js`), as it would with a write in place.
    if (replacing) await chmod(temporary, (await stat(target)).mode & 0o7777);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Writes a chunked text's chunks in order, without joining them. */
async function writeChunks(path: string, text: ChunkedText): Promise<void> {
  const file = await open(path, 'w');
  try {
    await file.writev([...text.chunks]);
  } finally {
    await file.close();
  }
}

/** Writes generated code (the spec's `CodeGen`). */
export const CodeGen = {
  /**
   * The spec's `CodeGen.writeFiles(code, basePath, basePackage, scalafmtPath?)`: formats the
   * files with prettier (the config at `prettierConfigPath`, else kitgen's defaults; very large
   * output gets kitgen's own layout instead, see `FormatMode`) and writes
   * them below `basePath/<basePackage>` (dots in the package become folders; '' writes into
   * `basePath`). Returns the paths written.
   */
  async writeFiles(
    code: GeneratedCode,
    basePath: string,
    basePackage = '',
    prettierConfigPath?: string,
  ): Promise<string[]> {
    const dir = join(basePath, ...basePackage.split('.').filter(Boolean));
    const result = await CodeGen.write(code.files, dir, prettierConfigPath !== undefined ? { prettierConfigPath } : {});
    return [...result.written, ...result.unchanged].map((p) => join(dir, p));
  },

  /**
   * Formats (unless told not to) and writes files below `dir`, leaving files whose text is
   * unchanged untouched. A {@link ChunkedText} is written from its chunks (formatting makes it a string).
   */
  async write(files: ReadonlyMap<string, OutputText>, dir: string, options: WriteOptions = {}): Promise<WriteResult> {
    const mode = formatModeOf(options.format);
    const formatted: Map<string, OutputText> =
      mode === 'none'
        ? new Map(files)
        : await formatFiles(
            new Map([...files].map(([path, text]) => [path, outputString(text)])),
            await prettierOptions(options.prettierConfigPath),
            mode,
          );
    const written: string[] = [];
    const unchanged: string[] = [];
    const memo = options.written;
    // Which files changed is asked of all at once (a read each, or a stat where the memo vouches);
    // the writes then go one by one, so a failure stops at the first file it meets.
    const olds = await Promise.all(
      [...formatted].map(async ([path, text]): Promise<{ same: boolean; exists: boolean }> => {
        const target = join(dir, path);
        if (memo !== undefined && (await memo.holds(target, text))) return { same: true, exists: true };
        const now = await holdsNow(target, text);
        if (now.same) await memo?.record(target, text);
        return now;
      }),
    );
    let i = 0;
    for (const [path, text] of formatted) {
      const { same, exists } = olds[i++];
      if (same) {
        unchanged.push(path);
        continue;
      }
      const target = join(dir, path);
      await mkdir(dirname(target), { recursive: true });
      await writeWhole(target, text, exists);
      await memo?.record(target, text);
      written.push(path);
    }
    const removed: string[] = [];
    for (const path of await generatedFilesUnder(dir)) {
      if (formatted.has(path)) continue;
      // A generated `x.ts` beside a new `x.js` + `x.d.ts` is the form kitgen wrote before: TypeScript
      // would resolve `./x.js` to it, so it goes even without --clean.
      const superseded = path.endsWith('.ts') && !path.endsWith('.d.ts') && formatted.has(path.replace(/\.ts$/, '.js'));
      if (!options.clean && !superseded) continue;
      await rm(join(dir, path));
      removed.push(path);
    }
    return { written, unchanged, removed };
  },
} as const;
