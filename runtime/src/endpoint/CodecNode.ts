import type { TSchema } from 'typebox';
import type { QueryStyle } from '../codec/queryStyle.ts';
import type { HeaderType } from '../http/Header.ts';
import type { StatusKey } from '../http/StatusRange.ts';

export type { QueryStyle };

/** Named examples (OpenAPI `examples`): name → value. */
export type Examples = Readonly<Record<string, unknown>>;

/** Documentation carried by a codec. */
export interface NodeDocs {
  readonly doc?: string;
  readonly examples?: Examples;
  readonly deprecated?: boolean;
}

/** A query parameter. */
export interface QueryNode extends NodeDocs {
  readonly kind: 'query';
  readonly name: string;
  readonly schema: TSchema;
  readonly optional: boolean;
  readonly style: QueryStyle;
  readonly explode: boolean;
  /** OpenAPI's `content` instead of `schema`: the whole value is one text of this media type (JSON text for JSON), in no style. */
  readonly mediaType?: string;
}

/** A header (request or response). */
export interface HeaderNode extends NodeDocs {
  readonly kind: 'header';
  readonly name: string;
  readonly schema: TSchema;
  /** Typed header values (Authorization, Date, …) parse and render through this. */
  readonly headerType: HeaderType<unknown> | undefined;
  readonly optional: boolean;
  /** For `HeaderCodec.contentType.expect(...)`: the media type the request must declare. */
  readonly expect: string | undefined;
  /** A request cookie (OpenAPI `in: cookie`): one `name=value` pair of the `Cookie` header. */
  readonly cookie?: true;
  /** OpenAPI's `content` instead of `schema`: the value is one text of this media type (JSON text for JSON). */
  readonly mediaType?: string;
}

/** A body (or a named multipart part) with its status (outputs) and media types. */
export interface ContentNode extends NodeDocs {
  readonly kind: 'content';
  readonly schema: TSchema;
  /** Set for a multipart part. */
  readonly name: string | undefined;
  readonly status: number | undefined;
  /** Media types offered/accepted; undefined means the schema's default. */
  readonly mediaTypes: readonly string[] | undefined;
  /** A stream of values (request or response), framed by the codec. */
  readonly stream: boolean;
  /** A request body that may be absent (OpenAPI's `requestBody.required: false`): `undefined` then. */
  readonly optional?: boolean;
  /**
   * A part of a form that may be left out whole (OpenAPI's `requestBody.required: false`): a
   * request with no body and no Content-Type has none of the form's parts.
   */
  readonly formOptional?: boolean;
}

/**
 * A response status: fixed, or — for a response keyed by a range (`4XX`) or `default` — any
 * status the key covers, taken from the value (then the node carries one value, the status, and
 * `status` is the representative a bare `Responses.of` value would get).
 */
export interface StatusNode {
  readonly kind: 'status';
  readonly status: number;
  readonly range?: StatusCoverage;
}

/** The statuses a range or `default` response stands for (OpenAPI keys responses so). */
export interface StatusCoverage {
  readonly key: StatusKey;
  covers(status: number): boolean;
}

/** Codecs combined with `and` (values concatenated). */
export interface AndNode {
  readonly kind: 'and';
  readonly parts: readonly CodecNode[];
}

/** Alternatives with `or`: value is an Either (left = `left`). */
export interface OrNode {
  readonly kind: 'or';
  readonly left: CodecNode;
  readonly right: CodecNode;
}

/** Alternatives as a plain union (orOut, outErrors, orOutError): chosen by which schema fits. */
export interface UnionNode {
  readonly kind: 'union';
  readonly alts: readonly CodecNode[];
}

/** A value mapped both ways (transformIn/Out/Error, codec.transform). */
export interface TransformNode {
  readonly kind: 'transform';
  readonly inner: CodecNode;
  readonly decode: (value: unknown) => unknown;
  readonly encode: (value: unknown) => unknown;
}

/** Nothing. */
export interface EmptyNode {
  readonly kind: 'empty';
}

/** The codec algebra every endpoint part is made of (the spec's `HttpCodec`). */
export type CodecNode =
  QueryNode | HeaderNode | ContentNode | StatusNode | AndNode | OrNode | UnionNode | TransformNode | EmptyNode;

/** How many values a node contributes to its tuple. */
export function arity(node: CodecNode): number {
  switch (node.kind) {
    case 'status':
      return node.range ? 1 : 0;
    case 'empty':
      return 0;
    case 'and':
      return node.parts.reduce((n, p) => n + arity(p), 0);
    default:
      return 1;
  }
}

/** Flattening `and`: nested ands and empties disappear. */
export function andNodes(a: CodecNode, b: CodecNode): CodecNode {
  const parts = [...(a.kind === 'and' ? a.parts : [a]), ...(b.kind === 'and' ? b.parts : [b])].filter(
    (p) => p.kind !== 'empty',
  );
  if (parts.length === 0) return { kind: 'empty' };
  if (parts.length === 1) return parts[0];
  return { kind: 'and', parts };
}

/** Every leaf of a node, in order (for documentation and OpenAPI). */
export function leaves(node: CodecNode): Array<QueryNode | HeaderNode | ContentNode | StatusNode> {
  switch (node.kind) {
    case 'query':
    case 'header':
    case 'content':
    case 'status':
      return [node];
    case 'and':
      return node.parts.flatMap(leaves);
    case 'or':
      return [...leaves(node.left), ...leaves(node.right)];
    case 'union':
      return node.alts.flatMap(leaves);
    case 'transform':
      return leaves(node.inner);
    case 'empty':
      return [];
  }
}

/**
 * The alternatives of an output or error node: each a list of leaves that go out together
 * (one status, one body, its headers). `or` and `union` split; `and` multiplies.
 */
export function alternatives(node: CodecNode): Array<Array<HeaderNode | ContentNode | StatusNode>> {
  switch (node.kind) {
    case 'query':
      return [[]];
    case 'header':
    case 'content':
    case 'status':
      return [[node]];
    case 'empty':
      return [[]];
    case 'transform':
      return alternatives(node.inner);
    case 'or':
      return [...alternatives(node.left), ...alternatives(node.right)];
    case 'union':
      return node.alts.flatMap(alternatives);
    case 'and':
      return node.parts.reduce<Array<Array<HeaderNode | ContentNode | StatusNode>>>(
        (acc, part) => acc.flatMap((prefix) => alternatives(part).map((alt) => [...prefix, ...alt])),
        [[]],
      );
  }
}
