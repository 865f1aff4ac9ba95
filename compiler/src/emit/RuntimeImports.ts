import { runtimeNames, type RuntimeName } from '../names/moduleNames.ts';
import type { EmitOptions } from './EmitOptions.ts';

/**
 * The runtime imports of one generated file, registered by the code that writes each name (as
 * protobuf-es's `GeneratedFile.import` does) rather than found afterwards in the text.
 */
export class RuntimeImports {
  readonly #used = new Set<RuntimeName>();

  /** Records that the file uses `name` and returns the identifier to write. */
  use(name: RuntimeName): string {
    this.#used.add(name);
    return name;
  }

  /** The names used, in {@link runtimeNames} order. */
  get names(): RuntimeName[] {
    return runtimeNames.filter((n) => this.#used.has(n));
  }

  /** The names as an import list (`Schema, defineEndpoint`). */
  toString(): string {
    return this.names.join(', ');
  }
}

/**
 * A relative import of another generated module (`./endpoints.js`): generated modules are
 * JavaScript with declarations beside them, so `.js`, or no extension when imports go without.
 */
export function importPath(options: Pick<EmitOptions, 'importExtension'>, path: string): string {
  return `./${path}${options.importExtension === '' ? '' : '.js'}`;
}

/** A relative import of one of the user's own TypeScript modules (code-first), with the extension the user's imports take. */
export function userImportPath(options: Pick<EmitOptions, 'importExtension'>, path: string): string {
  return `./${path}${options.importExtension}`;
}
