// A request that leaves out the key a path's fragment names may be no invalid request at all:
// S3's `DELETE /{Bucket}/{Key}#uploadId` (AbortMultipartUpload) without `uploadId` is
// `DELETE /{Bucket}/{Key}` (DeleteObject), and `PUT /{Bucket}/{Key}#x-amz-copy-source` (CopyObject)
// without the header is PutObject. The document itself sends such a request to the other
// operation, so a server that answers it 2xx keeps the contract. A query string written into the
// path key names keys the same way: openSUSE's `GET …/{file_name}?view=fileinfo` without `view`
// is `GET …/{file_name}`.
import type { DocumentOperation } from './documentOperations.ts';

const fragmentOf = (path: string) => (/[?#]/.test(path) ? path.slice(path.search(/[?#]/) + 1) : '');
const routeOf = (op: DocumentOperation) => `${op.method} ${op.path.replace(/[?#].*$/, '').replace(/\{[^}]*\}/g, '{}')}`;
const fragmentNames = (path: string) =>
  fragmentOf(path)
    .split(/[&#]/)
    .filter((item) => item !== '')
    .map((item) => item.split('=')[0].toLowerCase());

/**
 * True when `how` (a spoiler's description, `required query parameter X left out` or `required
 * header X left out`) leaves out a key the operation's fragment names, and another operation of
 * the same method and path does not name it: the request is that operation's.
 */
export function anotherOperationsRequest(
  op: DocumentOperation,
  operations: readonly DocumentOperation[],
  how: string,
): boolean {
  const left = /^required (?:query parameter|header) (.+) left out$/.exec(how)?.[1]?.toLowerCase();
  if (left === undefined || !fragmentNames(op.path).includes(left)) return false;
  return operations.some(
    (other) => other !== op && routeOf(other) === routeOf(op) && !fragmentNames(other.path).includes(left),
  );
}

/** The path template of an operation as a test of a concrete path: each `{parameter}` any non-empty text without `/`. */
const templateTest = (op: DocumentOperation): RegExp => {
  const bare = op.path.replace(/[?#].*$/, '');
  const source = bare
    .split(/(\{[^}]*\})/)
    .map((piece) => (/^\{[^}]*\}$/.test(piece) ? '[^/]+' : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}/?$`);
};

/**
 * True when a spoiled request's path (`/projects/zz-invalid/settings/x`, a path parameter given
 * text its schema refuses) is another operation's path of the same method (lgtm's
 * `/projects/{provider}/{org}/{name}`): the document sends that request to the other operation,
 * whose handler answers it, so it is no invalid request of this one.
 */
export function anotherOperationsPath(
  op: DocumentOperation,
  operations: readonly DocumentOperation[],
  path: string,
): boolean {
  return operations.some(
    (other) =>
      other !== op && other.method === op.method && routeOf(other) !== routeOf(op) && templateTest(other).test(path),
  );
}
