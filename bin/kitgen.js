#!/usr/bin/env node
// The `kitgen` command. Installed, it runs the compiled compiler (compiler/dist); in this
// repository, where the sources are, it runs them through tsx's loader (no build step), as the
// tests and scripts do, so it never runs a stale build.
import { existsSync } from 'node:fs';
import module from 'node:module';
import { setFlagsFromString } from 'node:v8';

// Node 22.1 and later keep V8's compiled code of loaded modules on disk (NODE_COMPILE_CACHE's folder,
// else the system's temporary one): TypeScript's 9 MB and the compiler then load without compiling
// again on every run. Older Node has no such API, and loads as before.
module.enableCompileCache?.();

// This process only runs kitgen: a short run of each emitter over thousands of operations, where
// TurboFan's inlining cost more CPU than it saved (on a 10,000-operation document 3.9 -> 3.4
// CPU-s and 2.6 -> 2.4 s wall; docs/decisions.md). Never set by the library entries, which run
// in a user's process (bundler plugins, the register hook). Only on the V8 versions known to have
// the flag (Node 20: 11, 22: 12, 24: 13): on any other, V8 would print "unrecognized flag".
if (/^1[1-3]\./.test(process.versions.v8)) setFlagsFromString('--no-turbo-inlining');

const fromSources = existsSync(new URL('../compiler/src/cli/main.ts', import.meta.url));
if (fromSources) (await import('tsx/esm/api')).register();
const { main } = fromSources
  ? await import('../compiler/src/cli/main.ts')
  : await import('../compiler/dist/cli/main.js');
const stop = new Promise((resolve) => process.once('SIGINT', resolve));
const code = await main(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
  stopped: stop,
});
process.exitCode = code;
