// A request that leaves out the key a path's fragment names may be no invalid request at all:
// S3's `DELETE /{Bucket}/{Key}#uploadId` (AbortMultipartUpload) without `uploadId` is
// `DELETE /{Bucket}/{Key}` (DeleteObject), and `PUT /{Bucket}/{Key}#x-amz-copy-source` (CopyObject)
// without the header is PutObject. The document itself sends such a request to the other
// operation, so a server that answers it 2xx keeps the contract. A query string written into the
// path key names keys the same way: openSUSE's `GET …/{file_name}?view=fileinfo` without `view`
// is `GET …/{file_name}`.
import type { DocumentOperation } from './documentOperations.ts';

const fragmentOf = (path: string) => (/[?#]/.test(path) ? path.slice(path.search(/[?#]/) + 1) : '');
/**
 * Per operation, computed once: each call scans every operation of the document, and Microsoft
 * Graph's 11,422 rebuilt them (regexps included) for each of the 150 called, seconds per call.
 */
function memo<T>(of: (op: DocumentOperation) => T): (op: DocumentOperation) => T {
  const known = new WeakMap<DocumentOperation, T>();
  return (op) => {
    let value = known.get(op);
    if (value === undefined) known.set(op, (value = of(op)));
    return value;
  };
}
const routeOf = memo(
  (op: DocumentOperation) => `${op.method} ${op.path.replace(/[?#].*$/, '').replace(/\{[^}]*\}/g, '{}')}`,
);
const fragmentNames = (path: string) =>
  fragmentOf(path)
    .split(/[&#]/)
    .filter((item) => item !== '')
    .map((item) => item.split('=')[0].toLowerCase());

/**
 * True when `how` (a spoiler's description, `required query parameter X left out` or `required
 * header X left out`) leaves out a key the operation's fragment names, and another operation of
 * the same method and path does not name it, or (twins told apart by a fragment of no key) does
 * not require it: the request is that operation's.
 */
export function anotherOperationsRequest(
  op: DocumentOperation,
  operations: readonly DocumentOperation[],
  how: string,
): boolean {
  const found = /^required (query parameter|header) (.+) left out$/.exec(how);
  const left = found?.[2]?.toLowerCase();
  if (left === undefined) return false;
  const twins = operations.filter((other) => other !== op && routeOf(other) === routeOf(op));
  if (fragmentNames(op.path).includes(left)) return twins.some((other) => !fragmentNames(other.path).includes(left));
  // Twins told apart by a fragment that names no key of the request (Azure container registry's
  // `#mode=chunk`, `#mode=resumable`) are told apart on the wire only by what each requires: a
  // request without the `Range` one requires is the twin's that does not.
  const where = found?.[1] === 'header' ? 'header' : 'query';
  const keyless = (o: DocumentOperation) =>
    fragmentNames(o.path).every((name) => !o.parameters.some((p) => p.name.toLowerCase() === name));
  return twins.some(
    (other) =>
      (fragmentOf(op.path) !== '' || fragmentOf(other.path) !== '') &&
      keyless(op) &&
      keyless(other) &&
      !other.parameters.some((p) => p.required && p.in === where && p.name.toLowerCase() === left),
  );
}

/** The path template of an operation as a test of a concrete path: each `{parameter}` any non-empty text without `/`. */
const templateTest = memo((op: DocumentOperation): RegExp => {
  const bare = op.path.replace(/[?#].*$/, '');
  const source = bare
    .split(/(\{[^}]*\})/)
    .map((piece) => (/^\{[^}]*\}$/.test(piece) ? '[^/]+' : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}/?$`);
});

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

/**
 * Operations whose path differs from another's of the same method only in parameter names
 * (`/v2/{name}`, `/v2/{sinkName}`), with that other path. Paths that differ in a fragment
 * (`/#Action=A`, `/#Action=B`: AWS's documents) are told apart by the required query parameter
 * or header the fragment names, which a valid request carries.
 */
export function identicalTemplates(operations: readonly DocumentOperation[]): Map<DocumentOperation, string> {
  const byShape = new Map<string, DocumentOperation[]>();
  for (const op of operations) {
    const fragment = op.path.includes('#') ? op.path.slice(op.path.indexOf('#')) : '';
    const shape = `${op.method} ${op.path.replace(/#.*$/, '').replace(/\{[^}]*\}/g, '{}')}${fragment}`;
    byShape.set(shape, [...(byShape.get(shape) ?? []), op]);
  }
  const out = new Map<DocumentOperation, string>();
  for (const group of byShape.values()) {
    if (group.length > 1) for (const op of group) out.set(op, group.find((o) => o !== op)!.path);
  }
  // A fragment that names nothing a request carries (Azure's `/{roleDefinitionId}#disambiguation_dummy`
  // beside `/{roleAssignmentId}`) tells nothing apart either when neither operation takes a body
  // and both require the same query parameters and headers: their requests are the same bytes.
  const byRequest = new Map<string, DocumentOperation[]>();
  for (const op of operations) {
    if (op.body !== undefined) continue;
    const required = op.parameters
      .filter((p) => p.required && (p.in === 'query' || p.in === 'header'))
      .map((p) => `${p.in}:${p.name.toLowerCase()}`)
      .sort();
    const shape = `${op.method} ${op.path.replace(/#.*$/, '').replace(/\{[^}]*\}/g, '{}')} ${required.join(',')}`;
    byRequest.set(shape, [...(byRequest.get(shape) ?? []), op]);
  }
  for (const group of byRequest.values()) {
    if (group.length < 2 || !group.some((op) => op.path.includes('#') && namesNothing(op))) continue;
    for (const op of group) if (!out.has(op)) out.set(op, group.find((o) => o !== op)!.path);
  }
  return out;
}

/** Whether a path's `#fragment` names no query parameter or header of its operation (a label). */
function namesNothing(op: DocumentOperation): boolean {
  const names = op.path
    .slice(op.path.indexOf('#') + 1)
    .split('&')
    .map((item) => item.split('=')[0].toLowerCase());
  return !op.parameters.some((p) => (p.in === 'query' || p.in === 'header') && names.includes(p.name.toLowerCase()));
}

const literal = memo((o: DocumentOperation) => o.path.replace(/[?#].*$/, '').replace(/\{[^}]*\}/g, '').length);

/**
 * The path of another operation of the same method that a valid request's concrete path matches
 * with more literal text (VTEX's `DELETE /api/dataentities/Client/documents/{id}` for a sampled
 * `dataEntityName` of `Client`): OpenAPI matches the more concrete path first, so the request is
 * that operation's, not a sample of this one.
 */
export function concreteTwin(
  op: DocumentOperation,
  operations: readonly DocumentOperation[],
  path: string,
): string | undefined {
  return operations.find(
    (other) =>
      other !== op &&
      other.method === op.method &&
      literal(other) > literal(op) &&
      routeOf(other) !== routeOf(op) &&
      templateTest(other).test(path),
  )?.path;
}

/**
 * True when `how` gives a key the operation's fragment names (SimpleDB's `/#Action=CreateDomain`)
 * a value no operation of the path selects: the request is no operation's, so it must be refused
 * but no operation's declared error shape is owed.
 */
export function selectorValueSpoiled(op: DocumentOperation, how: string): boolean {
  const name = /^(?:query parameter|header) (.+?) = /.exec(how)?.[1]?.toLowerCase();
  return name !== undefined && fragmentNames(op.path).includes(name);
}
