// Running the reference tools nobody here wrote: protoc, the Thrift compiler and Debian's Python
// libraries (python3-avro, python3-thrift, python3-msgpack, for /usr/bin/python3).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const here = new URL('.', import.meta.url).pathname;

/** True when `command` runs (`command --version` exits 0). */
export function hasCommand(command: string): boolean {
  const result = spawnSync(command, ['--version'], { encoding: 'utf8' });
  return result.status === 0;
}

/** A Python that can import every module, preferring Debian's (where apt installs them), or undefined. */
export function pythonWith(modules: readonly string[]): string | undefined {
  for (const python of ['/usr/bin/python3', 'python3']) {
    const result = spawnSync(python, ['-c', modules.map((m) => `import ${m}`).join('; ')], { encoding: 'utf8' });
    if (result.status === 0) return python;
  }
  return undefined;
}

/** Runs a command; fails with its stderr when it exits non-zero. */
export function run(command: string, args: readonly string[], input?: Uint8Array | string): Buffer {
  const env = { ...process.env, PYTHONDONTWRITEBYTECODE: '1' }; // no __pycache__ next to the scripts
  const result = spawnSync(command, args, { input, env, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} exited with ${result.status}: ${result.stderr?.toString() ?? ''}${result.error ? String(result.error) : ''}`,
    );
  }
  return result.stdout;
}

/** Runs one of the referee_*.py scripts with a JSON request; returns its JSON answer. */
export function runPython<T>(python: string, script: string, request: unknown): T {
  const out = run(python, [join(here, script)], JSON.stringify(request));
  return JSON.parse(out.toString('utf8')) as T;
}

/** A fresh temporary directory. */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `kitgen-${prefix}-`));
}
