import * as Type from 'typebox';
import type { TSchema } from 'typebox';
import type { Static } from '../schema/Schema.ts';
import { Header, type HeaderType } from '../http/Header.ts';
import type { Status } from '../http/Status.ts';
import { Doc } from './Doc.ts';
import { andNodes, type CodecNode, type Examples, type QueryStyle } from './CodecNode.ts';
import type { AndKind, CodecKind, OrValue, Unwrap } from './types.ts';
import { ConfigErrors, configError } from '../errors/catalogue.ts';

/**
 * The spec's `HttpCodec`: a typed description of part of a request or response (query
 * parameter, header, body, status). `T` is the tuple of values it carries; `K` where it lives.
 * `a.and(b)` is the spec's `a ++ b`, `a.or(b)` is `a | b`.
 */
export class HttpCodec<T extends unknown[], K extends CodecKind = CodecKind> {
  /** @internal */
  readonly node: CodecNode;
  declare readonly _values: T;
  declare readonly _kind: K;

  /** @internal */
  constructor(node: CodecNode) {
    this.node = node;
  }

  /** Both codecs (the spec's `++`): values concatenated. */
  and<U extends unknown[], K2 extends CodecKind>(other: HttpCodec<U, K2>): HttpCodec<[...T, ...U], AndKind<K, K2>> {
    return new HttpCodec(andNodes(this.node, other.node));
  }

  /** Alternatives (the spec's `|`): the value is an Either, left = this codec's value. */
  or<U extends unknown[], K2 extends CodecKind>(other: HttpCodec<U, K2>): HttpCodec<OrValue<T, U>, AndKind<K, K2>> {
    return new HttpCodec({ kind: 'or', left: this.node, right: other.node });
  }

  /** Maps the value both ways. */
  transform<B>(decode: (value: Unwrap<T>) => B, encode: (value: B) => Unwrap<T>): HttpCodec<[B], K> {
    return new HttpCodec({
      kind: 'transform',
      inner: this.node,
      decode: decode as (v: unknown) => unknown,
      encode: encode as (v: unknown) => unknown,
    });
  }

  /** Makes a query parameter or header optional: absent → `undefined`. */
  optional(): HttpCodec<[Unwrap<T> | undefined], K> {
    const n = this.node;
    if (n.kind !== 'query' && n.kind !== 'header') throw configError(ConfigErrors.OPTIONAL_NOT_PARAMETER);
    return new HttpCodec({ ...n, optional: true });
  }

  /** Attaches documentation (the spec's `?? Doc.p(text)`). */
  doc(doc: Doc | string): HttpCodec<T, K> {
    return new HttpCodec(withDocs(this.node, { doc: Doc.text(doc) }));
  }

  /** Attaches named examples (the spec's `.examples(...)`). */
  examples(examples: Record<string, Unwrap<T>>): HttpCodec<T, K> {
    return new HttpCodec(withDocs(this.node, { examples: examples as Examples }));
  }

  /** Marks a parameter deprecated (OpenAPI `deprecated`). */
  deprecated(): HttpCodec<T, K> {
    return new HttpCodec(withDocs(this.node, { deprecated: true }));
  }
}

function withDocs(node: CodecNode, docs: { doc?: string; examples?: Examples; deprecated?: boolean }): CodecNode {
  switch (node.kind) {
    case 'query':
    case 'header':
    case 'content':
      return { ...node, ...docs };
    case 'transform':
      return { ...node, inner: withDocs(node.inner, docs) };
    default:
      throw configError(ConfigErrors.DOC_NOT_PARAMETER, node.kind);
  }
}

/** A codec of query parameters. */
export type QueryCodec<T extends unknown[]> = HttpCodec<T, 'query'>;
/** A codec of headers. */
export type HeaderCodec<T extends unknown[]> = HttpCodec<T, 'header'>;
/** A codec of a body. */
export type ContentCodec<T extends unknown[]> = HttpCodec<T, 'content'>;

/** Options of a query parameter's serialisation (OpenAPI style and explode). */
export interface QueryOptions {
  readonly style?: QueryStyle;
  readonly explode?: boolean;
  /** OpenAPI's `content`: the value travels as one text of this media type (`application/json`: JSON text), style and explode aside. */
  readonly mediaType?: string;
}

/** Options of a header or cookie parameter. */
export interface HeaderOptions {
  /** OpenAPI's `content`: the value travels as one text of this media type (`application/json`: JSON text). */
  readonly mediaType?: string;
}

/** Options of a body codec. */
export interface ContentOptions {
  readonly status?: Status;
  readonly mediaType?: string;
  readonly mediaTypes?: readonly string[];
  readonly doc?: Doc | string;
  readonly stream?: boolean;
  /** A request body that may be absent (`Endpoint#inOptional`). */
  readonly optional?: boolean;
  /** A multipart part of a form that may be left out whole: a bodiless request has none of its parts. */
  readonly formOptional?: boolean;
}

const stringSchema = Type.String();

function content<S extends TSchema>(
  schema: S,
  options: ContentOptions & { name?: string } = {},
): ContentCodec<[Static<S>]> {
  const mediaTypes = options.mediaTypes ?? (options.mediaType ? [options.mediaType] : undefined);
  return new HttpCodec({
    kind: 'content',
    schema,
    name: options.name,
    status: options.status,
    mediaTypes,
    stream: options.stream ?? false,
    ...(options.optional ? { optional: true } : {}),
    ...(options.formOptional ? { formOptional: true } : {}),
    ...(options.doc !== undefined ? { doc: Doc.text(options.doc) } : {}),
  });
}

/** Builds a header codec over a typed header value. */
export function typedHeader<A>(type: HeaderType<A>, schema: TSchema = stringSchema): HeaderCodec<[A]> {
  return new HttpCodec({
    kind: 'header',
    name: type.name,
    schema,
    headerType: type as HeaderType<unknown>,
    optional: false,
    expect: undefined,
  });
}

/** Codec builders (the spec's `HttpCodec.*`). */
export const HttpCodecs = {
  /** A query parameter (the spec's `HttpCodec.query[A](name)`), typed by its schema. */
  query<S extends TSchema>(
    name: string,
    schema: S = stringSchema as unknown as S,
    options: QueryOptions = {},
  ): QueryCodec<[Static<S>]> {
    const style = options.style ?? 'form';
    const content = options.mediaType !== undefined ? { mediaType: options.mediaType } : {};
    return new HttpCodec({
      kind: 'query',
      name,
      schema,
      optional: false,
      style,
      explode: options.explode ?? style === 'form',
      ...content,
    });
  },
  /** A named header, typed by its schema (text unless given; `options.mediaType` for OpenAPI's `content`). */
  header<S extends TSchema>(
    name: string,
    schema: S = stringSchema as unknown as S,
    options: HeaderOptions = {},
  ): HeaderCodec<[Static<S>]> {
    const content = options.mediaType !== undefined ? { mediaType: options.mediaType } : {};
    return new HttpCodec({
      kind: 'header',
      name: name.toLowerCase(),
      schema,
      headerType: undefined,
      optional: false,
      expect: undefined,
      ...content,
    });
  },
  /**
   * A request cookie (OpenAPI's `in: cookie` parameter), typed by its schema: the server reads
   * `name` from the `Cookie` header (a missing required cookie answers 400 naming it), the
   * client sends every cookie codec of an endpoint in one `Cookie` header. Declared with
   * `.header(...)`, as cookies travel in a header.
   */
  cookie<S extends TSchema>(
    name: string,
    schema: S = stringSchema as unknown as S,
    options: HeaderOptions = {},
  ): HeaderCodec<[Static<S>]> {
    const content = options.mediaType !== undefined ? { mediaType: options.mediaType } : {};
    return new HttpCodec({
      kind: 'header',
      name,
      schema,
      headerType: undefined,
      optional: false,
      expect: undefined,
      cookie: true,
      ...content,
    });
  },
  /** A body of the schema's type, with optional status, media types and doc. */
  content,
  /** A fixed response status. */
  status(status: Status): HttpCodec<[], 'status'> {
    return new HttpCodec({ kind: 'status', status });
  },
  /** A failure output of type E with its status (the spec's `HttpCodec.error[E](Status)`). */
  error<S extends TSchema>(schema: S, status: Status): ContentCodec<[Static<S>]> {
    return content(schema, { status });
  },
  /** The `Date` response header (the spec's `HttpCodec.date`). */
  date: typedHeader(Header.Date, Type.String({ format: 'date-time' })) as HeaderCodec<[Date]>,
  /** Nothing at all. */
  empty: new HttpCodec<[], 'mixed'>({ kind: 'empty' }),
} as const;
