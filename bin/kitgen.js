#!/usr/bin/env node
// The `kitgen` command. Installed, it runs the compiled compiler (compiler/dist); in this
// repository, where the sources are, it runs them through tsx's loader (no build step), as the
// tests and scripts do, so it never runs a stale build.
import { existsSync } from 'node:fs';

const fromSources = existsSync(new URL('../compiler/src/cli/main.ts', import.meta.url));
if (fromSources) (await import('tsx/esm/api')).register();
const { main } = fromSources ? await import('../compiler/src/cli/main.ts') : await import('../compiler/dist/cli/main.js');
const stop = new Promise((resolve) => process.once('SIGINT', resolve));
const code = await main(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
  stopped: stop,
});
process.exitCode = code;
