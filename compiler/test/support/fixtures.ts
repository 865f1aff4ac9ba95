// Golden fixtures: fixtures/<case>/ holds an input (openapi.yaml or openapi.json), optional
// generator options (options.json), the expected tree (expected/) and, when the input has
// problems, the expected messages (diagnostics.txt).
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompileError, EndpointGen, formatDiagnostic, loadDocument, type GenerateOptions } from '../../src/index.ts';
import { placeDiagnostics } from '../../src/diagnostics/index.ts';
import { formatFiles, prettierOptions } from '../../src/format/formatCode.ts';

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** The fixtures folder. */
export const fixturesDir = join(repoRoot, 'fixtures');

/** True when golden files are to be rewritten (`KITGEN_UPDATE_GOLDEN=1 npm test`). */
export const updateGolden = process.env.KITGEN_UPDATE_GOLDEN === '1';

/** One fixture case. */
export interface FixtureCase {
  readonly name: string;
  readonly dir: string;
  readonly input: string;
  readonly options: GenerateOptions;
}

/** Every case under fixtures/, by name. */
export async function fixtureCases(): Promise<FixtureCase[]> {
  const out: FixtureCase[] = [];
  for (const name of (await readdir(fixturesDir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()) {
    const dir = join(fixturesDir, name);
    const input = ['openapi.yaml', 'openapi.yml', 'openapi.json'].map((f) => join(dir, f)).find((f) => existsSync(f));
    if (!input) continue;
    const optionsFile = join(dir, 'options.json');
    const options = existsSync(optionsFile) ? (JSON.parse(await readFile(optionsFile, 'utf8')) as GenerateOptions) : {};
    out.push({ name, dir, input, options });
  }
  return out;
}

/** What a case produces: formatted files, and the messages (warnings, or the errors that stopped it). */
export interface CaseOutput {
  readonly files: Map<string, string>;
  readonly diagnostics: string;
}

/** Runs the compiler on a case, as `kitgen generate` does (messages name the input relative to the repo). */
export async function generateCase(c: FixtureCase): Promise<CaseOutput> {
  const file = relative(repoRoot, c.input).split(sep).join('/');
  let source;
  try {
    source = await loadDocument(file);
  } catch (error) {
    if (error instanceof CompileError)
      return { files: new Map(), diagnostics: error.diagnostics.map(formatDiagnostic).join('\n') + '\n' };
    throw error;
  }
  try {
    const code = EndpointGen.fromOpenAPI(source.document, { ...c.options, file });
    const formatted = await formatFiles(code.files, await prettierOptions());
    const warnings = [...(source.warnings ?? []), ...placeDiagnostics(source, code.warnings)];
    return {
      files: formatted,
      diagnostics: warnings.map(formatDiagnostic).join('\n') + (warnings.length > 0 ? '\n' : ''),
    };
  } catch (error) {
    if (error instanceof CompileError)
      return {
        files: new Map(),
        diagnostics: placeDiagnostics(source, error.diagnostics).map(formatDiagnostic).join('\n') + '\n',
      };
    throw error;
  }
}

/** All files below a folder, relative, with `/` separators. */
export async function readTree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    out.set(relative(dir, path).split(sep).join('/'), await readFile(path, 'utf8'));
  }
  return out;
}

/** Replaces a folder's content with exactly these files. */
export async function writeTree(dir: string, files: ReadonlyMap<string, string>): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  for (const [path, text] of files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}
