import { Duration } from '../../util/Duration.ts';
import { ConfigErrors, configError } from '../../errors/catalogue.ts';

/**
 * The spec's `LeakDetectionLevel`. On Node there is no pooled-buffer leak detector; any level
 * above DISABLED turns on warnings for unconsumed request bodies and unclosed streams.
 */
export type LeakDetectionLevel = 'DISABLED' | 'SIMPLE' | 'ADVANCED' | 'PARANOID';

/**
 * The spec's `ChannelType`. On Node the event loop is libuv's: `EPOLL` is the default, `URING`
 * asks libuv to use io_uring for file operations (`UV_USE_IO_URING=1`, Linux only), `NIO` and
 * `AUTO` mean the default.
 */
export type ChannelType = 'AUTO' | 'NIO' | 'EPOLL' | 'KQUEUE' | 'URING';

/** The spec's low-level `TransportConfig`, with what each field means on Node. */
export interface TransportConfig {
  readonly leakDetectionLevel: LeakDetectionLevel;
  readonly channelType: ChannelType;
  /** Worker processes sharing the port through node:cluster; 1 means the single process. */
  readonly nThreads: number;
  /** How long shutdown waits with no new work before closing (a quiet period). */
  readonly shutdownQuietPeriodDuration: Duration;
  /** Upper bound on transport shutdown. */
  readonly shutdownTimeoutDuration: Duration;
  withChannelType(channelType: ChannelType): TransportConfig;
  leakDetection(level: LeakDetectionLevel): TransportConfig;
  maxThreads(n: number): TransportConfig;
}

function make(f: Omit<TransportConfig, 'withChannelType' | 'leakDetection' | 'maxThreads'>): TransportConfig {
  return Object.freeze({
    ...f,
    withChannelType: (channelType: ChannelType) => make({ ...f, channelType }),
    leakDetection: (leakDetectionLevel: LeakDetectionLevel) => make({ ...f, leakDetectionLevel }),
    maxThreads: (nThreads: number) => {
      if (!Number.isInteger(nThreads) || nThreads < 1) throw configError(ConfigErrors.BAD_MAX_THREADS, nThreads);
      return make({ ...f, nThreads });
    },
  });
}

/** `TransportConfig.default`: libuv's default loop, one process, 2 s quiet period, 15 s shutdown cap. */
export const TransportConfig = {
  default: make({
    leakDetectionLevel: 'SIMPLE',
    channelType: 'AUTO',
    nThreads: 1,
    shutdownQuietPeriodDuration: Duration.seconds(2),
    shutdownTimeoutDuration: Duration.seconds(15),
  }),
} as const;
