import { runtimeNames, type RuntimeName } from '../../names/moduleNames.ts';
import { FileImports } from './FileImports.ts';

/** The module key runtime names are recorded under when the caller gives none. */
const RUNTIME = '@kitgen/runtime';

/** Runtime names in {@link runtimeNames} order, as an endpoints module's import lists them. */
const byRuntimeOrder = (a: string, b: string) =>
  runtimeNames.indexOf(a as RuntimeName) - runtimeNames.indexOf(b as RuntimeName);

/**
 * The runtime imports of one generated file: a view of its {@link FileImports} on the runtime
 * module, for the code that writes the runtime's names (schema values, endpoint definitions).
 */
export class RuntimeImports {
  /** @param file the file's record; @param from the runtime module it imports from. */
  constructor(
    readonly file: FileImports = new FileImports(),
    readonly from: string = RUNTIME,
  ) {
    file.declare(from, byRuntimeOrder);
  }

  /** Records that the file uses `name` and returns the identifier to write. */
  use(name: RuntimeName): string {
    return this.file.use(this.from, name);
  }

  /** The names used, in {@link runtimeNames} order. */
  get names(): RuntimeName[] {
    return this.file.specifiers(this.from, byRuntimeOrder) as RuntimeName[];
  }

  /** The names as an import list (`Schema, defineEndpoint`). */
  toString(): string {
    return this.file.list(this.from, byRuntimeOrder);
  }
}
