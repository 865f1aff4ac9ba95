// Operations a request may be addressed to besides its own: AWS's documents declare two operations
// on one method and path, told apart by a query flag written as the path's fragment
// (`POST /2020-05-31/distribution` and `POST /2020-05-31/distribution#WithTags`, whose required
// `WithTags` is the flag). A request of the second without its flag is a request of the first,
// which a server must serve: not an invalid request it must refuse.
import type { DocumentOperation } from './documentOperations.ts';
import { requestPathKey } from './requests.ts';

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
 * The sibling a request sending the query names `sent` is a request of, if one is: every query
 * parameter the sibling requires is among them (the request's body and headers are for the
 * sibling's server to judge as it routes them).
 */
export function siblingServing(
  siblings: readonly DocumentOperation[],
  sent: ReadonlyArray<readonly [string, string]>,
): DocumentOperation | undefined {
  return siblings.find((s) =>
    s.parameters.every((p) => p.in !== 'query' || !p.required || sent.some(([k]) => k === encodeURIComponent(p.name))),
  );
}
