/** Exit codes of `kitgen`: success, invalid input (or a failed run), usage error. */
export const ExitCode = { ok: 0, invalidInput: 1, usage: 2 } as const;

/** One of {@link ExitCode}'s values. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * A wrong command line, option, config file or templates folder: the user's invocation to fix,
 * reported as one `kitgen:` line with exit code 2 (the build plugin reports it as a config error).
 */
export class UsageError extends Error {}

/**
 * A run that fails for a reason outside the input document (the output folder cannot be written,
 * generated code does not format): one `kitgen:` line that says it all, exit code 1, no stack.
 */
export class RunError extends Error {}
