// The two mock servers as their users start them, each in its own process: `kitgen mock` (the
// compiler built as it ships, on the runtime built from the current sources) and Stoplight Prism's
// `prism mock` (the devDependency). Each is timed from spawn to its first HTTP answer.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** Which mock. */
export type MockName = 'kitgen' | 'prism';

/** A started mock. */
export interface StartedMock {
  readonly name: MockName;
  readonly url: string;
  /** Milliseconds from spawn to the first HTTP answer (any status) to the probe request. */
  readonly firstAnswerMs: number;
  stop(): Promise<void>;
}

/** How to start each mock: the kitgen command built as it ships and its runtime build. */
export interface MockCommands {
  readonly kitgenEntry: string;
  readonly runtimeBuild: string;
  readonly root: string;
}

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function spawnMock(name: MockName, document: string, port: number, commands: MockCommands): ChildProcess {
  if (name === 'kitgen') {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      KITGEN_TEST_RUNTIME_BUILD: commands.runtimeBuild,
      NODE_OPTIONS: `--require=${join(commands.root, 'scripts/register-runtime-build.cjs')}`,
    };
    return spawn(
      process.execPath,
      [commands.kitgenEntry, 'mock', document, '--port', String(port), '--host', '127.0.0.1'],
      { env, stdio: ['ignore', 'ignore', 'pipe'] },
    );
  }
  const prism = join(require.resolve('@stoplight/prism-cli/package.json'), '../dist/index.js');
  // Prism's package reports a postinstall/usage ping through scarf; off, as in CI.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '', SCARF_ANALYTICS: 'false' };
  return spawn(process.execPath, [prism, 'mock', document, '-h', '127.0.0.1', '-p', String(port)], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/**
 * Starts one mock on `document` and polls `probe` (a path with its query, and headers) every 10 ms
 * until an HTTP answer comes; rejects with the mock's stderr if it exits or takes over `timeoutMs`.
 */
export async function startMock(
  name: MockName,
  document: string,
  probe: { readonly path: string; readonly headers: Record<string, string> },
  commands: MockCommands,
  timeoutMs = 120_000,
): Promise<StartedMock> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnMock(name, document, port, commands);
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-4000)));
  let exited = false;
  const closed = new Promise<void>((resolve) =>
    child.once('close', () => {
      exited = true;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) child.kill('SIGINT');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await closed;
    clearTimeout(killer);
  };
  while (performance.now() - started < timeoutMs) {
    if (exited) throw new Error(`${name} mock exited before answering:\n${stderr}`);
    try {
      const response = await fetch(url + probe.path, { headers: probe.headers, signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      return { name, url, firstAnswerMs: performance.now() - started, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  await stop();
  throw new Error(`${name} mock did not answer in ${timeoutMs} ms:\n${stderr}`);
}
