// The printer's record of one generated file's imports, after protobuf-es's GeneratedFile: the
// code that writes a name of another module asks this record for the identifier to write, and
// the file's import (and re-export) statements are printed from what was asked, so the imports
// follow the code. Code that may be thrown away (a check that may not compile) records into a
// draft, kept only with the code (compiler/test/emit-printer.test.ts checks every fixture).
import { stringLiteral } from '../../names/literals.ts';

/** What one file takes from one module. */
interface ModuleUse {
  /** Imported names by the identifier the file writes (`$operation` → `operation`). */
  readonly names: Map<string, string>;
  /** The identifier of `import * as <local>`, when the file writes the module's namespace. */
  namespace?: string;
  /** Re-exported names by the name they are exported under. */
  readonly reexports: Map<string, string>;
  /** How the module's names are listed (first use when none is given). */
  order?: NameOrder;
}

const used = (use: ModuleUse | undefined): boolean =>
  use !== undefined && (use.names.size > 0 || use.namespace !== undefined || use.reexports.size > 0);

/** Orders the names imported from one module (exported names); first use when none is given. */
export type NameOrder = (a: string, b: string) => number;

/** The imports and re-exports of one generated file, recorded where its code writes each name. */
export class FileImports {
  readonly #modules = new Map<string, ModuleUse>();

  /**
   * Declares a module the file may import, before any use: declared modules come first in the
   * import block, in the order declared, and `order` lists their names. Declaring imports nothing.
   */
  declare(from: string, order?: NameOrder): this {
    const use = this.#module(from);
    use.order ??= order;
    return this;
  }

  #module(from: string): ModuleUse {
    let use = this.#modules.get(from);
    if (use === undefined) this.#modules.set(from, (use = { names: new Map(), reexports: new Map() }));
    return use;
  }

  /**
   * Records that the file writes `name`, exported by module `from`, as `local` (the name itself
   * unless given), and returns the identifier to write. One local stands for one export.
   */
  use(from: string, name: string, local: string = name): string {
    const names = this.#module(from).names;
    const known = names.get(local);
    if (known !== undefined && known !== name)
      throw new Error(`${local} is already ${known} from ${from}, not ${name}`);
    names.set(local, name);
    return local;
  }

  /** Records that the file writes module `from` as the namespace `local`, and returns `local`. */
  namespace(from: string, local: string): string {
    const use = this.#module(from);
    if (use.namespace !== undefined && use.namespace !== local)
      throw new Error(`${from} is already imported as ${use.namespace}, not ${local}`);
    use.namespace = local;
    return local;
  }

  /** Records that the file re-exports `name` of module `from`, under `as` (the name itself unless given). */
  reexport(from: string, name: string, as: string = name): void {
    this.#module(from).reexports.set(as, name);
  }

  /**
   * A record for code written on trial (a check that may not compile): what it records joins
   * this record only on `commit()`, so code thrown away imports nothing.
   */
  draft(): FileImports & { commit(): void } {
    const draft = new FileImports();
    return Object.assign(draft, { commit: () => this.#absorb(draft) });
  }

  #absorb(other: FileImports): void {
    for (const [from, use] of other.#modules) {
      for (const [local, name] of use.names) this.use(from, name, local);
      if (use.namespace !== undefined) this.namespace(from, use.namespace);
      for (const [as, name] of use.reexports) this.reexport(from, name, as);
    }
  }

  /** Whether the file writes anything of module `from` (a name, its namespace or a re-export). */
  has(from: string): boolean {
    return used(this.#modules.get(from));
  }

  /** The names the file imports from `from` as import specifiers (`name`, `name as local`), in `order` (else the declared one). */
  specifiers(from: string, order?: NameOrder): string[] {
    const use = this.#modules.get(from);
    const entries = [...(use?.names ?? [])];
    const compare = order ?? use?.order;
    if (compare !== undefined) entries.sort(([, a], [, b]) => compare(a, b));
    return entries.map(([local, name]) => (local === name ? name : `${name} as ${local}`));
  }

  /** {@link specifiers} as one list (`Schema, defineEndpoint`), as an import's braces hold it. */
  list(from: string, order?: NameOrder): string {
    return this.specifiers(from, order).join(', ');
  }

  /**
   * The file's import block, one statement a line (no newline after the last): declared modules
   * first, then the others in the order the file first wrote them; per module `import { … }`
   * (`import type` with `types`), then `import * as`, then `export { … } from`.
   */
  statements(options: { readonly types?: boolean } = {}): string {
    const lines: string[] = [];
    const keyword = options.types === true ? 'import type' : 'import';
    for (const [from, use] of this.#modules) {
      const source = stringLiteral(from);
      if (use.names.size > 0) lines.push(`${keyword} { ${this.list(from)} } from ${source};`);
      if (use.namespace !== undefined) lines.push(`${keyword} * as ${use.namespace} from ${source};`);
      const reexports = [...use.reexports].map(([as, name]) => (as === name ? name : `${name} as ${as}`));
      if (reexports.length > 0) lines.push(`export { ${reexports.join(', ')} } from ${source};`);
    }
    return lines.join('\n');
  }
}
