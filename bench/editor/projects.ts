// The projects `npm run bench:editor` opens in tsserver: per document, kitgen's output with a
// file that creates its client and calls one operation, and openapi-typescript's schema.d.ts
// with a file that does the same through openapi-fetch. Each is its own folder, outside this
// repository, with its own package.json, tsconfig and node_modules, as a user's project would be
// (inside the repository tsserver would read the repository's package.json, whose dependencies
// decide whether it builds an auto-import project, and one project's imports change the count).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { installShippedRuntime, linkPackages } from '../support/shippedRuntime.ts';

const require = createRequire(import.meta.url);

/** The operation a probe file calls: its kitgen method name, path, and path parameters (strings). */
export interface ProbeTarget {
  readonly method: string;
  readonly path: string;
  readonly pathParams: readonly string[];
}

/** A line and a 1-based character offset, as tsserver takes them. */
export interface Position {
  readonly line: number;
  readonly offset: number;
}

/** One contestant's project: the probe file and where the scripted requests point. */
export interface Project {
  readonly id: 'kitgen' | 'openapi-fetch';
  readonly file: string;
  readonly text: string;
  /** On `client` where it is declared (quickinfo). */
  readonly client: Position;
  /** Just after `client.` in the call (completionInfo, the member list). */
  readonly member: Position;
  /** On `result`, the call's value (quickinfo: the operation's answer type). */
  readonly result: Position;
  /** The line `export const edits = N;` the warm rounds rewrite. */
  readonly editLine: number;
  /** A member the completion list must hold (so a failed answer never passes for a fast one). */
  readonly expectedMember: string;
  /**
   * Where a user picks the operation (completionInfo there lists the operations): after `client.`
   * for kitgen, whose methods are the operations; inside the path string of `client.GET('…')` for
   * openapi-fetch, whose 11 methods are HTTP verbs.
   */
  readonly operations: Position;
  /** What that request is triggered by (`.` or `'`), and an entry its list must hold. */
  readonly operationsTrigger: '.' | "'";
  readonly expectedOperation: string;
}

const at = (text: string, needle: string, delta = 0): Position => {
  const i = text.indexOf(needle);
  if (i === -1) throw new Error(`probe: ${JSON.stringify(needle)} not in the probe file`);
  const before = text.slice(0, i + delta);
  const line = before.split('\n').length;
  return { line, offset: before.length - before.lastIndexOf('\n') };
};

function project(
  id: Project['id'],
  dir: string,
  text: string,
  expectedMember: string,
  pick: { at: string; delta: number; trigger: '.' | "'"; expected: string },
): Project {
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
      },
      include: ['**/*.ts'],
    }),
  );
  const file = join(dir, 'probe.ts');
  writeFileSync(file, text);
  return {
    id,
    file,
    text,
    expectedMember,
    client: at(text, 'const client', 6),
    member: at(text, '= client.', 9),
    result: at(text, 'const result', 6),
    editLine: at(text, 'export const edits').line,
    operations: at(text, pick.at, pick.delta),
    operationsTrigger: pick.trigger,
    expectedOperation: pick.expected,
  };
}

const run = (args: string[], cwd: string) => {
  const r = spawnSync(process.execPath, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0)
    throw new Error(`${args.join(' ')} failed (${r.status}):\n${r.stdout.slice(-2000)}${r.stderr.slice(-2000)}`);
};

/**
 * Generates kitgen's output (`node bin/kitgen.js generate`) and openapi-typescript's
 * `schema.d.ts` for `input` under `work` (with `reuse`, keeps the ones there), and writes both
 * projects' probe files.
 * `runtimeDts` is where the runtime was built; it is installed as kitgen's project's
 * `node_modules/@kitgen/runtime`, as in a user's project.
 */
export function prepareProjects(
  root: string,
  input: string,
  work: string,
  target: ProbeTarget,
  runtimeDts: string,
  reuse: boolean,
  log: (line: string) => void,
): Project[] {
  const kitgenDir = join(work, 'kitgen');
  const fetchDir = join(work, 'openapi-fetch');
  const generate = !reuse || !existsSync(join(kitgenDir, 'gen')) || !existsSync(join(fetchDir, 'gen', 'schema.d.ts'));
  if (generate) {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(kitgenDir, { recursive: true });
    mkdirSync(fetchDir, { recursive: true });
    log(`bench:editor: kitgen generate ${input}`);
    run([join(root, 'bin', 'kitgen.js'), 'generate', input, '--out', join(kitgenDir, 'gen'), '--quiet'], root);
    log(`bench:editor: openapi-typescript ${input} -o schema.d.ts`);
    run(
      [
        join(dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js'),
        input,
        '-o',
        join(fetchDir, 'gen', 'schema.d.ts'),
      ],
      root,
    );
  } else log(`bench:editor: --reuse: the outputs already in ${work}`);

  installShippedRuntime(root, runtimeDts, kitgenDir);
  // What installing @kitgen/runtime brings (the packages its declarations import), and @types/node.
  linkPackages(root, kitgenDir, ['pino', 'prom-client', '@types/node']);
  linkPackages(root, fetchDir, ['openapi-fetch', '@types/node']);
  const version = (name: string) =>
    (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  const manifest = (name: string, dependencies: Record<string, string>) =>
    JSON.stringify(
      { name, private: true, type: 'module', dependencies, devDependencies: { '@types/node': version('@types/node') } },
      null,
      2,
    );
  writeFileSync(
    join(kitgenDir, 'package.json'),
    manifest('bench-kitgen', { '@kitgen/runtime': version('@kitgen/runtime') }),
  );
  writeFileSync(
    join(fetchDir, 'package.json'),
    manifest('bench-openapi-fetch', { 'openapi-fetch': version('openapi-fetch') }),
  );
  // The client has a method per name of `OperationName` (endpoints.d.ts): the operation must be one.
  const names = join(kitgenDir, 'gen', 'endpoints.d.ts');
  if (!existsSync(names)) throw new Error(`bench:editor: kitgen wrote no endpoints.d.ts in ${join(kitgenDir, 'gen')}`);
  if (!readFileSync(names, 'utf8').includes(`'${target.method}'`))
    throw new Error(`bench:editor: kitgen's OperationName has no ${target.method} (for ${target.path})`);
  const params = target.pathParams.map((p) => `${p}: 'x'`).join(', ');
  const kitgen = project(
    'kitgen',
    kitgenDir,
    `import { createClient } from './gen/client.js';

export const client = createClient({ baseUrl: 'http://localhost:8080' });
export const result = client.${target.method}({ ${params} });
export const edits = 0;
`,
    target.method,
    { at: '= client.', delta: 9, trigger: '.', expected: target.method },
  );
  const fetch = project(
    'openapi-fetch',
    fetchDir,
    `import createClient from 'openapi-fetch';
import type { paths } from './gen/schema.js';

export const client = createClient<paths>({ baseUrl: 'http://localhost:8080' });
export const result = client.GET('${target.path}', { params: { path: { ${params} } } });
export const edits = 0;
`,
    'GET',
    { at: "client.GET('", delta: 12, trigger: "'", expected: target.path },
  );
  return [kitgen, fetch];
}
