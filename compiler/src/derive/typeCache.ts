// Derived types kept across edits. An entry holds while the files it read hash as before; when one
// changed, it still holds if every statement and scope it depends on (declarationDeps.ts) reads as
// before — an edit of `Item70` leaves the other types of its file derived — and its components then
// take their declarations' new positions.
import { ts } from './tsMorph.ts';
import { DependencyReader, type DeclarationDeps } from './declarationDeps.ts';
import { unitTable } from './declarationUnits.ts';
import type { DerivedComponent, DerivedSchema } from './deriveSchema.ts';
import type { TypeContext } from './typeNames.ts';

/** Where a component's declaration starts: its statement and the offset in it. */
interface Place {
  readonly file: string;
  readonly key: string;
  readonly offset: number;
}

interface Entry {
  /** The content hash of every file read. */
  readonly versions: ReadonlyMap<string, string>;
  readonly value: DerivedSchema;
  /** Per declaration; absent when some dependency could not be followed (the files' hashes decide). */
  readonly fine?: { readonly deps: DeclarationDeps; readonly places: readonly Place[] };
}

/** What the cache needs of the project: files' hashes now, and their parsed text now. */
export interface TypeCacheHost {
  versions(files: Iterable<string>): Map<string, string>;
  hashOf(file: string): string;
  compilerFile(file: string): ts.SourceFile | undefined;
}

function splitKey(declarationKey: string): { file: string; start: number } {
  const at = declarationKey.lastIndexOf(':');
  return { file: declarationKey.slice(0, at), start: Number(declarationKey.slice(at + 1)) };
}

/** The derived types of a project, by the key `expandDeriveSchema` gives them. */
export class TypeCache {
  readonly #entries = new Map<string, Entry>();
  #reader: DependencyReader | undefined;

  constructor(readonly host: TypeCacheHost) {}

  /** A derived type by its key, when what it read is unchanged (by file, else by declaration). */
  get(key: string): DerivedSchema | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    let same = true;
    for (const [file, hash] of entry.versions) if (this.host.hashOf(file) !== hash) same = false;
    if (same) return entry.value;
    const value = entry.fine === undefined ? undefined : this.#revalidate(entry, entry.fine);
    if (value === undefined) return undefined;
    this.#entries.set(key, { versions: this.host.versions(entry.versions.keys()), value, fine: entry.fine });
    return value;
  }

  /**
   * Records what a derivation depends on (with the checker it was derived with) and stores it when
   * clean (diagnostics carry positions in the calling file). Returns the derivation with every file
   * it depends on among its consulted files, so a watcher and the file caches see them all.
   */
  store(key: string, derived: DerivedSchema, ctx: TypeContext, node: ts.Node): DerivedSchema {
    if (this.#reader?.ctx.checker !== ctx.checker) this.#reader = new DependencyReader(ctx);
    const deps = this.#reader.closure(node);
    const files = new Set(derived.consulted);
    if (deps !== undefined) for (const f of [...deps.units.keys(), ...deps.scopes.keys(), ...deps.wholes]) files.add(f);
    const value: DerivedSchema = { ...derived, consulted: [...files].sort() };
    if (derived.diagnostics.length > 0) return value;
    const places = deps === undefined ? undefined : placesOf(value.components, deps, ctx.program);
    this.#entries.set(key, {
      versions: this.host.versions(value.consulted),
      value,
      ...(deps !== undefined && places !== undefined ? { fine: { deps, places } } : {}),
    });
    return value;
  }

  #revalidate(entry: Entry, fine: NonNullable<Entry['fine']>): DerivedSchema | undefined {
    const { deps, places } = fine;
    for (const [file, keys] of deps.units) {
      const sf = this.host.compilerFile(file);
      if (sf === undefined) return undefined;
      const table = unitTable(sf);
      for (const [key, hash] of keys) if (table.units.get(key)?.hash !== hash) return undefined;
    }
    for (const [file, scope] of deps.scopes) {
      const sf = this.host.compilerFile(file);
      if (sf === undefined || unitTable(sf).scope !== scope) return undefined;
    }
    // Whole files, and any file read that the declarations do not account for, must hash as before.
    for (const [file, hash] of entry.versions) {
      if (!deps.wholes.has(file) && (deps.units.has(file) || deps.scopes.has(file))) continue;
      if (this.host.hashOf(file) !== hash) return undefined;
    }
    const components = entry.value.components.map((c, i): DerivedComponent => {
      const p = places[i];
      const sf = this.host.compilerFile(p.file)!;
      const start = unitTable(sf).units.get(p.key)!.start + p.offset;
      const { line, character } = sf.getLineAndCharacterOfPosition(start);
      return { ...c, declaredAt: `${p.file}:${line + 1}:${character + 1}`, declarationKey: `${p.file}:${start}` };
    });
    return { ...entry.value, components };
  }
}

/** Each component's place in a statement the derivation depends on; undefined when one is elsewhere. */
function placesOf(
  components: readonly DerivedComponent[],
  deps: DeclarationDeps,
  program: ts.Program,
): Place[] | undefined {
  const places: Place[] = [];
  for (const c of components) {
    const { file, start } = splitKey(c.declarationKey);
    const sf = program.getSourceFile(file);
    const keys = deps.units.get(file);
    if (sf === undefined || keys === undefined) return undefined;
    const table = unitTable(sf);
    const key = [...keys.keys()].find((k) => {
      const u = table.units.get(k)!;
      return u.start <= start && start < u.end;
    });
    if (key === undefined) return undefined;
    places.push({ file, key, offset: start - table.units.get(key)!.start });
  }
  return places;
}
