import { Duration } from '../../util/Duration.ts';
import { ConfigErrors, configError } from '../../errors/catalogue.ts';

/**
 * The spec's `LeakDetectionLevel`. Node's buffers are garbage-collected, not pooled and
 * reference-counted, so there is no leak for a detector to find: DISABLED and SIMPLE (the
 * default) are accepted and mean that; ADVANCED and PARANOID are refused when the server is
 * installed (server/cluster/transportPlan.ts).
 */
export type LeakDetectionLevel = 'DISABLED' | 'SIMPLE' | 'ADVANCED' | 'PARANOID';

/**
 * The spec's `ChannelType`. On Node the event loop is libuv's: `AUTO` and `NIO` mean its
 * default, `EPOLL` is that default on Linux and `KQUEUE` on macOS and the BSDs (each refused
 * elsewhere), `URING` has libuv use io_uring (Linux x86_64 only; `UV_USE_IO_URING=1`, set on the workers
 * it forks, or required in the environment of a single process).
 */
export type ChannelType = 'AUTO' | 'NIO' | 'EPOLL' | 'KQUEUE' | 'URING';

/** The spec's low-level `TransportConfig`, with what each field means on Node. */
export interface TransportConfig {
  readonly leakDetectionLevel: LeakDetectionLevel;
  readonly channelType: ChannelType;
  /** Worker processes sharing the port through node:cluster; 1 means the single process, 0 one per core. */
  readonly nThreads: number;
  /** Shutdown's drain window: how long requests on open connections are still answered before idle ones close. */
  readonly shutdownQuietPeriodDuration: Duration;
  /** Upper bound on a cluster's shutdown: workers still running this long after the primary asked them to stop are killed. */
  readonly shutdownTimeoutDuration: Duration;
  withChannelType(channelType: ChannelType): TransportConfig;
  leakDetection(level: LeakDetectionLevel): TransportConfig;
  maxThreads(n: number): TransportConfig;
  /** A copy with the shutdown durations (or any field) changed, as `Server.Config`'s `copy`. */
  copy(changes: Partial<TransportFields>): TransportConfig;
}

/** The data fields of a {@link TransportConfig}. */
export type TransportFields = Omit<TransportConfig, 'withChannelType' | 'leakDetection' | 'maxThreads' | 'copy'>;

function make(f: TransportFields): TransportConfig {
  return Object.freeze({
    ...f,
    copy: (changes: Partial<TransportFields>) => {
      const next = make({ ...f, ...changes });
      return changes.nThreads === undefined ? next : next.maxThreads(changes.nThreads);
    },
    withChannelType: (channelType: ChannelType) => make({ ...f, channelType }),
    leakDetection: (leakDetectionLevel: LeakDetectionLevel) => make({ ...f, leakDetectionLevel }),
    maxThreads: (nThreads: number) => {
      if (!Number.isInteger(nThreads) || nThreads < 0) throw configError(ConfigErrors.BAD_MAX_THREADS, nThreads);
      return make({ ...f, nThreads });
    },
  });
}

/**
 * `TransportConfig.default`: libuv's default loop, one process, 250 ms quiet period (the drain
 * window of every server, also those given no transport config), 15 s shutdown cap.
 */
export const TransportConfig = {
  default: make({
    leakDetectionLevel: 'SIMPLE',
    channelType: 'AUTO',
    nThreads: 1,
    shutdownQuietPeriodDuration: Duration.millis(250),
    shutdownTimeoutDuration: Duration.seconds(15),
  }),
} as const;
