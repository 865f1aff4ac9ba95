#!/usr/bin/env node
// The `kitgen` command. The compiler runs from its TypeScript sources through tsx's loader
// (no build step), as the tests and scripts of this repository do.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../compiler/src/cli/main.ts');
const stop = new Promise((resolve) => process.once('SIGINT', resolve));
const code = await main(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
  stopped: stop,
});
process.exitCode = code;
