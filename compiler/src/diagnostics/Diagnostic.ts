/** How bad a problem is: an error fails the run (exit 1), a warning is printed and code is still generated. */
export type Severity = 'error' | 'warning';

/** A problem found in the input: where (file, JSON pointer, line) and what. */
export interface Diagnostic {
  readonly severity: Severity;
  readonly message: string;
  readonly file?: string;
  /** JSON pointer into the document (`/paths/~1pets/get`), '' for the root. */
  readonly pointer?: string;
  readonly line?: number;
  readonly column?: number;
  /** The source lines around the place, marked as TypeScript marks them (TypeScript input). */
  readonly frame?: string;
  /** What to do about it, one sentence. */
  readonly fix?: string;
  /** How the place was reached (`showPetById → Owner.pet → Pet.born`), when that is not obvious from it. */
  readonly path?: string;
}
