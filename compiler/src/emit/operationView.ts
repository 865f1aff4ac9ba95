import { jsDoc, jsonLiteral, objectKey, propertyKey, stringLiteral } from '../names/literals.ts';
import type { BodyPart, BodyVariant, Operation, Parameter, PathCodecKind, PathPiece, Response } from '../model/Api.ts';
import { segmentParams } from '../model/pathSegments.ts';
import type { SchemaNode } from '../model/Schema.ts';
import type { RuntimeImports } from './printer/RuntimeImports.ts';
import { schemaValue, type ValueContext } from './schemaValue.ts';
import { errorType, outputMemberType, responseType, statusType } from './responseTypes.ts';
import { typeText, type IdentOf } from './typeText.ts';

/** One operation as the endpoints template lays it out. */
export interface OperationView {
  readonly ident: string;
  readonly doc: string;
  readonly types: Operation['types'];
  /** Members of the params interface ('' when the operation takes nothing). */
  readonly paramsMembers: string;
  readonly outputType: string;
  readonly errorType: string;
  /** The endpoint expression, JavaScript: `defineEndpoint({ method, path, … })`. */
  readonly definition: string;
  /**
   * The endpoint constant's declared type: `DeclaredEndpoint<Path, Params, Error, Output, Auth>`,
   * or `DeclaredEndpointVoid<Path, Params, Error, Auth>` when nothing is returned.
   */
  readonly endpointType: string;
}

/** An object literal from `key: value` texts (values already expressions). */
function objectText(entries: readonly string[]): string {
  return `{ ${entries.join(', ')} }`;
}

const pathTypes: Record<PathCodecKind, string> = {
  int: 'number',
  integer: 'number',
  long: 'bigint',
  number: 'number',
  string: 'string',
  uuid: 'string',
  bool: 'boolean',
};

/** The type of a path parameter's value: its enum's values, else its codec's type. */
function pathType(p: Parameter): string {
  const values = p.pathConstraints?.enum;
  if (Array.isArray(values)) return values.map(jsonLiteral).join(' | ');
  return pathTypes[p.pathCodec ?? 'string'];
}
const defaultMediaTypes = (node: SchemaNode, resolve: (n: SchemaNode) => SchemaNode) =>
  resolve(node).kind === 'bytes' ? ['application/octet-stream'] : ['application/json'];

/** The runtime's `AuthType` an operation's endpoint requires: `'Basic'`, `'Bearer'` or `'None'`. */
export function authTypeOf(op: Operation): 'Basic' | 'Bearer' | 'None' {
  return op.auth.kind === 'basic' ? 'Basic' : op.auth.kind === 'bearer' ? 'Bearer' : 'None';
}

/** A runtime schema expression (JavaScript): a named schema's identifier, or `Schema.Unsafe({ … })`. */
export function schemaExpression(node: SchemaNode, ctx: ValueContext): string {
  const value = schemaValue(node, ctx);
  if (node.kind === 'ref' && !node.nullable) return value;
  if (value.startsWith('Schema.Bytes(')) return value;
  return `${ctx.imports.use('Schema')}.Unsafe(${value})`;
}

/** The type a parameter has in the params object (path parameters: their codec's type). */
function paramType(p: Parameter, identOf: IdentOf): string {
  return p.in === 'path' ? pathType(p) : typeText(p.schema, identOf);
}

function paramDoc(p: Parameter): string {
  const where =
    p.credential !== undefined
      ? `Credential of the "${p.credential}" scheme (${p.in} \`${p.name}\`); the client fills it in.`
      : undefined;
  return jsDoc(
    [p.description ?? (p.schema.description !== undefined ? p.schema.description : undefined), where],
    '',
    p.deprecated ? ['@deprecated'] : [],
  );
}

/** A query parameter or request header as the runtime's `ParameterSpec`. */
function parameterSpec(p: Parameter, identOf: IdentOf, ctx: ValueContext): string {
  const entries = [
    `in: ${stringLiteral(p.in === 'query' ? 'query' : p.in === 'cookie' ? 'cookie' : 'header')}`,
    `name: ${stringLiteral(p.name)}`,
    `prop: ${stringLiteral(p.prop)}`,
    `schema: ${schemaExpression(p.schema, ctx)}`,
  ];
  if (!p.required || p.credential !== undefined) entries.push('optional: true');
  if (p.mediaType !== undefined) entries.push(`mediaType: ${stringLiteral(p.mediaType)}`);
  else if (p.in === 'query' && !(p.style === 'form' && p.explode))
    entries.push(`style: ${stringLiteral(p.style)}`, `explode: ${p.explode}`);
  if (p.description !== undefined) entries.push(`doc: ${stringLiteral(p.description)}`);
  if (p.deprecated) entries.push('deprecated: true');
  if (p.examples !== undefined) entries.push(`examples: ${jsonLiteral(p.examples)}`);
  return objectText(entries);
}

/** Body variants as `Bodies.of`'s record: by tag, each with its schema and further media types. */
function variantsSpec(variants: readonly BodyVariant[], ctx: ValueContext): string {
  return objectText(
    variants.map((v) => {
      if (v.parts)
        return `${stringLiteral(v.mediaTypes[0])}: { parts: [${v.parts.map((part) => partSpec(part, ctx)).join(', ')}] }`;
      const entries = [`schema: ${schemaExpression(v.schema, ctx)}`];
      if (v.mediaTypes.length > 1) entries.push(`mediaTypes: ${jsonLiteral(v.mediaTypes)}`);
      return `${stringLiteral(v.mediaTypes[0])}: ${objectText(entries)}`;
    }),
  );
}

/** The type of a body in several media types: `{ mediaType; value }`, one member per variant. */
function variantsType(variants: readonly BodyVariant[], identOf: IdentOf): string {
  return variants
    .map(
      (v) =>
        `{ mediaType: ${stringLiteral(v.mediaTypes[0])}; value: ${v.parts ? partsType(v.parts, identOf) : typeText(v.schema, identOf)} }`,
    )
    .join(' | ');
}

/** A multipart body's value: its parts by name, those the form does not require optional. */
function partsType(parts: readonly BodyPart[], identOf: IdentOf): string {
  const member = (part: BodyPart) =>
    `${propertyKey(part.name)}${part.required ? '' : '?'}: ${typeText(part.schema, identOf)}`;
  return `{ ${parts.map(member).join('; ')} }`;
}

/** One multipart part as the runtime's part spec. */
function partSpec(part: BodyPart, ctx: ValueContext): string {
  const options = [`name: ${stringLiteral(part.name)}`, `schema: ${schemaExpression(part.schema, ctx)}`];
  if (part.mediaTypes) options.push(`mediaTypes: ${jsonLiteral(part.mediaTypes)}`);
  if (!part.required) options.push('optional: true');
  return objectText(options);
}

/** Responses by status key as the runtime's `ResponseDataSpec` record (`Responses.of` underneath). */
function responsesSpec(
  responses: readonly Response[],
  identOf: IdentOf,
  ctx: ValueContext,
  resolve: (n: SchemaNode) => SchemaNode,
): string {
  const entries = responses.map((r) => {
    const key = r.key;
    const spec: string[] = [];
    if (r.content?.variants) spec.push(`content: ${variantsSpec(r.content.variants, ctx)}`);
    else if (r.content) {
      spec.push(`body: ${schemaExpression(r.content.schema, ctx)}`);
      const defaults = defaultMediaTypes(r.content.schema, resolve);
      if (r.content.mediaTypes.join() !== defaults.join())
        spec.push(`mediaTypes: ${jsonLiteral(r.content.mediaTypes)}`);
    }
    if (r.description !== undefined && r.description !== '') spec.push(`doc: ${stringLiteral(r.description)}`);
    if (r.headers.length > 0) {
      const hs = r.headers.map((h) => {
        const header = [`name: ${stringLiteral(h.name)}`, `schema: ${schemaExpression(h.schema, ctx)}`];
        if (!h.required) header.push('optional: true');
        if (h.description !== undefined) header.push(`doc: ${stringLiteral(h.description)}`);
        return `${objectKey(h.prop)}: ${objectText(header)}`;
      });
      spec.push(`headers: ${objectText(hs)}`);
    }
    return `${objectKey(key)}: ${objectText(spec)}`;
  });
  return objectText(entries);
}

/**
 * The template view of one operation: its params, output and error types, its endpoint as
 * `defineEndpoint({ … })` (data, in the JavaScript module) and the endpoint's declared type
 * `DeclaredEndpoint<Path, Params, Error, Output, Auth>` (in the declaration file), so
 * TypeScript reads a declaration instead of checking or inferring the value. Inputs
 * go in as the runtime's tuple (path parameters, then query/header parameters as declared, then
 * the body or its multipart parts), each naming the params property it fills: the params object
 * (a property per parameter, and `body`) is what handlers and client methods take.
 * `shareParameter` may put a parameter's spec text in a constant of the file and return its name.
 */
export function operationView(
  op: Operation,
  identOf: IdentOf,
  ctx: ValueContext,
  resolve: (n: SchemaNode) => SchemaNode,
  declImports: RuntimeImports,
  shareParameter: (text: string) => string = (text) => text,
): OperationView {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const piece = (s: PathPiece): string => {
    if ('literal' in s) return stringLiteral(s.literal);
    const p = pathParams.find((x) => x.name === s.param)!;
    const entries = [
      `param: ${stringLiteral(p.name)}`,
      `codec: ${stringLiteral(p.pathCodec ?? 'string')}`,
      `prop: ${stringLiteral(p.prop)}`,
    ];
    if (p.pathConstraints !== undefined) entries.push(`constraints: ${jsonLiteral(p.pathConstraints)}`);
    if (p.mediaType !== undefined) entries.push(`mediaType: ${stringLiteral(p.mediaType)}`);
    if (p.description !== undefined) entries.push(`doc: ${stringLiteral(p.description)}`);
    return objectText(entries);
  };
  // A segment of text around parameters is `{ segment: [...] }`, what defineEndpoint hands to `PathCodec.segment`.
  const path = op.segments.map((s) =>
    'mixed' in s ? objectText([`segment: [${s.mixed.map(piece).join(', ')}]`]) : piece(s),
  );
  const pathInput = segmentParams(op.segments).map((name) => pathType(pathParams.find((x) => x.name === name)!));
  const spec: string[] = [`method: ${stringLiteral(op.method.toUpperCase())}`, `path: [${path.join(', ')}]`];
  if (op.operationId !== undefined) spec.push(`operationId: ${stringLiteral(op.operationId)}`);
  if (op.summary !== undefined) spec.push(`summary: ${stringLiteral(op.summary)}`);
  if (op.description !== undefined) spec.push(`description: ${stringLiteral(op.description)}`);
  if (op.tags.length > 0) spec.push(`tags: [${op.tags.map(stringLiteral).join(', ')}]`);
  if (op.deprecated) spec.push('deprecated: true');
  const authType = authTypeOf(op);
  if (authType !== 'None') spec.push(`auth: ${stringLiteral(authType)}`);
  const members: string[] = pathParams.map((p) => `${paramDoc(p)}${propertyKey(p.prop)}: ${paramType(p, identOf)};`);
  const parameters: string[] = [];
  for (const p of op.parameters) {
    if (p.in === 'path') continue;
    parameters.push(shareParameter(parameterSpec(p, identOf, ctx)));
    members.push(
      `${paramDoc(p)}${propertyKey(p.prop)}${p.required && p.credential === undefined ? '' : '?'}: ${paramType(p, identOf)};`,
    );
  }
  if (parameters.length > 0) spec.push(`parameters: [${parameters.join(', ')}]`);
  const body = op.body;
  if (body) {
    const bodyDoc = jsDoc([body.description ?? 'The request body.']);
    // A multipart body is its parts, each as required as the form's schema says.
    const bodyType = body.parts
      ? partsType(body.parts, identOf)
      : body.variants
        ? variantsType(body.variants, identOf)
        : typeText(body.schema, identOf);
    // OpenAPI's requestBody.required is false unless said; multipart bodies stay required (their parts are).
    const optional = !body.required && !body.parts;
    members.push(`${bodyDoc}${propertyKey(op.bodyProp)}${optional ? '?' : ''}: ${bodyType};`);
    const entries = [`prop: ${stringLiteral(op.bodyProp)}`];
    if (optional) entries.push('optional: true');
    if (body.parts) {
      // A form whose requestBody is not required may be left out whole: a request without a body
      // has none of its parts (each absent, or refused where the form requires it).
      if (!body.required) entries.push('optional: true');
      entries.push(`parts: [${body.parts.map((part) => partSpec(part, ctx)).join(', ')}]`);
    } else if (body.variants) {
      entries.push(`variants: ${variantsSpec(body.variants, ctx)}`);
      if (body.description !== undefined) entries.push(`doc: ${stringLiteral(body.description)}`);
    } else {
      entries.push(`schema: ${schemaExpression(body.schema, ctx)}`);
      if (body.mediaTypes.join() !== defaultMediaTypes(body.schema, resolve).join())
        entries.push(`mediaTypes: ${jsonLiteral(body.mediaTypes)}`);
      if (body.description !== undefined) entries.push(`doc: ${stringLiteral(body.description)}`);
    }
    spec.push(`body: ${objectText(entries)}`);
  }

  // Outputs: one plain body (or none) when there is one success status without headers;
  // otherwise `{ status, body, headers }` values through Responses.of, the same on both sides.
  const outs = op.outputs;
  // A range or default output keeps its status in the value: the handler says which it answers.
  const plain =
    outs.length === 1 && outs[0].headers.length === 0 && /^\d{3}$/.test(outs[0].key) && !outs[0].content?.variants;
  let outputType = 'void';
  // Whether a success output has a value: the declared type names it as `returns`.
  let returns = false;
  if (plain) {
    const r = outs[0];
    outputType = responseType(r, identOf, undefined);
    const entries = [`status: ${r.status}`];
    if (r.content) {
      returns = true;
      entries.push(`body: ${schemaExpression(r.content.schema, ctx)}`);
      const defaults = defaultMediaTypes(r.content.schema, resolve);
      if (r.content.mediaTypes.join() !== defaults.join())
        entries.push(`mediaTypes: ${jsonLiteral(r.content.mediaTypes)}`);
      if (r.description) entries.push(`doc: ${stringLiteral(r.description)}`);
    }
    spec.push(`output: ${objectText(entries)}`);
  } else if (outs.length > 0) {
    outputType = outs
      .map((r) => outputMemberType(r, identOf, statusType(r, outs, 'outputs', declImports), declImports))
      .join(' | ');
    returns = true;
    spec.push(`outputs: ${responsesSpec(outs, identOf, ctx, resolve)}`);
  }
  const errors = errorType(op.errors, identOf, declImports);
  if (op.errors.length > 0) spec.push(`errors: ${responsesSpec(op.errors, identOf, ctx, resolve)}`);

  // The output is named by itself, not as a one-element tuple: a tuple written per operation is
  // related to the runtime's `unknown[]` constraint, which costs the checker every array method
  // of that tuple; the runtime's alias builds the tuple where nothing checks it. The arguments
  // are positional: an object type around them would be one more type per operation, related
  // to the alias's constraint.
  const types = [
    `[${pathInput.join(', ')}]`,
    op.types.params,
    op.types.error,
    ...(returns ? [op.types.output] : []),
    stringLiteral(authType),
  ];
  const doc = jsDoc(
    [op.summary, op.description, `\`${op.method.toUpperCase()} ${op.path}\``],
    '',
    op.deprecated ? ['@deprecated'] : [],
  );
  const definition = `${ctx.imports.use('defineEndpoint')}(${objectText(spec)})`;
  const endpointType = `${declImports.use(returns ? 'DeclaredEndpoint' : 'DeclaredEndpointVoid')}<${types.join(', ')}>`;
  return {
    ident: op.ident,
    doc,
    types: op.types,
    paramsMembers: members.join('\n'),
    outputType,
    errorType: errors,
    definition,
    endpointType,
  };
}
