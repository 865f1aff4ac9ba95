import cluster from 'node:cluster';
import { isClusterMessage } from '../../util/clusterWorker.ts';

const ignore = (): void => undefined;

/**
 * Ties a worker's server to its primary: the primary's `shutdown` message (or the primary
 * going away) shuts the server down gracefully, after which the worker disconnects and exits
 * once its program has nothing left to do. SIGINT and SIGTERM are left to the primary, which
 * forwards them as that message: a terminal's Ctrl-C reaches every process of the group, and a
 * worker killed by it would drop its requests in flight. Returns a promise that resolves when
 * the primary asked this worker to stop (what `Server.serve` waits for on a worker).
 */
export function followPrimary(shutdown: () => Promise<void>): Promise<void> {
  return new Promise((stopRequested) => {
    const stop = () => {
      process.off('message', onMessage);
      process.off('disconnect', stop);
      stopRequested();
      void shutdown().then(() => {
        if (cluster.worker?.isConnected()) cluster.worker.disconnect();
      });
    };
    const onMessage = (message: unknown) => {
      if (isClusterMessage(message) && message.kitgen === 'shutdown') stop();
    };
    process.on('message', onMessage);
    process.on('disconnect', stop);
    process.on('SIGINT', ignore);
    process.on('SIGTERM', ignore);
  });
}

/** Tells the primary that this worker could not start serving (it stops the group and rejects install). */
export function reportInstallFailure(error: unknown): void {
  const e = error as { message?: unknown; code?: unknown; port?: unknown; host?: unknown };
  if (cluster.worker?.isConnected())
    process.send!({
      kitgen: 'installFailed',
      message: String(e.message ?? error),
      code: e.code,
      port: e.port,
      host: e.host,
    });
}
