import type { EmitOptions } from '../EmitOptions.ts';

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
