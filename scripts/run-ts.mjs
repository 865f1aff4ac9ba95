#!/usr/bin/env node
// Runs a TypeScript entry point with the same loader and export conditions the tests use,
// so workspace packages resolve to their sources without a build step.
import { spawnSync } from 'node:child_process';
import { ensureBundledTypebox } from './bundled-typebox.mjs';
import { nodeOptions } from './node-options.mjs';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: run-ts.mjs <entry.ts> [args...]');
  process.exit(2);
}
await ensureBundledTypebox();
const result = spawnSync(process.execPath, [entry, ...args], {
  stdio: 'inherit',
  env: { ...process.env, NODE_OPTIONS: nodeOptions(process.env.NODE_OPTIONS) },
});
process.exit(result.status ?? 1);
