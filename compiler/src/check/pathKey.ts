// The path key of an operation as a request writes it: its fragment (an operation label, AWS's
// `#X-Amz-Target=…`) is never sent, and a query string written into it (`…/{file_name}?view=fileinfo`)
// is part of every request of the operation.
import type { DocumentOperation } from './documentOperations.ts';

/**
 * A path key as a request writes it: the fragment left out, but a fragment that goes on with more
 * path (Mastercard's `/send/#env/v1/partners/{partnerId}/…`) is a label for an optional segment,
 * and the path after it is kept, as the generated server routes it.
 */
export function requestPathKey(path: string): string {
  const hash = path.indexOf('#');
  const slash = hash < 0 ? -1 : path.indexOf('/', hash);
  if (slash < 0) return path.replace(/#.*$/, '');
  const before = path.slice(0, hash);
  return (before.endsWith('/') ? before + path.slice(slash + 1) : before + path.slice(slash)).replace(/#.*$/, '');
}

/**
 * The names of the query items the path key writes with a value (opensuse's
 * `…/{file_name}?view=fileinfo` writes `view`), as written. Every request of the operation sends
 * such an item as written: the value is what addresses this operation rather than the one on
 * the bare path, so neither a generated value nor leaving the parameter out replaces it.
 */
export function writtenQueryNames(op: DocumentOperation): Set<string> {
  const key = requestPathKey(op.path);
  const mark = key.indexOf('?');
  if (mark < 0) return new Set();
  return new Set(
    key
      .slice(mark + 1)
      .split('&')
      .filter((item) => /^[^={}]+=[^{}]*$/.test(item))
      .map((item) => item.split('=')[0]),
  );
}
