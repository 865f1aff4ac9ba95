// Helpers of the end-to-end tests: a generated server on a free loopback port, the generated
// CLI as a subprocess, and a third-party client program type-checked and run with tsx.
import { spawn, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Routes, Server, ServerConfig, type ServerLayer } from '@kitgen/runtime';
import { ensureRuntimeBuild, ensureRuntimeDeclarations } from '../../../scripts/runtime-builds.mjs';
import { repoRoot } from './fixtures.ts';

const require = createRequire(import.meta.url);

/** A running server. */
export interface Running {
  readonly port: number;
  readonly url: string;
  readonly layer: ServerLayer;
  shutdown(): Promise<void>;
}

/** Installs routes on 127.0.0.1, any free port. */
export async function serve(routes: Routes): Promise<Running> {
  const layer = Server.live(ServerConfig.default.binding('127.0.0.1', 0));
  const port = await Server.install(routes, layer);
  return { port, url: `http://127.0.0.1:${port}`, layer, shutdown: () => layer.shutdown() };
}

/** Serves the routes on a free loopback port for the length of `fn`, then shuts the server down. */
export async function withServed<T>(routes: Routes, fn: (server: Running) => Promise<T>): Promise<T> {
  const server = await serve(routes);
  try {
    return await fn(server);
  } finally {
    await server.shutdown();
  }
}

/** What a subprocess did. */
export interface ProcessResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Node options that run TypeScript sources the way the tests do: the test runner's own
 * (scripts/node-options.mjs: tsx or the sources' tree, runtime from source, typebox bundled), or tsx
 * and the source condition when a test file runs without it.
 */
export const tsNodeOptions = /--import=tsx|register-source-tree/.test(process.env.NODE_OPTIONS ?? '')
  ? process.env.NODE_OPTIONS
  : '--conditions=kitgen-source --import=tsx';

/** Runs a TypeScript (or JavaScript) entry with tsx, from the repository root. */
export function runNode(args: readonly string[], env: NodeJS.ProcessEnv = {}, input?: string): Promise<ProcessResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: tsNodeOptions, ...env };
  delete childEnv.NODE_TEST_CONTEXT;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...args], { cwd: repoRoot, env: childEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

const registerRuntimeBuild = new URL('../../../scripts/register-runtime-build.cjs', import.meta.url).pathname;

/**
 * Runs a generated CLI (JavaScript) against a server, on the runtime built from the current sources
 * (scripts/runtime-builds.mjs) as a user's node runs it: no loader, ~0.3 s of CPU where tsx and the
 * runtime's sources took ~1.5 s.
 */
export async function runCli(
  cliFile: string,
  port: number,
  args: readonly string[],
  input?: string,
): Promise<ProcessResult> {
  const env = {
    KITGEN_CLI_HOST: '127.0.0.1',
    KITGEN_CLI_PORT: String(port),
    KITGEN_TEST_RUNTIME_BUILD: await ensureRuntimeBuild(),
  };
  return runNode([cliFile, ...args], { ...env, NODE_OPTIONS: `--require=${registerRuntimeBuild}` }, input);
}

/** Type-checks files with `tsc --strict` (NodeNext, runtime from source); resolves with the output on failure. */
export function typeCheck(files: readonly string[]): Promise<ProcessResult> {
  const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
  return runNode(
    [
      tsc,
      '--noEmit',
      '--strict',
      '--target',
      'ES2022',
      '--lib',
      'ES2023,DOM',
      '--module',
      'NodeNext',
      '--moduleResolution',
      'NodeNext',
      '--skipLibCheck',
      '--allowImportingTsExtensions',
      '--types',
      'node',
      '--customConditions',
      'kitgen-source',
      ...files,
    ],
    { NODE_OPTIONS: '' },
  );
}

/**
 * `paths` for a tsconfig that type-checks generated code: `@kitgen/runtime` from tsc's declarations
 * of the current sources (scripts/runtime-builds.mjs), which runtime/test/typecheck.test.ts
 * checks once; through the `kitgen-source` condition every program would check them again.
 */
export async function runtimeDeclarationPaths(): Promise<Record<string, string[]>> {
  return { '@kitgen/runtime': [join(await ensureRuntimeDeclarations(), 'index.d.ts')] };
}

/**
 * Type-checks a folder of generated code with `tsc --strict` through a tsconfig written into it
 * (`include` globs, so thousands of files need no command line), the runtime from its
 * declarations; the large outputs (GitHub's, the real-world documents) need more than Node's
 * default heap.
 */
export async function typeCheckFolder(
  dir: string,
  include: readonly string[],
): Promise<{ status: number | null; output: string }> {
  const paths = await runtimeDeclarationPaths();
  await writeFile(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        customConditions: ['kitgen-source'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        allowImportingTsExtensions: true,
        types: ['node'],
        paths,
      },
      include,
    }),
  );
  const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=4096' },
  });
  return { status: r.status, output: r.stdout + r.stderr };
}
