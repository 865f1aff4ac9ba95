// `tsc -p` through TypeScript's API, for a program whose own declaration files must be checked
// (the generated `*.d.ts` of the expected trees) while the installed packages' are not: tsc's
// `skipLibCheck` is one switch for both, and with it off a program that imports typebox checks
// typebox's declarations too (2.4 M instantiations, ~18 s, the same in every such program).
// The runtime's own declarations are checked as shipped by compiler/test/consumer.test.ts.
import ts from 'typescript';
import { dirname } from 'node:path';

/**
 * The diagnostics `tsc -p configFile` would report with `skipLibCheck` off, for every file of the
 * program outside `node_modules` and outside `skip` (folders of declarations built from sources
 * checked elsewhere), formatted as tsc prints them; empty when the program type-checks.
 */
export function typeCheckProgram(
  configFile: string,
  overrides: ts.CompilerOptions,
  skip: readonly string[] = [],
): string {
  const host: ts.ParseConfigFileHost = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined };
  const config = ts.getParsedCommandLineOfConfigFile(configFile, { ...overrides, skipLibCheck: false }, host);
  if (!config) return `${configFile}: tsc could not read it`;
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
  });
  const own = program
    .getSourceFiles()
    .filter(
      (f) =>
        !f.fileName.includes('/node_modules/') &&
        !program.isSourceFileDefaultLibrary(f) &&
        !skip.some((dir) => f.fileName.startsWith(`${dir}/`)),
    );
  const diagnostics = [
    ...config.errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...own.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]),
  ];
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => dirname(configFile),
    getNewLine: () => '\n',
  });
}
