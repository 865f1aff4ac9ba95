// Types of scripts/packed-packages.mjs, for the tests that import it.

/** The tarballs `npm pack` made of the two packages. */
export interface PackedPackages {
  /** `@kitgen/runtime`'s tarball. */
  readonly runtime: string;
  /** `kitgen`'s tarball (the compiler, its CLI and its build plugins). */
  readonly kitgen: string;
}

/** Packs both packages from the current sources unless they are packed for them (`.tmp/packed-<hash>/packs`); resolves with the tarballs. */
export function ensurePackedPackages(): Promise<PackedPackages>;
