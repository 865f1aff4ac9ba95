import type { TSchema } from 'typebox';
import type { CodecNode, ContentNode, HeaderNode, QueryNode } from '../endpoint/CodecNode.ts';
import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import { contentCodecs } from '../endpoint/contentCodecs.ts';
import { concreteMediaType } from '../codec/body/mediaRanges.ts';
import { HeaderCodec } from '../endpoint/HeaderCodec.ts';
import { isBytesSchema } from '../schema/Bytes.ts';
import { isDateSchema } from '../schema/DateTime.ts';
import type { ExampleParts } from './examples.ts';
import { exampleObjects, headerSchema, type GenContext } from './genContext.ts';
import { bodyExample, bodySchema, bytesText, MediaCollector, streamNote } from './mediaGen.ts';
import type {
  EncodingObject,
  ParameterObject,
  RequestBodyObject,
  SchemaObject,
  SecurityRequirementObject,
} from './model.ts';
import { pascalCase } from './names.ts';
import { jsonSafe } from './wireValues.ts';

type Src = Record<string, any>;

/** A leaf of an endpoint's input; `conditional` when it sits in one branch of an `or`/union. */
export interface InputLeaf {
  readonly node: QueryNode | HeaderNode | ContentNode;
  readonly conditional: boolean;
}

/** The query, header and body leaves of an input node, in declaration order. */
export function inputLeaves(node: CodecNode, conditional = false): InputLeaf[] {
  switch (node.kind) {
    case 'query':
    case 'header':
    case 'content':
      return [{ node, conditional }];
    case 'and':
      return node.parts.flatMap((p) => inputLeaves(p, conditional));
    case 'or':
      return [...inputLeaves(node.left, true), ...inputLeaves(node.right, true)];
    case 'union': {
      // A body in several media types (Bodies.of) is one body whichever variant is sent: as required as its parent.
      const variants = node.alts.every((a) => inputLeaves(a).every((l) => l.node.kind === 'content'));
      return node.alts.flatMap((a) => inputLeaves(a, conditional || (node.alts.length > 1 && !variants)));
    }
    case 'transform':
      return inputLeaves(node.inner, conditional);
    default:
      return [];
  }
}

/** What an endpoint's inputs give its operation. */
export interface RequestDocs {
  readonly parameters: ParameterObject[];
  readonly requestBody: RequestBodyObject | undefined;
  /** Alternatives implied by a declared `Authorization` header. */
  readonly security: SecurityRequirementObject[] | undefined;
  /** True when some input can fail to decode (the server then answers 400). */
  readonly decodes: boolean;
}

/** Named examples of one part: its own (`codec.examples`) and those split from the endpoint's. */
function examplesOf(
  own: Readonly<Record<string, unknown>> | undefined,
  key: object | string,
  sets: ReadonlyArray<[string, ExampleParts]>,
): Record<string, unknown> | undefined {
  const all: Record<string, unknown> = { ...own };
  for (const [name, parts] of sets) if (parts.has(key) && parts.get(key) !== undefined) all[name] ??= parts.get(key);
  return Object.keys(all).length > 0 ? all : undefined;
}

const isArraySchema = (s: Src) => s.type === 'array';
const isStructured = (s: Src): boolean => s.type === 'object' || (Array.isArray(s.anyOf) && s.anyOf.some(isStructured));
const isScalar = (s: Src) =>
  isDateSchema(s) ||
  ['string', 'number', 'integer', 'boolean', 'bigint'].includes(s.type) ||
  Array.isArray(s.enum) ||
  (Array.isArray(s.anyOf) && s.anyOf.every((m: Src) => 'const' in m));

function withDocs<T extends ParameterObject>(p: T, node: QueryNode | HeaderNode): T {
  if (node.doc) p.description = node.doc;
  if (node.deprecated) p.deprecated = true;
  return p;
}

function queryParameter(
  ctx: GenContext,
  leaf: InputLeaf,
  hint: string,
  sets: ReadonlyArray<[string, ExampleParts]>,
): ParameterObject {
  const q = leaf.node as QueryNode;
  const s = q.schema as Src;
  const p: ParameterObject = withDocs({ name: q.name, in: 'query' }, q);
  if (!q.optional && !leaf.conditional && s.default === undefined) p.required = true;
  const schema = ctx.schemas.schema(q.schema as TSchema, 'raw', hint);
  const examples = exampleObjects(examplesOf(q.examples, q, sets), jsonSafe);
  if (q.mediaType !== undefined) {
    // Declared with a media type (OpenAPI's `content`): written back as that content.
    p.content = { [q.mediaType]: examples ? { schema, examples } : { schema } };
    return p;
  }
  if (q.style === 'deepObject') {
    // The server reads `name[field]=value` whatever `explode` says; that is OpenAPI's exploded deepObject.
    Object.assign(p, { style: 'deepObject', explode: true, schema });
  } else if (isStructured(s)) {
    // An object in a form-style parameter is read as JSON text.
    p.content = { 'application/json': examples ? { schema, examples } : { schema } };
    return p;
  } else {
    p.schema = schema;
    if (isArraySchema(s)) {
      if (q.style !== 'form') p.style = q.style;
      if (q.explode !== (q.style === 'form')) p.explode = q.explode;
    }
  }
  if (examples) p.examples = examples;
  return p;
}

function headerParameter(
  ctx: GenContext,
  leaf: InputLeaf,
  hint: string,
  sets: ReadonlyArray<[string, ExampleParts]>,
): ParameterObject {
  const h = leaf.node as HeaderNode;
  const p: ParameterObject = withDocs({ name: h.name, in: h.cookie ? 'cookie' : 'header' }, h);
  if (!h.optional && !leaf.conditional) p.required = true;
  const render = (v: unknown) => (h.headerType ? h.headerType.render(v) : jsonSafe(v));
  const examples = exampleObjects(examplesOf(h.examples, h, sets), render);
  if (h.mediaType !== undefined) {
    const schema = headerSchema(ctx, h, hint);
    p.content = { [h.mediaType]: examples ? { schema, examples } : { schema } };
    return p;
  }
  p.schema = headerSchema(ctx, h, hint);
  if (examples) p.examples = examples;
  return p;
}

const bearerHeaderType = (HeaderCodec.bearerAuth.node as HeaderNode).headerType;

/** OpenAPI ignores these as header parameters: they are the body's media type, negotiation and security. */
const notParameters = new Set(['content-type', 'accept', 'authorization']);

/** Parameters, request body and implied security of an endpoint's inputs. */
export function requestDocs(
  endpoint: AnyEndpoint,
  ctx: GenContext,
  hint: string,
  sets: ReadonlyArray<[string, ExampleParts]>,
): RequestDocs {
  const { route, input } = endpoint.state;
  const leaves = inputLeaves(input);
  // A parameter the path holds twice (one codec in two places) is declared once.
  const pathParams = route.params.filter((codec, i) => route.params.indexOf(codec) === i);
  const parameters: ParameterObject[] = pathParams.map((codec) => {
    const { description, ...schema } = codec.schema;
    const text = codec.trailing
      ? [description, 'The rest of the path: one or more segments, which may hold "/".'].filter(Boolean).join(' ')
      : description;
    const described = { ...schema } as SchemaObject;
    const p: ParameterObject = { name: codec.name, in: 'path', required: true, schema: described };
    if (text) p.description = text;
    const examples = exampleObjects(examplesOf(undefined, codec.name, sets), jsonSafe);
    if (codec.mediaType !== undefined) {
      // Declared with a media type (OpenAPI's `content`): written back as that content.
      delete p.schema;
      p.content = { [codec.mediaType]: examples ? { schema: described, examples } : { schema: described } };
    } else if (examples) p.examples = examples;
    return p;
  });
  let security: SecurityRequirementObject[] | undefined;
  let expect: string | undefined;
  for (const leaf of leaves) {
    const n = leaf.node;
    if (n.kind === 'query') parameters.push(queryParameter(ctx, leaf, hint + pascalCase(n.name), sets));
    else if (n.kind === 'header' && (n.cookie || !notParameters.has(n.name)))
      parameters.push(headerParameter(ctx, leaf, hint + pascalCase(n.name), sets));
    else if (n.kind === 'header' && n.name === 'content-type' && n.expect !== undefined) expect = n.expect;
    else if (n.kind === 'header' && n.name === 'authorization') {
      // `HeaderCodec.bearerAuth` takes a bearer token; `authorization` (or a plain header) any scheme.
      const kinds: Array<'basic' | 'bearer'> =
        n.headerType !== undefined && n.headerType === bearerHeaderType ? ['bearer'] : ['basic', 'bearer'];
      security = kinds.map((k) => ({ [ctx.securityScheme(k)]: [] }));
      if (n.optional || leaf.conditional) security.push({});
    }
  }
  const requestBody = body(ctx, leaves, expect, hint, sets);
  return { parameters, requestBody, security, decodes: route.params.length > 0 || leaves.length > 0 };
}

function body(
  ctx: GenContext,
  leaves: InputLeaf[],
  expect: string | undefined,
  hint: string,
  sets: ReadonlyArray<[string, ExampleParts]>,
): RequestBodyObject | undefined {
  const bodies = leaves.filter(
    (l): l is InputLeaf & { node: ContentNode } => l.node.kind === 'content' && l.node.name === undefined,
  );
  const parts = leaves.filter(
    (l): l is InputLeaf & { node: ContentNode } => l.node.kind === 'content' && l.node.name !== undefined,
  );
  if (bodies.length === 0 && parts.length === 0) {
    // A required `Content-Type: expect` with no declared body still says what the request carries.
    return expect ? { content: { [expect]: {} }, required: true } : undefined;
  }
  const media = new MediaCollector();
  const docs: string[] = [];
  for (const { node } of bodies) {
    // Listed as declared (ranges and parameters kept); described as the type each is read as.
    let types = contentCodecs(node).declared;
    if (expect)
      types = types.some((t) => t.toLowerCase() === expect)
        ? types.filter((t) => t.toLowerCase() === expect)
        : [expect];
    for (const mt of types) {
      const as = concreteMediaType(mt, node.schema as TSchema);
      media.add(mt, bodySchema(ctx.schemas, ctx.config, node, as, `${hint}Request`, 'in'), node.stream);
      if (node.stream) continue;
      for (const [name, value] of Object.entries(examplesOf(node.examples, node, sets) ?? {}))
        media.example(mt, name, bodyExample(ctx.schemas, node.schema as TSchema, as, value));
    }
    if (node.doc) docs.push(node.doc);
    if (node.stream) docs.push(streamNote(ctx.config, 'in'));
  }
  if (parts.length > 0) multipart(ctx, parts, hint, sets, media);
  const out: RequestBodyObject = { content: media.content() };
  if (docs.length > 0) out.description = [...new Set(docs)].join('\n\n');
  // A form of optional parts is still a form: the server reads the multipart body to find them,
  // unless the form may be left out whole.
  if (
    parts.some((l) => !l.conditional && !l.node.formOptional) ||
    bodies.some((l) => !l.conditional && !l.node.optional)
  )
    out.required = true;
  return out;
}

/** Named parts: one `multipart/form-data` object, each non-text part with its content type. */
function multipart(
  ctx: GenContext,
  parts: Array<InputLeaf & { node: ContentNode }>,
  hint: string,
  sets: ReadonlyArray<[string, ExampleParts]>,
  media: MediaCollector,
): void {
  const properties: Record<string, SchemaObject> = {};
  const required: string[] = [];
  const encoding: Record<string, EncodingObject> = {};
  for (const { node, conditional } of parts) {
    const name = node.name as string;
    const schema = node.schema as TSchema;
    const types = contentCodecs(node).offered;
    const text = !isBytesSchema(schema) && isScalar(schema as unknown as Src);
    // A text part without a Content-Type of its own is read as the schema's scalar.
    let s = text
      ? ctx.schemas.schema(schema, 'raw', `${hint}${pascalCase(name)}Part`)
      : ctx.schemas.mediaSchema(schema, types[0], `${hint}${pascalCase(name)}Part`);
    if (node.doc) s = { ...s, description: node.doc };
    properties[name] = s;
    if (!conditional && !node.optional) required.push(name);
    if (!text) encoding[name] = { contentType: types.join(', ') };
  }
  const objectSchema: SchemaObject = { type: 'object', properties };
  if (required.length > 0) objectSchema.required = required;
  media.add('multipart/form-data', objectSchema);
  const names = [...new Set(sets.map(([n]) => n))];
  for (const example of names) {
    const value: Record<string, unknown> = {};
    for (const { node } of parts) {
      const v = sets.find(([n]) => n === example)?.[1].get(node);
      if (v === undefined) continue;
      value[node.name as string] =
        v instanceof Uint8Array
          ? bytesText(v)
          : bodyExample(ctx.schemas, node.schema as TSchema, contentCodecs(node).offered[0], v);
    }
    if (Object.keys(value).length > 0) media.example('multipart/form-data', example, value);
  }
  if (Object.keys(encoding).length > 0) media.encoding('multipart/form-data', encoding);
}
