// The package.json files a long-lived project's programs read, kept from one program to the next.
// Under NodeNext a file's module format is the `type` of the package.json above it, so each new
// program looks up the package scope of every one of its files; TypeScript keeps what it read in a
// cache it makes anew for each program (ts-morph's host brings none), so every save read the same
// package.json files again for all 1,274 files of a program (~25 ms of each save's ~70 ms program).
import { statSync } from 'node:fs';
import { ts } from './tsMorph.ts';

/** A package.json's stat as a string ('-' when there is none); a file modified within 2 s never matches a later look. */
function stamp(path: string): string {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return '-';
  // Written in the clock tick of the read, a change could leave the same time and size behind.
  if (Date.now() - stat.mtimeMs < 2000) return `racy ${Math.random()}`;
  return `${stat.mtimeMs} ${stat.size}`;
}

/**
 * Gives each program of a project a compiler host that resolves modules as TypeScript does
 * without one (a fresh resolution cache per program: an added file can change what a specifier
 * names), with the package.json files read by earlier programs kept while none of them changed on
 * disk (each one's stat is checked when a program is made).
 */
export class PackageScopes {
  #kept: ts.PackageJsonInfoCache | undefined;
  /** Each package.json looked for since the cache was made, with its stat then. */
  readonly #seen = new Map<string, string>();

  /** `host` made to keep what earlier programs read of package.json files. */
  host(host: ts.CompilerHost, options: ts.CompilerOptions): ts.CompilerHost {
    let cache: ts.ModuleResolutionCache | undefined;
    const resolutionCache = (): ts.ModuleResolutionCache => (cache ??= this.#resolutionCache(host, options));
    const kept: ts.CompilerHost = {
      ...host,
      fileExists: (path) => {
        if (path.endsWith('/package.json') && !this.#seen.has(path)) this.#seen.set(path, stamp(path));
        return host.fileExists(path);
      },
      getModuleResolutionCache: resolutionCache,
      // What TypeScript does when the host resolves nothing itself (each name once per file and mode).
      resolveModuleNameLiterals: (literals, containingFile, redirected, compilerOptions, containingSourceFile) => {
        const byName = new Map<string, ts.ResolvedModuleWithFailedLookupLocations>();
        return literals.map((literal) => {
          const mode = ts.getModeForUsageLocation(
            containingSourceFile,
            literal,
            redirected?.commandLine.options ?? compilerOptions,
          );
          const key = `${mode ?? ''}\0${literal.text}`;
          let resolved = byName.get(key);
          if (resolved === undefined) {
            resolved = ts.resolveModuleName(
              literal.text,
              containingFile,
              compilerOptions,
              kept,
              resolutionCache(),
              redirected,
              mode,
            );
            byName.set(key, resolved);
          }
          return resolved;
        });
      },
    };
    return kept;
  }

  #resolutionCache(host: ts.CompilerHost, options: ts.CompilerOptions): ts.ModuleResolutionCache {
    for (const [path, seen] of this.#seen) {
      if (stamp(path) === seen) continue;
      this.#kept = undefined;
      this.#seen.clear();
      break;
    }
    const cache = ts.createModuleResolutionCache(
      host.getCurrentDirectory(),
      (name) => host.getCanonicalFileName(name),
      options,
      this.#kept,
    );
    this.#kept ??= cache.getPackageJsonInfoCache();
    return cache;
  }
}
