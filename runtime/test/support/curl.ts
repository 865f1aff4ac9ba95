// curl as a referee in wire tests: skipped visibly where it is not installed.
import { spawn, spawnSync } from 'node:child_process';

let available: boolean | undefined;

/** True when a `curl` binary can be run. */
export function hasCurl(): boolean {
  available ??= spawnSync('curl', ['--version'], { stdio: 'ignore' }).status === 0;
  return available;
}

/** What a curl run produced. */
export interface CurlResult {
  readonly code: number | null;
  readonly stdout: Buffer;
  readonly stderr: string;
}

/** Runs curl with `args` (`-s` is added; never touches the network beyond what args name). */
export function curl(args: readonly string[], input?: Uint8Array): Promise<CurlResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('curl', ['-s', '--max-time', '20', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') }),
    );
    child.stdin.end(input);
  });
}
