import { NameScope } from '../names/identifiers.ts';
import { jsDoc, jsonLiteral, objectKey, propertyKey, stringLiteral } from '../names/literals.ts';
import type { Operation, Parameter, PathCodecKind, Response } from '../model/Api.ts';
import type { SchemaNode } from '../model/Schema.ts';
import { runtimeRepresentative } from '../names/moduleNames.ts';
import { schemaValue, type ValueContext } from './schemaValue.ts';
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
  /** The endpoint expression: `Endpoint(RoutePattern.GET(…)).query(…)…`. */
  readonly chain: string;
  /**
   * The operation's parameter and response-header codecs (`{ limit: HttpCodec.query(…) }`),
   * declared in a constant of their own (`codecsIdent`), or '' when it has none.
   */
  readonly codecs: string;
  readonly codecsIdent: string;
}

/**
 * Codecs built in a constant before the endpoint: passed straight into a generic call, a
 * codec's type is inferred against that call's parameter type, which makes TypeScript
 * measure TypeBox's Static types (about a million instantiations); built alone, it is cheap.
 */
class CodecTable {
  readonly #scope = new NameScope();
  readonly entries: string[] = [];

  constructor(readonly ident: string) {}

  /** Adds a codec (or a record of codecs) under a name based on `base`; returns the reference. */
  add(base: string, expression: string): string {
    const key = this.#scope.allocate(base);
    this.entries.push(`${key}: ${expression}`);
    return `${this.ident}.${key}`;
  }
}

const pathTypes: Record<PathCodecKind, string> = { int: 'number', long: 'bigint', string: 'string', uuid: 'string', bool: 'boolean' };
const defaultMediaTypes = (node: SchemaNode, resolve: (n: SchemaNode) => SchemaNode) => (resolve(node).kind === 'bytes' ? ['application/octet-stream'] : ['application/json']);

/** A runtime schema expression: a named schema's identifier, or `Schema.Unsafe<T>({ … })`. */
export function schemaExpression(node: SchemaNode, identOf: IdentOf, ctx: ValueContext): string {
  const value = schemaValue(node, ctx);
  if (node.kind === 'ref' && !node.nullable) return value;
  if (value.startsWith('Schema.Bytes(')) return value;
  return `Schema.Unsafe<${typeText(node, identOf)}>(${value})`;
}

/** The type a parameter has in the params object (path parameters: their codec's type). */
function paramType(p: Parameter, identOf: IdentOf): string {
  return p.in === 'path' ? pathTypes[p.pathCodec ?? 'string'] : typeText(p.schema, identOf);
}

function paramDoc(p: Parameter): string {
  const where = p.credential !== undefined ? `Credential of the "${p.credential}" scheme (${p.in} \`${p.name}\`); the client fills it in.` : undefined;
  return jsDoc([p.description ?? (p.schema.description !== undefined ? p.schema.description : undefined), where], '', p.deprecated ? ['@deprecated'] : []);
}

function paramCodec(p: Parameter, identOf: IdentOf, ctx: ValueContext): string {
  const schema = schemaExpression(p.schema, identOf, ctx);
  let codec: string;
  if (p.in === 'query') {
    const defaults = p.style === 'form' && p.explode;
    const options = defaults ? '' : `, { style: ${stringLiteral(p.style)}, explode: ${p.explode} }`;
    codec = `HttpCodec.query(${stringLiteral(p.name)}, ${schema}${options})`;
  } else {
    codec = `HeaderCodec.name(${stringLiteral(p.name)}, ${schema})`;
  }
  if (!p.required || p.credential !== undefined) codec += '.optional()';
  if (p.description !== undefined) codec += `.doc(${stringLiteral(p.description)})`;
  if (p.deprecated) codec += '.deprecated()';
  return codec;
}

function responseType(r: Response, identOf: IdentOf, withStatus: boolean): string {
  if (!withStatus) return r.content ? typeText(r.content.schema, identOf) : 'void';
  const parts = [`status: ${r.status}`];
  if (r.content) parts.push(`body: ${typeText(r.content.schema, identOf)}`);
  if (r.headers.length > 0) parts.push(`headers: { ${r.headers.map((h) => `${propertyKey(h.prop)}${h.required ? '' : '?'}: ${typeText(h.schema, identOf)}`).join('; ')} }`);
  return `{ ${parts.join('; ')} }`;
}

function responsesCodec(responses: readonly Response[], typeName: string, identOf: IdentOf, ctx: ValueContext, resolve: (n: SchemaNode) => SchemaNode, table: CodecTable): string {
  const entries = responses.map((r) => {
    const key = runtimeRepresentative(r.key) === r.status ? r.key : String(r.status);
    const spec: string[] = [];
    if (r.content) {
      spec.push(`body: ${schemaExpression(r.content.schema, identOf, ctx)}`);
      const defaults = defaultMediaTypes(r.content.schema, resolve);
      if (r.content.mediaTypes.join() !== defaults.join()) spec.push(`mediaTypes: ${jsonLiteral(r.content.mediaTypes)}`);
    }
    if (r.description !== undefined && r.description !== '') spec.push(`doc: ${stringLiteral(r.description)}`);
    if (r.headers.length > 0) {
      const hs = r.headers.map((h) => {
        let codec = `HeaderCodec.name(${stringLiteral(h.name)}, ${schemaExpression(h.schema, identOf, ctx)})`;
        if (!h.required) codec += '.optional()';
        if (h.description !== undefined) codec += `.doc(${stringLiteral(h.description)})`;
        return `${objectKey(h.prop)}: ${codec}`;
      });
      spec.push(`headers: ${table.add(`headers${r.status}`, `{ ${hs.join(', ')} }`)}`);
    }
    return `${objectKey(key)}: { ${spec.join(', ')} }`;
  });
  return `Responses.of<${typeName}>({ ${entries.join(', ')} })`;
}

/**
 * The template view of one operation. Inputs go in as the runtime's tuple (path parameters,
 * then query/header parameters as declared, then the body or its multipart parts), and
 * `transformIn` maps that tuple to and from one params object with a property per parameter
 * and `body`: the shape handlers and client methods take.
 */
export function operationView(op: Operation, identOf: IdentOf, ctx: ValueContext, resolve: (n: SchemaNode) => SchemaNode): OperationView {
  const pathArgs = op.segments.map((s) => {
    if ('literal' in s) return stringLiteral(s.literal);
    const p = op.parameters.find((x) => x.in === 'path' && x.name === s.param)!;
    return `PathCodec.${p.pathCodec ?? 'string'}(${stringLiteral(p.name)})${p.description !== undefined ? `.doc(${stringLiteral(p.description)})` : ''}`;
  });
  const lines: string[] = [`Endpoint(RoutePattern.${op.method.toUpperCase()}(${pathArgs.join(', ')}))`];
  // Documentation and auth first: on the fresh endpoint their calls share one instantiated
  // type with every endpoint of the same path parameters, which keeps type-checking cheap.
  if (op.operationId !== undefined) lines.push(`.operationId(${stringLiteral(op.operationId)})`);
  if (op.summary !== undefined) lines.push(`.summary(${stringLiteral(op.summary)})`);
  if (op.description !== undefined) lines.push(`.doc(${stringLiteral(op.description)})`);
  if (op.tags.length > 0) lines.push(`.tag(${op.tags.map(stringLiteral).join(', ')})`);
  if (op.deprecated) lines.push('.deprecated()');
  if (op.auth.kind !== 'none') lines.push(`.auth(AuthType.${op.auth.kind === 'basic' ? 'Basic' : 'Bearer'})`);
  const codecsIdent = `$${op.ident}`;
  const table = new CodecTable(codecsIdent);
  const props: string[] = op.parameters.filter((p) => p.in === 'path').map((p) => p.prop);
  const members: string[] = op.parameters.filter((p) => p.in === 'path').map((p) => `${paramDoc(p)}${propertyKey(p.prop)}: ${paramType(p, identOf)};`);
  for (const p of op.parameters) {
    if (p.in === 'path') continue;
    lines.push(`.${p.in === 'query' ? 'query' : 'header'}(${table.add(p.prop, paramCodec(p, identOf, ctx))})`);
    props.push(p.prop);
    members.push(`${paramDoc(p)}${propertyKey(p.prop)}${p.required && p.credential === undefined ? '' : '?'}: ${paramType(p, identOf)};`);
  }
  const body = op.body;
  let bodyParts: string[] | undefined;
  if (body) {
    const bodyDoc = jsDoc([body.description ?? 'The request body.']);
    // A multipart body is its parts, every one required (the runtime reads each named part).
    const bodyType = body.parts ? `{ ${body.parts.map((part) => `${propertyKey(part.name)}: ${typeText(part.schema, identOf)}`).join('; ')} }` : typeText(body.schema, identOf);
    members.push(`${bodyDoc}${propertyKey(op.bodyProp)}: ${bodyType};`);
    if (body.parts) {
      bodyParts = body.parts.map((part) => part.name);
      for (const part of body.parts) {
        const options = [`name: ${stringLiteral(part.name)}`];
        if (part.mediaTypes) options.push(`mediaTypes: ${jsonLiteral(part.mediaTypes)}`);
        lines.push(`.in(${schemaExpression(part.schema, identOf, ctx)}, { ${options.join(', ')} })`);
      }
    } else {
      const options: string[] = [];
      if (body.mediaTypes.join() !== defaultMediaTypes(body.schema, resolve).join()) options.push(`mediaTypes: ${jsonLiteral(body.mediaTypes)}`);
      if (body.description !== undefined) options.push(`doc: ${stringLiteral(body.description)}`);
      lines.push(`.in(${schemaExpression(body.schema, identOf, ctx)}${options.length > 0 ? `, { ${options.join(', ')} }` : ''})`);
    }
  }
  // The tuple ↔ object mapping.
  const values = [...props.map((p) => ({ prop: p })), ...(body ? (bodyParts ? bodyParts.map((name) => ({ part: name })) : [{ prop: op.bodyProp }]) : [])];
  const n = values.length;
  const at = (i: number) => (n === 1 ? 'v' : `v[${i}]`);
  const objectEntries: string[] = [];
  values.forEach((v, i) => {
    if ('prop' in v) objectEntries.push(`${objectKey(v.prop)}: ${at(i)}`);
  });
  if (bodyParts) objectEntries.push(`${objectKey(op.bodyProp)}: { ${values.flatMap((v, i) => ('part' in v ? [`${objectKey(v.part)}: ${at(i)}`] : [])).join(', ')} }`);
  const back = values.map((v) => ('prop' in v ? `p${accessor(v.prop)}` : `p${accessor(op.bodyProp)}${accessor(v.part)}`));
  const paramsType = op.types.params;
  if (n === 0) lines.push(`.transformIn<${paramsType}>(() => ({}), () => undefined)`);
  else lines.push(`.transformIn<${paramsType}>((v) => ({ ${objectEntries.join(', ')} }), (p) => ${n === 1 ? back[0] : `[${back.join(', ')}]`})`);

  // Outputs: one plain body (or none) when there is one success status without headers;
  // otherwise `{ status, body, headers }` values through Responses.of, the same on both sides.
  const outs = op.outputs;
  const plain = outs.length === 1 && outs[0].headers.length === 0;
  let outputType = 'void';
  if (plain) {
    const r = outs[0];
    outputType = responseType(r, identOf, false);
    if (r.content) {
      const defaults = defaultMediaTypes(r.content.schema, resolve);
      const mt = r.content.mediaTypes.join() !== defaults.join() ? `, mediaTypes: ${jsonLiteral(r.content.mediaTypes)}` : '';
      const doc = r.description ? `, doc: ${stringLiteral(r.description)}` : '';
      lines.push(`.out(${schemaExpression(r.content.schema, identOf, ctx)}, { status: ${r.status}${mt}${doc} })`);
    } else lines.push(`.outCodec(HttpCodec.status(${r.status}))`);
  } else if (outs.length > 0) {
    outputType = outs.map((r) => responseType(r, identOf, true)).join(' | ');
    lines.push(`.outCodec(${responsesCodec(outs, op.types.output, identOf, ctx, resolve, table)})`);
  }
  const errorType = op.errors.length > 0 ? op.errors.map((r) => responseType(r, identOf, true)).join(' | ') : 'never';
  if (op.errors.length > 0) lines.push(`.outErrorCodec(${responsesCodec(op.errors, op.types.error, identOf, ctx, resolve, table)})`);

  const doc = jsDoc([op.summary, op.description, `\`${op.method.toUpperCase()} ${op.path}\``], '', op.deprecated ? ['@deprecated'] : []);
  const codecs = table.entries.length > 0 ? `{\n${table.entries.join(',\n')},\n}` : '';
  return { ident: op.ident, doc, types: op.types, paramsMembers: members.join('\n'), outputType, errorType, chain: lines.join('\n  '), codecs, codecsIdent };
}

function accessor(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `.${name}` : `[${stringLiteral(name)}]`;
}
