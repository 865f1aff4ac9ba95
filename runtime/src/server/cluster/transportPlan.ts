import { arch, availableParallelism, platform } from 'node:os';
import type { Duration } from '../../util/Duration.ts';
import { ConfigErrors, configError } from '../../errors/catalogue.ts';
import type { TransportConfig } from '../config/TransportConfig.ts';

/** What a {@link TransportConfig} asks of this process, once every field has been checked. */
export interface TransportPlan {
  /** Worker processes to fork; 1 serves in this process. */
  readonly workers: number;
  /** Environment the workers start with (libuv settings that must be set before Node starts). */
  readonly workerEnv: Readonly<Record<string, string>>;
  /** Shutdown's drain window (`shutdownQuietPeriodDuration`). */
  readonly drainWindow: Duration;
  /** How long the primary waits for workers to stop before killing them (`shutdownTimeoutDuration`). */
  readonly shutdownTimeout: Duration;
}

const refuse = (field: string, value: string, why: string) =>
  configError(ConfigErrors.TRANSPORT_UNSUPPORTED, field, value, why);

/**
 * Checks every field of a transport config against what Node can do here and says what it
 * means: a field that cannot be honoured throws, naming it, when the server is
 * installed — never accepted and ignored.
 */
export function planTransport(t: TransportConfig): TransportPlan {
  const os = platform();
  const workerEnv: Record<string, string> = {};
  switch (t.channelType) {
    case 'AUTO':
    case 'NIO':
      break;
    case 'EPOLL':
      if (os !== 'linux') throw refuse('channelType', 'EPOLL', `epoll is Linux's; this is ${os}`);
      break;
    case 'KQUEUE':
      if (!['darwin', 'freebsd', 'openbsd', 'netbsd'].includes(os))
        throw refuse('channelType', 'KQUEUE', `kqueue is macOS's and the BSDs'; this is ${os}`);
      break;
    case 'URING':
      // Only where the spec promises it (Linux on x86_64): libuv's io_uring path is exercised there
      // and its kernel requirements are known; elsewhere the choice is refused, not half-honoured.
      if (os !== 'linux' || arch() !== 'x64')
        throw refuse('channelType', 'URING', `io_uring is offered on Linux x86_64 only; this is ${os} ${arch()}`);
      // libuv reads it when the loop starts: forked workers get it, a single process must already have it.
      if (t.nThreads === 1 && process.env.UV_USE_IO_URING !== '1') {
        throw refuse(
          'channelType',
          'URING',
          'libuv takes io_uring only from UV_USE_IO_URING=1 in the environment Node starts with; set it, or use nThreads > 1 (the workers are started with it)',
        );
      }
      workerEnv.UV_USE_IO_URING = '1';
      break;
    default:
      throw refuse('channelType', String(t.channelType), 'expected AUTO, NIO, EPOLL, KQUEUE or URING');
  }
  if (t.leakDetectionLevel === 'ADVANCED' || t.leakDetectionLevel === 'PARANOID') {
    throw refuse(
      'leakDetectionLevel',
      t.leakDetectionLevel,
      'Node has no pooled buffers to track; use DISABLED or SIMPLE, and heap snapshots (--heapsnapshot-signal) to find leaks',
    );
  }
  if (t.leakDetectionLevel !== 'DISABLED' && t.leakDetectionLevel !== 'SIMPLE') {
    throw refuse('leakDetectionLevel', String(t.leakDetectionLevel), 'expected DISABLED, SIMPLE, ADVANCED or PARANOID');
  }
  if (!Number.isInteger(t.nThreads) || t.nThreads < 0) throw configError(ConfigErrors.BAD_MAX_THREADS, t.nThreads);
  return {
    workers: t.nThreads === 0 ? availableParallelism() : t.nThreads,
    workerEnv,
    drainWindow: t.shutdownQuietPeriodDuration,
    shutdownTimeout: t.shutdownTimeoutDuration,
  };
}
