// Types of scripts/typecheck-early.mjs, for runtime/test/typecheck.test.ts.
import type { ChildProcess } from 'node:child_process';

/** What the type-check ended with: tsc's exit status (null when it could not run) and its output. */
export interface TypecheckResult {
  readonly status: number | null;
  readonly output: string;
}

/** The command (node and its arguments) that type-checks the repository. */
export function typecheckCommand(): [string, string[]];

/** Starts the type-check; its result is written to `file` when it ends. Returns tsc's process. */
export function startTypecheck(file: string): ChildProcess;

/** The result `startTypecheck` wrote to `file`, once it is there. */
export function typecheckResult(file: string): Promise<TypecheckResult>;
