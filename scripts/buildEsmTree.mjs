// The runtime's sources as ES modules, one file each (`dist/esm/`), for bundlers, browsers,
// workers and Deno (the package's `module`, `browser`, `worker` and `deno` export conditions).
// File by file, not one bundle: a bundler drops the modules and the exports a program never uses,
// and keeps `Schema` a module namespace whose unused builders go too; typebox stays an import of
// the user's installed package. The client entry (`client.js`) and everything it loads, dynamic
// imports included, must import no Node built-in: the build fails naming the chain when one does.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';

function sourcesUnder(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourcesUnder(path, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

// esbuild keeps import specifiers as written (`./x.ts`); the emitted files are `./x.js`. Same
// length, so the source maps' columns stay right.
const relativeTs = /((?:\bfrom|\bimport)\s*\(?\s*)"(\.\.?\/[^"\n]+)\.ts"/g;

const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/**
 * The Node built-ins the module graph of `entry` imports (statically or through `import()`), each
 * with the chain of modules that reaches it; packages are left out (their own builds decide).
 */
export async function nodeBuiltinImports(entry) {
  const found = [];
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    splitting: true,
    outdir: join(dirname(entry), '.check'),
    metafile: true,
    logLevel: 'silent',
    plugins: [
      {
        name: 'record-builtins',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => {
            if (builtins.has(args.path)) {
              found.push({ builtin: args.path, importer: args.importer });
              return { path: args.path, external: true };
            }
            if (!args.path.startsWith('.') && !args.path.startsWith('/')) return { path: args.path, external: true };
            return undefined;
          });
        },
      },
    ],
  });
  const importers = new Map();
  for (const [file, input] of Object.entries(result.metafile.inputs))
    for (const i of input.imports) if (!i.external) importers.set(i.path, file);
  const chain = (file) => {
    const out = [];
    for (let f = file; f !== undefined && out.length < 20; f = importers.get(f)) out.unshift(f);
    return out.join(' -> ');
  };
  return found.map(({ builtin, importer }) => `${builtin} (${chain(relative(process.cwd(), importer))})`);
}

/** Writes every module of `srcDir` as an ES module under `outDir`, with a linked source map; checks the client entry. */
export async function buildEsmTree({ srcDir, outDir }) {
  const result = await build({
    entryPoints: sourcesUnder(srcDir),
    outdir: outDir,
    outbase: srcDir,
    bundle: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    logLevel: 'warning',
  });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.path.endsWith('.js') ? file.text.replace(relativeTs, '$1"$2.js"') : file.text);
  }
  const leaks = await nodeBuiltinImports(resolve(outDir, 'client.js'));
  if (leaks.length > 0) throw new Error(`the client entry imports Node built-ins:\n  ${leaks.join('\n  ')}`);
}

/** The names `client.ts` exports: values (a `const`, a class, a function) and types. */
export function clientExportNames(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, false);
  const values = new Set();
  const types = new Set();
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements)
        (statement.isTypeOnly || element.isTypeOnly ? types : values).add(element.name.text);
    } else if (
      ts.isVariableStatement(statement) &&
      statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      for (const d of statement.declarationList.declarations) values.add(d.name.getText(source));
    } else if (
      (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) &&
      statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      types.add(statement.name.text);
    } else if (ts.isExportDeclaration(statement)) {
      throw new Error(`${file}: list the client entry's names one by one (export * is not read here)`);
    }
  }
  for (const name of values) types.delete(name);
  return { values: [...values].sort(), types: [...types].sort() };
}
