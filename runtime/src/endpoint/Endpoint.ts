import type { TSchema } from 'typebox';
import type { Status } from '../http/Status.ts';
import type { Route } from '../routing/Route.ts';
import type { RoutePattern } from '../routing/RoutePattern.ts';
import type { Routes } from '../routing/Routes.ts';
import type { Static } from '../schema/Schema.ts';
import type { Either } from '../util/Either.ts';
import type { AuthType } from './AuthType.ts';
import { andNodes, type CodecNode } from './CodecNode.ts';
import { Doc } from './Doc.ts';
import { EndpointFailure } from './EndpointFailure.ts';
import { HttpCodec, HttpCodecs, type ContentOptions } from './HttpCodec.ts';
import { endpointRouting } from './endpointRouting.ts';
import type { CodecKind, Unwrap } from './types.ts';
import { ConfigErrors, configError } from '../errors/catalogue.ts';
import type { EndpointDocs, EndpointHandler, ExactInput, NextErr, NextOut } from './handlerTypes.ts';
import { contentOptions, type OutArgs } from './outArgs.ts';

export type {
  EndpointDocs,
  EndpointHandler,
  ExactInput,
  HandlerContext,
  HandlerResult,
  NextErr,
  NextOut,
} from './handlerTypes.ts';

interface EndpointState {
  readonly route: RoutePattern<any>;
  readonly input: CodecNode;
  readonly inputTransform: { decode: (v: unknown) => unknown; encode: (v: unknown) => unknown } | undefined;
  readonly output: CodecNode;
  readonly error: CodecNode | undefined;
  readonly authType: AuthType;
  readonly docs: EndpointDocs;
}

/**
 * The spec's `Endpoint[PathInput, Input, Err, Output, Auth]`: a declarative description of one
 * operation. `PathInput` and `Input` are tuples (path parameters first, then the inputs in the
 * order declared), `Output` a tuple (a body, then its headers); the handler sees `Unwrap<…>`.
 */
export class EndpointImpl<
  PathInput extends unknown[],
  Input extends unknown[],
  Err,
  Output extends unknown[],
  Auth extends AuthType,
> {
  /** @internal */
  readonly state: EndpointState;
  declare readonly _types: { path: PathInput; input: Input; err: Err; output: Output; auth: Auth };

  /** @internal */
  constructor(state: EndpointState) {
    this.state = state;
  }

  /** The method and path. */
  get route(): RoutePattern<PathInput> {
    return this.state.route;
  }

  /** Operation documentation. */
  get docs(): EndpointDocs {
    return this.state.docs;
  }

  /** The auth type. */
  get authType(): Auth {
    return this.state.authType as Auth;
  }

  #with<P2 extends unknown[], I2 extends unknown[], E2, O2 extends unknown[], A2 extends AuthType>(
    changes: Partial<EndpointState>,
  ): EndpointImpl<P2, I2, E2, O2, A2> {
    return new EndpointImpl({ ...this.state, ...changes });
  }

  #addInput<U extends unknown[]>(node: CodecNode): EndpointImpl<PathInput, [...Input, ...U], Err, Output, Auth> {
    if (this.state.inputTransform) throw configError(ConfigErrors.INPUT_AFTER_TRANSFORM);
    return this.#with({ input: andNodes(this.state.input, node) });
  }

  /** Declares query parameters (repeatable; codecs combine with `.and`). */
  query<U extends unknown[]>(
    codec: HttpCodec<U, 'query'>,
  ): EndpointImpl<PathInput, [...Input, ...U], Err, Output, Auth> {
    return this.#addInput<U>(codec.node);
  }

  /** Declares a required request header (rule 2: a request without it does not match). */
  header<U extends unknown[]>(
    codec: HttpCodec<U, 'header'>,
  ): EndpointImpl<PathInput, [...Input, ...U], Err, Output, Auth> {
    return this.#addInput<U>(codec.node);
  }

  /**
   * Declares the request body (unnamed: its media type follows Content-Type) or, with a name, a
   * part of a multipart/form-data body (rule 3). Options: media type(s), doc.
   */
  in<S extends TSchema>(
    schema: S,
    nameOrOptions?: string | (ContentOptions & { name?: string }) | Doc,
  ): EndpointImpl<PathInput, [...Input, Static<S>], Err, Output, Auth> {
    const options: ContentOptions & { name?: string } =
      typeof nameOrOptions === 'string'
        ? { name: nameOrOptions }
        : nameOrOptions && (nameOrOptions as Doc)._tag === 'Doc'
          ? { doc: nameOrOptions as Doc }
          : ((nameOrOptions as ContentOptions) ?? {});
    return this.#addInput<[Static<S>]>(HttpCodecs.content(schema, options).node);
  }

  /**
   * Declares a request body that may be absent (OpenAPI's `requestBody.required: false`, its
   * default): the handler gets `undefined` for a request without a body, the client may leave it
   * out, and OpenAPIGen writes `required: false`. With a name, a multipart part that may be left
   * out (not in the form's `required`): `undefined` when the body has no section of that name.
   */
  inOptional<S extends TSchema>(
    schema: S,
    options: ContentOptions & { name?: string } = {},
  ): EndpointImpl<PathInput, [...Input, Static<S> | undefined], Err, Output, Auth> {
    return this.#addInput<[Static<S> | undefined]>(HttpCodecs.content(schema, { ...options, optional: true }).node);
  }

  /** Declares the request body as a stream of values (NDJSON for JSON; the codec's framing otherwise). */
  inStream<S extends TSchema>(
    schema: S,
    options: ContentOptions = {},
  ): EndpointImpl<PathInput, [...Input, AsyncIterable<Static<S>>], Err, Output, Auth> {
    return this.#addInput<[AsyncIterable<Static<S>>]>(HttpCodecs.content(schema, { ...options, stream: true }).node);
  }

  /** Declares inputs with any codec (query, header and body parts combined). */
  inCodec<U extends unknown[]>(
    codec: HttpCodec<U, CodecKind>,
  ): EndpointImpl<PathInput, [...Input, ...U], Err, Output, Auth> {
    return this.#addInput<U>(codec.node);
  }

  /**
   * Declares a success output (200 unless a status is given; media type, doc). A later `out`
   * adds an alternative: the output becomes an Either whose left is the later one.
   */
  out<S extends TSchema>(
    schema: S,
    ...args: OutArgs
  ): EndpointImpl<PathInput, Input, Err, NextOut<Output, Static<S>>, Auth> {
    return this.outCodec(HttpCodecs.content(schema, contentOptions(args))) as never;
  }

  /** Declares a success output streamed as values arrive (NDJSON for JSON, or an array with treatStreamsAsArrays). */
  outStream<S extends TSchema>(
    schema: S,
    options: ContentOptions = {},
  ): EndpointImpl<PathInput, Input, Err, NextOut<Output, AsyncIterable<Static<S>>>, Auth> {
    return this.outCodec(HttpCodecs.content(schema, { ...options, stream: true })) as never;
  }

  /** Declares an alternative output as a plain union (`Output | B`), chosen by which schema the value fits. */
  orOut<S extends TSchema>(
    schema: S,
    ...args: OutArgs
  ): EndpointImpl<PathInput, Input, Err, [Unwrap<Output> | Static<S>], Auth> {
    const node = HttpCodecs.content(schema, contentOptions(args)).node;
    const prev = this.state.output;
    const output: CodecNode =
      prev.kind === 'empty' ? node : { kind: 'union', alts: [...(prev.kind === 'union' ? prev.alts : [prev]), node] };
    return this.#with({ output });
  }

  /** Adds a response header to the outputs declared so far (rule 1); the output tuple gains its value. */
  outHeader<U extends unknown[]>(
    codec: HttpCodec<U, 'header'>,
  ): EndpointImpl<PathInput, Input, Err, [...Output, ...U], Auth> {
    if (codec.node.kind === 'header' && codec.node.cookie) {
      throw configError(ConfigErrors.REQUEST_COOKIE_AS_OUTPUT, String(this.state.route), codec.node.name);
    }
    return this.#with({ output: andNodes(this.state.output, codec.node) });
  }

  /** Declares an output with one custom codec (body, status and headers combined with `.and`/`.or`). */
  outCodec<U extends unknown[]>(
    codec: HttpCodec<U, CodecKind>,
  ): EndpointImpl<PathInput, Input, Err, Output extends [] ? U : [Either<Unwrap<U>, Unwrap<Output>>], Auth> {
    const prev = this.state.output;
    const output: CodecNode = prev.kind === 'empty' ? codec.node : { kind: 'or', left: codec.node, right: prev };
    return this.#with({ output });
  }

  /** Declares a failure output with its status (rule 5). Repeated calls give an Either (left = later). */
  outError<S extends TSchema>(
    schema: S,
    status: Status,
    doc?: Doc | string,
  ): EndpointImpl<PathInput, Input, NextErr<Err, Static<S>>, Output, Auth> {
    const node = HttpCodecs.content(schema, { status, ...(doc !== undefined ? { doc } : {}) }).node;
    const prev = this.state.error;
    return this.#with({ error: prev === undefined ? node : { kind: 'or', left: node, right: prev } });
  }

  /** Declares several failure outputs unified under one error type (a union), each with its status. */
  outErrors<U extends unknown[][]>(
    ...codecs: { [K in keyof U]: HttpCodec<U[K], 'content'> }
  ): EndpointImpl<PathInput, Input, Err | Unwrap<U[number]>, Output, Auth> {
    const nodes = codecs.map((c) => c.node);
    const prev = this.state.error;
    return this.#with({ error: { kind: 'union', alts: prev === undefined ? nodes : [prev, ...nodes] } });
  }

  /** Declares failure outputs with one custom codec (e.g. `Responses.of`), unified with earlier ones. */
  outErrorCodec<U extends unknown[]>(
    codec: HttpCodec<U, CodecKind>,
  ): EndpointImpl<PathInput, Input, Err | Unwrap<U>, Output, Auth> {
    const prev = this.state.error;
    return this.#with({
      error:
        prev === undefined
          ? codec.node
          : { kind: 'union', alts: [...(prev.kind === 'union' ? prev.alts : [prev]), codec.node] },
    });
  }

  /** Declares an alternative failure as a plain union (`Err | B`). */
  orOutError<S extends TSchema>(
    schema: S,
    status: Status,
  ): EndpointImpl<PathInput, Input, Err | Static<S>, Output, Auth> {
    const node = HttpCodecs.error(schema, status).node;
    const prev = this.state.error;
    return this.#with({
      error:
        prev === undefined ? node : { kind: 'union', alts: [...(prev.kind === 'union' ? prev.alts : [prev]), node] },
    });
  }

  /** Maps the input type: the handler sees `f(input)`; `g` maps back for clients. */
  transformIn<B>(
    f: (input: Unwrap<Input>) => B,
    g: (value: B) => Unwrap<Input>,
  ): EndpointImpl<PathInput, [B], Err, Output, Auth> {
    const prev = this.state.inputTransform;
    const inputTransform = prev
      ? { decode: (v: unknown) => f(prev.decode(v) as Unwrap<Input>), encode: (v: unknown) => prev.encode(g(v as B)) }
      : { decode: f as (v: unknown) => unknown, encode: g as (v: unknown) => unknown };
    return this.#with({ inputTransform });
  }

  /** Maps the output type: the handler returns `B`, encoded as `g(b)`; clients decode with `f`. */
  transformOut<B>(
    f: (output: Unwrap<Output>) => B,
    g: (value: B) => Unwrap<Output>,
  ): EndpointImpl<PathInput, Input, Err, [B], Auth> {
    return this.#with({
      output: {
        kind: 'transform',
        inner: this.state.output,
        decode: f as (v: unknown) => unknown,
        encode: g as (v: unknown) => unknown,
      },
    });
  }

  /** Maps the error type like transformOut. */
  transformError<B>(f: (error: Err) => B, g: (value: B) => Err): EndpointImpl<PathInput, Input, B, Output, Auth> {
    if (!this.state.error) throw configError(ConfigErrors.NO_ERROR_OUTPUT);
    return this.#with({
      error: {
        kind: 'transform',
        inner: this.state.error,
        decode: f as (v: unknown) => unknown,
        encode: g as (v: unknown) => unknown,
      },
    });
  }

  /** Requires authentication (Basic or Bearer); the handler gets the credential as `context.auth`. */
  auth<A2 extends AuthType>(authType: A2): EndpointImpl<PathInput, Input, Err, Output, A2> {
    return this.#with({ authType });
  }

  /** Attaches a description (the spec's `?? Doc.p(text)` on the endpoint). */
  doc(doc: Doc | string): EndpointImpl<PathInput, Input, Err, Output, Auth> {
    return this.#with({ docs: { ...this.state.docs, description: Doc.text(doc) } });
  }

  /** Sets the one-line summary. */
  summary(text: string): EndpointImpl<PathInput, Input, Err, Output, Auth> {
    return this.#with({ docs: { ...this.state.docs, summary: text } });
  }

  /** Adds tags. */
  tag(...tags: string[]): EndpointImpl<PathInput, Input, Err, Output, Auth> {
    return this.#with({ docs: { ...this.state.docs, tags: [...(this.state.docs.tags ?? []), ...tags] } });
  }

  /** Sets the operationId (default: method + path in lowerCamelCase). */
  operationId(id: string): EndpointImpl<PathInput, Input, Err, Output, Auth> {
    return this.#with({ docs: { ...this.state.docs, operationId: id } });
  }

  /** Marks the operation deprecated. */
  deprecated(): EndpointImpl<PathInput, Input, Err, Output, Auth> {
    return this.#with({ docs: { ...this.state.docs, deprecated: true } });
  }

  /** Named examples of the whole input and output (for OpenAPI). */
  examples(examples: {
    in?: Record<string, Unwrap<Input>>;
    out?: Record<string, Unwrap<Output>>;
  }): EndpointImpl<PathInput, Input, Err, Output, Auth> {
    return this.#with({
      docs: {
        ...this.state.docs,
        inputExamples: examples.in ?? this.state.docs.inputExamples,
        outputExamples: examples.out ?? this.state.docs.outputExamples,
      },
    });
  }

  /** A declared failure to throw or return from a handler, typed by the endpoint's error type. */
  fail(error: Err): EndpointFailure<Err> {
    return new EndpointFailure(error);
  }

  /** Binds a handler and yields a route (rule 4: the handler's input type equals the endpoint's). */
  implement<H extends EndpointHandler<Input, Err, Output, Auth>>(
    handler: H & ExactInput<H, Unwrap<Input>>,
  ): Route<PathInput> {
    return endpointRouting(this, 'implement').implement(this, handler as EndpointHandler<Input, Err, Output, Auth>);
  }

  /** The spec's `implementHandler`: the same as {@link implement}. */
  implementHandler<H extends EndpointHandler<Input, Err, Output, Auth>>(
    handler: H & ExactInput<H, Unwrap<Input>>,
  ): Route<PathInput> {
    return endpointRouting(this, 'implementHandler').implement(
      this,
      handler as EndpointHandler<Input, Err, Output, Auth>,
    );
  }

  /** Binds a handler and yields a collection holding the one route. */
  toRoutes<H extends EndpointHandler<Input, Err, Output, Auth>>(handler: H & ExactInput<H, Unwrap<Input>>): Routes {
    const routing = endpointRouting(this, 'toRoutes');
    return routing.toRoutes(routing.implement(this, handler as EndpointHandler<Input, Err, Output, Auth>));
  }

  toString(): string {
    return this.state.route.toString();
  }
}

/** The spec's Endpoint type. */
export type Endpoint<
  PathInput extends unknown[],
  Input extends unknown[],
  Err,
  Output extends unknown[],
  Auth extends AuthType,
> = EndpointImpl<PathInput, Input, Err, Output, Auth>;

/** Any endpoint, whatever its types. */
export type AnyEndpoint = EndpointImpl<any, any, any, any, any>;

/** Starts an endpoint description from a method and path: `Endpoint(RoutePattern.GET('users', PathCodec.int('id')))`. */
export function Endpoint<P extends unknown[]>(route: RoutePattern<P>): EndpointImpl<P, P, never, [], 'None'> {
  return new EndpointImpl({
    route,
    input: { kind: 'empty' },
    inputTransform: undefined,
    output: { kind: 'empty' },
    error: undefined,
    authType: 'None',
    docs: {},
  });
}
