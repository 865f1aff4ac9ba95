import type { TSchema } from 'typebox';
import type { Method } from '../http/Method.ts';
import { isJsonMediaType } from '../http/mediaTypeRules.ts';
import { PathCodec, type PathCodecKind, type PathConstraints } from '../routing/PathCodec.ts';
import { RoutePattern, type Segment } from '../routing/RoutePattern.ts';
import type { AuthType } from './AuthType.ts';
import type { QueryStyle } from './CodecNode.ts';
import { Endpoint, type EndpointImpl } from './Endpoint.ts';
import { HeaderCodec } from './HeaderCodec.ts';
import { HttpCodecs, type HttpCodec } from './HttpCodec.ts';
import { Responses, type ResponseSpec } from './Responses.ts';
import { Bodies, type BodyVariantSpec, type PartSpec, type PartsVariantSpec } from './Bodies.ts';
import { withFormat } from './pathFormat.ts';
import { withJsonText } from './pathJson.ts';

/** A path parameter: its name in the path, its codec, and the params property it fills. */
export interface PathParamSpec {
  readonly param: string;
  readonly codec: Exclude<PathCodecKind, 'trailing'>;
  /** JSON Schema keywords the value is also held to (`enum`, bounds, lengths, `pattern`: `PathCodec#constrain`; a text's `format`). */
  readonly constraints?: PathConstraints & { readonly format?: string };
  /** The property of the params object holding the value. */
  readonly prop: string;
  readonly doc?: string;
  /** OpenAPI's `content` instead of `schema`: `application/json` makes the segment the value's JSON text. */
  readonly mediaType?: string;
}

/** One path segment of literal text around parameters (`{name}.json`): its parts in order, as `PathCodec.segment` takes them. */
export interface PathSegmentSpec {
  readonly segment: readonly (string | PathParamSpec)[];
}

/** A query parameter, request header or cookie, as `HttpCodec.query` / `HeaderCodec.name` / `HttpCodec.cookie` would declare it. */
export interface ParameterSpec {
  readonly in: 'query' | 'header' | 'cookie';
  readonly name: string;
  readonly schema: TSchema;
  /** The property of the params object holding the value. */
  readonly prop: string;
  readonly optional?: boolean;
  /** Query serialisation, when not the default (form, exploded). */
  readonly style?: QueryStyle;
  readonly explode?: boolean;
  /** OpenAPI's `content` instead of `schema`: the value travels as one text of this media type (JSON text for JSON). */
  readonly mediaType?: string;
  readonly doc?: string;
  readonly deprecated?: boolean;
  /** Named examples of the value (OpenAPI `examples`). */
  readonly examples?: Readonly<Record<string, unknown>>;
}

/** A request body (one value) under the params property `prop`. */
export interface BodySpec {
  readonly prop: string;
  readonly schema: TSchema;
  readonly mediaTypes?: readonly string[];
  readonly doc?: string;
  /** The body may be absent (`requestBody.required: false`): the params property is then `undefined`. */
  readonly optional?: boolean;
}

/** A body in several media types with their own schemas (`Bodies.of`): `{ mediaType, value }` under `prop`. */
export interface VariantBodySpec {
  readonly prop: string;
  /** By the media type the value is tagged with. */
  readonly variants: Readonly<Record<string, BodyVariantSpec | PartsVariantSpec>>;
  readonly doc?: string;
  readonly optional?: boolean;
}

/** A multipart/form-data body: its parts, each a property of the object under `prop`. */
export interface MultipartSpec {
  readonly prop: string;
  readonly parts: readonly PartSpec[];
  /** The form may be left out whole (`requestBody.required: false`): a request without a body has none of its parts. */
  readonly optional?: boolean;
}

/** A response header, as `HeaderCodec.name(name, schema)` would declare it. */
export interface ResponseHeaderSpec {
  readonly name: string;
  readonly schema: TSchema;
  readonly optional?: boolean;
  readonly doc?: string;
}

/** One status of {@link EndpointSpec.outputs} / {@link EndpointSpec.errors}: `Responses.of`'s spec with headers as data. */
export interface ResponseDataSpec {
  readonly body?: TSchema;
  readonly mediaTypes?: readonly string[];
  /** Instead of `body`: a body per media type with its own schema; the value names its `mediaType`. */
  readonly content?: Readonly<Record<string, BodyVariantSpec>>;
  readonly doc?: string;
  /** Response headers by the property name they take in the value's `headers`. */
  readonly headers?: Readonly<Record<string, ResponseHeaderSpec>>;
}

/** The one success output of an operation answering a plain body (or none) with one status. */
export interface PlainOutputSpec {
  readonly status: number;
  readonly body?: TSchema;
  readonly mediaTypes?: readonly string[];
  readonly doc?: string;
}

/**
 * An endpoint as plain data (what generated code writes): method and path, documentation,
 * inputs in tuple order (path parameters, `parameters`, then the body or its parts), the
 * params-object property of each input, and the outputs. See {@link defineEndpoint}.
 */
export interface EndpointSpec {
  readonly method: Exclude<Method, 'CONNECT'>;
  /** Literal segments (text), path parameters and mixed segments, in path order. */
  readonly path: readonly (string | PathParamSpec | PathSegmentSpec)[];
  readonly operationId?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly deprecated?: boolean;
  readonly auth?: Exclude<AuthType, 'None'>;
  readonly parameters?: readonly ParameterSpec[];
  readonly body?: BodySpec | MultipartSpec | VariantBodySpec;
  /** One plain output (body or none, one status)… */
  readonly output?: PlainOutputSpec;
  /** …or `{ status, body, headers }` values, one shape per status (`Responses.of`). */
  readonly outputs?: Readonly<Record<string, ResponseDataSpec>>;
  /** Declared failures, `{ status, body, headers }` per status (`Responses.of`). */
  readonly errors?: Readonly<Record<string, ResponseDataSpec>>;
}

/** Where one input value goes in the params object: a property, or a part of the multipart body property. */
type Slot = { readonly prop: string; readonly part?: string };

// The builder is used untyped inside: the types of the result are the caller's, written out.
type AnyBuilder = EndpointImpl<any, any, any, any, any>;

// Records are built with Object.fromEntries: a key from a spec (`__proto__` too) becomes an own property.
function responseSpecs(specs: Readonly<Record<string, ResponseDataSpec>>): Record<string, ResponseSpec> {
  return Object.fromEntries(
    Object.entries(specs).map(([key, spec]): [string, ResponseSpec] => {
      const { headers, ...rest } = spec;
      if (!headers) return [key, rest];
      const codecs = Object.entries(headers).map(([prop, h]): [string, HttpCodec<[unknown], 'header'>] => {
        let codec: HttpCodec<[unknown], 'header'> = HeaderCodec.name(h.name, h.schema);
        if (h.optional) codec = codec.optional();
        if (h.doc !== undefined) codec = codec.doc(h.doc);
        return [prop, codec];
      });
      return [key, { ...rest, headers: Object.fromEntries(codecs) }];
    }),
  );
}

function parameterCodec(p: ParameterSpec): HttpCodec<[unknown], 'query' | 'header'> {
  const content = p.mediaType !== undefined ? { mediaType: p.mediaType } : {};
  let codec: HttpCodec<[unknown], 'query' | 'header'> =
    p.in === 'query'
      ? HttpCodecs.query(
          p.name,
          p.schema,
          p.style === undefined && p.explode === undefined
            ? content
            : { style: p.style, explode: p.explode, ...content },
        )
      : p.in === 'cookie'
        ? HttpCodecs.cookie(p.name, p.schema, content)
        : HeaderCodec.name(p.name, p.schema, content);
  if (p.optional) codec = codec.optional();
  if (p.doc !== undefined) codec = codec.doc(p.doc);
  if (p.deprecated) codec = codec.deprecated();
  if (p.examples !== undefined) codec = codec.examples(p.examples);
  return codec;
}

/** The two-way mapping between the runtime's input tuple and the params object (`transformIn`). */
function paramsMapping(slots: readonly Slot[]): [decode: (v: unknown) => unknown, encode: (p: unknown) => unknown] {
  const n = slots.length;
  const decode = (v: unknown): unknown => {
    const values = n === 1 ? [v] : ((v as unknown[] | undefined) ?? []);
    const entries: [string, unknown][] = [];
    const parts: [string, unknown][] = [];
    let partsProp: string | undefined;
    slots.forEach((s, i) => {
      if (s.part === undefined) entries.push([s.prop, values[i]]);
      else {
        parts.push([s.part, values[i]]);
        partsProp = s.prop;
      }
    });
    // Multipart parts are the last inputs; their object is the last property, as the body is. An
    // optional part not sent is no property at all, as an absent JSON field is.
    if (partsProp !== undefined)
      entries.push([partsProp, Object.fromEntries(parts.filter(([, v]) => v !== undefined))]);
    return Object.fromEntries(entries);
  };
  const encode = (p: unknown): unknown => {
    if (n === 0) return undefined;
    const params = p as Record<string, Record<string, unknown>>;
    const values = slots.map((s) => (s.part === undefined ? params[s.prop] : params[s.prop][s.part]));
    return n === 1 ? values[0] : values;
  };
  return [decode, encode];
}

/**
 * Builds an Endpoint from a plain-data description, with the types given explicitly:
 * `defineEndpoint<[number], [GetPetParams], GetPetError, [Pet], 'None'>({ method: 'GET', … })`.
 * Generated code calls it from JavaScript (`defineEndpoint({ … })`) and declares the result's
 * type beside it as `EndpointOf` (EndpointOf.ts), so TypeScript neither infers a builder chain nor checks
 * the data.
 *
 * The value is the one the chain `Endpoint(RoutePattern…).operationId(…)…query(…).in(…)
 * .transformIn(…).out(…).outErrorCodec(Responses.of(…))` builds (the same calls, in the same
 * order), with the inputs mapped to one params object by property name. The types are not
 * checked against the data: the caller (the compiler) writes both from one model.
 */
// Free of side effects (an Endpoint value is built and returned): a bundler drops the definitions a program never uses.
/* @__NO_SIDE_EFFECTS__ */
export function defineEndpoint<
  PathInput extends unknown[],
  Input extends unknown[],
  Err,
  Output extends unknown[],
  Auth extends AuthType,
>(spec: EndpointSpec): EndpointImpl<PathInput, Input, Err, Output, Auth> {
  const slots: Slot[] = [];
  // A name the path holds twice is one parameter: its one codec in both places (RoutePattern.of).
  const pathCodecs = new Map<string, PathCodec<unknown>>();
  const param = (s: PathParamSpec) => {
    slots.push({ prop: s.prop });
    const again = pathCodecs.get(s.param);
    if (again !== undefined) return again;
    const typed: PathCodec<unknown> = PathCodec[s.codec](s.param);
    const { format, ...constraints } = s.constraints ?? {};
    const codec = s.constraints === undefined ? typed : typed.constrain(constraints);
    const documented = s.doc === undefined ? codec : codec.doc(s.doc);
    const formatted = format === undefined ? documented : withFormat(documented, format);
    const done =
      s.mediaType !== undefined && isJsonMediaType(s.mediaType) ? withJsonText(formatted, s.mediaType) : formatted;
    pathCodecs.set(s.param, done);
    return done;
  };
  const segments: Segment[] = spec.path.map((s) => {
    if (typeof s === 'string') return s;
    if ('segment' in s) return PathCodec.segment(...s.segment.map((p) => (typeof p === 'string' ? p : param(p))));
    return param(s);
  });
  let e: AnyBuilder = Endpoint(RoutePattern.of(spec.method, segments));
  // Documentation and auth in the order the builder chain declares them (the docs object keeps it).
  if (spec.operationId !== undefined) e = e.operationId(spec.operationId);
  if (spec.summary !== undefined) e = e.summary(spec.summary);
  if (spec.description !== undefined) e = e.doc(spec.description);
  if (spec.tags !== undefined && spec.tags.length > 0) e = e.tag(...spec.tags);
  if (spec.deprecated) e = e.deprecated();
  if (spec.auth !== undefined) e = e.auth(spec.auth);
  for (const p of spec.parameters ?? []) {
    const codec = parameterCodec(p);
    e =
      p.in === 'query'
        ? e.query(codec as HttpCodec<[unknown], 'query'>)
        : e.header(codec as HttpCodec<[unknown], 'header'>);
    slots.push({ prop: p.prop });
  }
  const body = spec.body;
  if (body && 'parts' in body) {
    for (const part of body.parts) {
      const options = {
        name: part.name,
        ...(part.mediaTypes ? { mediaTypes: part.mediaTypes } : {}),
        ...(part.optional ? { optional: true } : {}),
        ...(body.optional ? { formOptional: true } : {}),
      };
      e = e.in(part.schema, options);
      slots.push({ prop: body.prop, part: part.name });
    }
  } else if (body && 'variants' in body) {
    const options = {
      ...(body.optional ? { optional: true } : {}),
      ...(body.doc !== undefined ? { doc: body.doc } : {}),
    };
    e = e.inCodec(Bodies.of(body.variants, options));
    slots.push({ prop: body.prop });
  } else if (body) {
    const options = {
      ...(body.mediaTypes ? { mediaTypes: body.mediaTypes } : {}),
      ...(body.doc !== undefined ? { doc: body.doc } : {}),
    };
    e = body.optional ? e.inOptional(body.schema, options) : e.in(body.schema, options);
    slots.push({ prop: body.prop });
  }
  const [decode, encode] = paramsMapping(slots);
  e = e.transformIn(decode, encode);
  if (spec.output) {
    const { status, body: schema, mediaTypes, doc } = spec.output;
    e = schema
      ? e.out(schema, { status, ...(mediaTypes ? { mediaTypes } : {}), ...(doc !== undefined ? { doc } : {}) })
      : e.outCodec(HttpCodecs.status(status));
  } else if (spec.outputs) e = e.outCodec(Responses.of(responseSpecs(spec.outputs), 'outputs'));
  if (spec.errors) e = e.outErrorCodec(Responses.of(responseSpecs(spec.errors)));
  return e;
}
