// The root files of a long-lived ts-morph project's programs, kept the same from one edit to the
// next. ts-morph makes every file it holds a root of the next program, and it holds every file a
// program loaded (the user's imports, the runtime's sources): so the program made after the first
// one has more roots than the first, and TypeScript reuses an old program only when the root files
// are the same — the first save of a watch made its program from scratch, module resolution
// included (~0.5 s for 1,274 files), where the later saves reused it (~20 ms).
import type { Project, ts } from './tsMorph.ts';

/** The part of ts-morph's `Program` wrapper that takes the root files of the next program. */
interface ResettableProgram {
  readonly compilerObject: ts.Program;
  _isCompilerProgramCreated(): boolean;
  _reset(rootNames: readonly string[], host: ts.CompilerHost): void;
}

/** The part of ts-morph's language service that makes the next program (with the files held now). */
interface ResettableService {
  _reset(): void;
}

/**
 * Makes a project's programs take as roots only the files added to it by name (not the files a
 * program found by resolving imports), in the order they were added, so a program made after an
 * edit has the old one's roots and TypeScript reuses its structure and module resolutions. A file
 * a program found and a later one no longer reaches is left out, as a fresh run leaves it out,
 * until it is asked for by name again ({@link ProgramRoots.require}).
 */
export class ProgramRoots {
  /** The roots, in the order they joined. */
  readonly #roots = new Set<string>();
  /** Every file some program of the project held: the project has these because TypeScript found them. */
  readonly #loaded = new Set<string>();
  /** The files the project held at the last reset. */
  #held: readonly string[] = [];
  readonly #program: ResettableProgram;
  readonly #service: ResettableService;

  constructor(
    project: Project,
    /** The compiler host the next program is made with, from ts-morph's. */
    hostFor: (host: ts.CompilerHost) => ts.CompilerHost = (host) => host,
  ) {
    this.#program = project.getProgram() as unknown as ResettableProgram;
    this.#service = project.getLanguageService() as unknown as ResettableService;
    const reset = this.#program._reset.bind(this.#program);
    // ts-morph resets its program with every file it holds whenever one is added, replaced or removed.
    this.#program._reset = (held, host) => reset(this.#next(held), hostFor(host));
  }

  #next(held: readonly string[]): string[] {
    // A save replaces a file the project holds: the same files, the same roots. (A program that
    // loaded files the project did not hold changes `held`, so its files are recorded below.)
    const last = this.#held;
    this.#held = held;
    if (held.length === last.length && held.every((file, i) => file === last[i])) return [...this.#roots];
    if (this.#program._isCompilerProgramCreated())
      for (const sf of this.#program.compilerObject.getSourceFiles()) this.#loaded.add(sf.fileName);
    const present = new Set(held);
    // A file the project let go (deleted) that comes back is new again.
    for (const root of this.#roots) if (!present.has(root)) this.#roots.delete(root);
    for (const file of this.#loaded) if (!present.has(file)) this.#loaded.delete(file);
    // A file no program loaded came in by name (added, created): it is a root from now on.
    for (const file of held) if (!this.#loaded.has(file)) this.#roots.add(file);
    return [...this.#roots];
  }

  /**
   * Makes `path` (a file the project holds) a root when the current program does not have it: a
   * file asked for by name must be in the program its checker answers from.
   */
  require(path: string, program: ts.Program): void {
    if (this.#roots.has(path) || program.getSourceFile(path) !== undefined) return;
    this.#roots.add(path);
    this.#service._reset();
  }
}
