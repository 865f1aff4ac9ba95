// Operations `kitgen check` does not call or judge on their own: one whose requests are another's
// (the same method and path but for parameter names), and one whose only success is a switch of
// protocol, which fetch cannot read as an answer.
import type { DocumentOperation } from './documentOperations.ts';

/**
 * Operations whose method and path equal an earlier one's but for the names of path parameters
 * (`/v1beta1/{beaconName}` and `/v1beta1/{namespaceName}`, Google's documents), each with the
 * earlier one's label: a request to one is a request to the other, so neither's answer judges it.
 */
export function identicalPaths(operations: readonly DocumentOperation[]): Map<DocumentOperation, string> {
  const first = new Map<string, DocumentOperation>();
  const out = new Map<DocumentOperation, string>();
  for (const op of operations) {
    const key = `${op.method} ${op.path.replace(/\{[^}]*\}/g, '{}')}`;
    const earlier = first.get(key);
    if (earlier) out.set(op, `${earlier.method.toUpperCase()} ${earlier.path}`);
    else first.set(key, op);
  }
  return out;
}

/**
 * The 1xx status keys of an operation whose only success they are (OSIsoft's WebSocket channels:
 * `101` and no 2xx, 3xx or `default`), else undefined. The switch is the connection's, not an
 * answer fetch can read, so such an operation is not called.
 */
export function protocolSwitchOnly(op: DocumentOperation): string | undefined {
  const successes = Object.keys(op.responses).filter((k) => /^[123]/.test(k) || k === 'default');
  return successes.length > 0 && successes.every((k) => k.startsWith('1')) ? successes.join(', ') : undefined;
}
