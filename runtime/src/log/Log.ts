import type { Logger as PinoLogger } from 'pino';
import { annotationsInEffect } from './logAnnotationContext.ts';
import { clusterWorkerId } from '../util/clusterWorker.ts';
import { lazyRequire } from '../util/lazyRequire.ts';

// Loaded with the first log line: a server that logs nothing never pays its ~40 ms of loading.
const pinoModule = lazyRequire<typeof import('pino')>('pino');

/** The runtime's logger: a pino logger (JSON lines on stdout unless replaced). */
export type Logger = PinoLogger;

let current: Logger | undefined;

/**
 * Where the runtime writes its logs (the server's fatal-error warnings, request logging).
 * `KITGEN_LOG_LEVEL` sets the default level (info); `Log.set` installs another pino logger.
 */
export const Log = {
  /** The logger in effect, created on first use. */
  get(): Logger {
    // The mixin adds the request's log annotations (Middleware.logAnnotate) to every line; a
    // cluster worker's lines carry its id, so request logs tell which worker served them.
    const worker = clusterWorkerId();
    return (current ??= pinoModule().pino({
      level: process.env.KITGEN_LOG_LEVEL ?? 'info',
      base: worker === undefined ? undefined : { worker },
      mixin: annotationsInEffect,
    }));
  },
  /** Replaces the logger, e.g. with one writing to a test stream. */
  set(logger: Logger): void {
    current = logger;
  },
} as const;
