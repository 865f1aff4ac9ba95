// Operations a request may be addressed to besides its own: AWS's documents declare two operations
// on one method and path, told apart by a query flag written as the path's fragment
// (`POST /2020-05-31/distribution` and `POST /2020-05-31/distribution#WithTags`, whose required
// `WithTags` is the flag; S3's flag is a header). A request of the second without its flag is a
// request of the first, which a server must serve: not an invalid request it must refuse.
import type { DocumentOperation, DocumentParameter } from './documentOperations.ts';
import { requestPathKey } from './pathKey.ts';
import type { RequestParts } from './requests.ts';

/** The request line an operation is called on: its method and path as sent, path parameter names aside. */
const requestLine = (op: DocumentOperation) => `${op.method} ${requestPathKey(op.path).replace(/\{[^}]*\}/g, '{}')}`;

/** Each operation's siblings: the other operations of the document called on the same method and path. */
export function siblingOperations(
  operations: readonly DocumentOperation[],
): Map<DocumentOperation, DocumentOperation[]> {
  const byLine = new Map<string, DocumentOperation[]>();
  for (const op of operations) {
    const line = requestLine(op);
    byLine.set(line, [...(byLine.get(line) ?? []), op]);
  }
  return new Map(operations.map((op) => [op, byLine.get(requestLine(op))!.filter((other) => other !== op)]));
}

/**
 * The sibling a request is one of, if one is: every query parameter and header the sibling
 * requires, the request sends (its body is for the sibling's server to judge as it routes it).
 * S3's `PUT /{Bucket}/{Key}#x-amz-copy-source` without that header is a PutObject.
 */
export function siblingServing(
  siblings: readonly DocumentOperation[],
  request: Pick<RequestParts, 'query' | 'headers'>,
): DocumentOperation | undefined {
  const sends = (p: DocumentParameter) =>
    p.in === 'query'
      ? request.query.some(([k]) => k === encodeURIComponent(p.name))
      : p.in === 'header'
        ? request.headers.some(([k]) => k === p.name.toLowerCase())
        : true;
  return siblings.find((s) => s.parameters.every((p) => !p.required || sends(p)));
}
