import cluster from 'node:cluster';

/** Set by kitgen's cluster primary on the workers it forks (server/cluster/). */
export const CLUSTER_WORKER_ENV = 'KITGEN_CLUSTER_WORKER';

/** The id of this process as a kitgen cluster worker (`TransportConfig.nThreads` > 1), or undefined. */
export function clusterWorkerId(): number | undefined {
  return cluster.isWorker && process.env[CLUSTER_WORKER_ENV] === '1' ? cluster.worker!.id : undefined;
}

/** A message between kitgen's cluster primary and its workers (never one of prom-client's). */
export interface ClusterMessage {
  readonly kitgen: string;
  readonly id?: number;
  readonly [field: string]: unknown;
}

/** True when an IPC message is one of kitgen's. */
export function isClusterMessage(message: unknown): message is ClusterMessage {
  return (
    typeof message === 'object' && message !== null && typeof (message as { kitgen?: unknown }).kitgen === 'string'
  );
}

let nextId = 0;

/**
 * Asks the primary for something over IPC and resolves with its answer's fields; rejects after
 * `timeoutMs` (a primary that is gone or busy must not hang the request that asked).
 */
export function askPrimary(kitgen: string, timeoutMs = 5000): Promise<ClusterMessage> {
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isClusterMessage(message) || message.kitgen !== `${kitgen}:answer` || message.id !== id) return;
      done();
      if (typeof message.error === 'string') reject(new Error(message.error));
      else resolve(message);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`The cluster primary did not answer ${kitgen} within ${timeoutMs} ms`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    process.send!({ kitgen, id });
  });
}
