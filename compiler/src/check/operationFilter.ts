// `--operations`: which operations a run calls. A comma-separated list of operationIds or
// `METHOD /path` patterns, where `*` stands for any text (`GET /pets/*`, `list*`).
import type { DocumentOperation } from './documentOperations.ts';

/** How an operation is named in progress lines, violations and reports. */
export const operationLabel = (op: DocumentOperation): string =>
  `${op.method.toUpperCase()} ${op.path}${op.operationId !== undefined ? ` (${op.operationId})` : ''}`;

const glob = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    'i',
  );

/** True when the pattern names the operation: its operationId, or its method and path. */
function matches(op: DocumentOperation, pattern: string): boolean {
  const method = /^([A-Za-z]+)\s+(\/.*)$/.exec(pattern);
  if (method) return method[1].toLowerCase() === op.method && glob(method[2]).test(op.path);
  return op.operationId !== undefined && glob(pattern).test(op.operationId);
}

/** The operations the filter names (all without one), in document order. */
export function selectOperations(
  operations: readonly DocumentOperation[],
  filter: string | undefined,
): DocumentOperation[] {
  const patterns = (filter ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (patterns.length === 0) return [...operations];
  return operations.filter((op) => patterns.some((p) => matches(op, p)));
}
