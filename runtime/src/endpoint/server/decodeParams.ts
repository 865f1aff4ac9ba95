import type { TSchema } from 'typebox';
import { coerceParam, coerceScalar, coerceSimpleObject, unionMembers } from '../../codec/body/paramCoercion.ts';
import { decodeParameterContent } from '../../codec/body/paramContent.ts';
import { deepObjectProperty } from '../../codec/queryStyle.ts';
import { HttpError } from '../../http/HttpError.ts';
import { MediaType } from '../../http/MediaType.ts';
import type { HeaderNode, QueryNode } from '../CodecNode.ts';
import { explodedFormObject, formObjectSchema, queryLayoutOf, unexplodedFormObject } from './formObjectQuery.ts';
import { claims } from './queryLayout.ts';
import { sharedKeyValues } from './sharedQueryKeys.ts';
import { HttpErrors } from '../../errors/catalogue.ts';
import type { InputContext } from './decodeInput.ts';
import { badInput, checked } from './inputErrors.ts';

type Schemaish = Record<string, unknown>;

/**
 * The properties a deepObject parameter's keys may name: its schema's, or, for a union, those of
 * its object members (the first member naming a property gives its type).
 */
function deepObjectProperties(schema: Schemaish): Record<string, Schemaish> {
  // No prototype: a property named `constructor` is the document's, not Object's.
  const out = Object.create(null) as Record<string, Schemaish>;
  const visit = (s: Schemaish) => {
    const props = s.properties as Record<string, Schemaish> | undefined;
    if (props !== undefined && typeof props === 'object')
      for (const [name, p] of Object.entries(props)) if (!Object.hasOwn(out, name)) out[name] = p;
    for (const m of unionMembers(s) ?? []) visit(m);
  };
  visit(schema);
  return out;
}

/** The schema's list: itself, or its union's list member. */
function listOf(schema: Schemaish): Schemaish | undefined {
  return schema.type === 'array' ? schema : (unionMembers(schema) ?? []).find((m) => m.type === 'array');
}

/** A query parameter's value, read in its style, coerced to its schema and checked. */
export function decodeQuery(node: QueryNode, ctx: InputContext): unknown {
  const params = ctx.request.query;
  if (node.style === 'deepObject') {
    const obj: Record<string, unknown> = {};
    const schema = node.schema as unknown as Schemaish;
    const props = deepObjectProperties(schema);
    // deepObject defines no list; one the schema holds (Stripe's `images`) may come as `k[]=a`
    // or `k[0]=a`, the keys PHP and Rails write, or plainly (below).
    const listSchema = listOf(schema);
    const list = listSchema !== undefined ? new Map<number, string[]>() : undefined;
    let any = false;
    for (const [key, value] of params) {
      const prop = deepObjectProperty(node.name, key);
      if (prop === undefined || prop === '__proto__') continue;
      if (list !== undefined && !Object.hasOwn(props, prop) && /^\d*$/.test(prop)) {
        const at = prop === '' ? list.size : Number(prop);
        const items = list.get(at);
        if (items === undefined) list.set(at, [value]);
        else items.push(value); // repeated `k[0]=`: no copy per repeat
        continue;
      }
      obj[prop] = props[prop] ? coerceScalar(props[prop], value) : value;
      any = true;
    }
    if (!any && list !== undefined && list.size > 0) {
      const items = [...list.entries()].sort(([a], [b]) => a - b).flatMap(([, v]) => v);
      const value = coerceParam(listSchema as unknown as TSchema, items, 'form', true);
      return checked(node.schema, value, 'query parameter', node.name, items.join(','));
    }
    if (!any) {
      // A union of an object and a scalar (Stripe's `created`: a range as `created[gt]=…`, or one
      // time as `created=…`) is sent plainly when its value is the scalar; a list plainly is its
      // items, repeated or comma-separated (Stripe's `subscription_default_tax_rates`).
      const plain = params.getAll(node.name);
      if (plain.length > 0 && list !== undefined)
        return checked(
          node.schema,
          coerceParam(node.schema, plain, 'form', false),
          'query parameter',
          node.name,
          plain.join(','),
        );
      if (plain.length === 1 && unionMembers(schema) !== undefined)
        return checked(node.schema, coerceScalar(node.schema, plain[0]), 'query parameter', node.name, plain[0]);
      return missing(node, 'query parameter');
    }
    return checked(node.schema, obj, 'query parameter', node.name, params.toString());
  }
  const raw = params.getAll(node.name);
  const formObject = formObjectSchema(node);
  if (formObject !== undefined) {
    // OpenAPI's form style writes an object as its properties (exploded) or name,value pairs;
    // kitgen's own client sends JSON text under the parameter's name, which is read as before.
    const layout = queryLayoutOf(ctx.root ?? node);
    // Its own name as a key is another object's property (sinao's `discount`, also a key of the
    // `columns` object) unless it holds JSON text: then this object is only its own properties.
    const othersKey =
      raw.length > 0 &&
      layout.objects.some((o) => o !== node && claims(o, node.name)) &&
      !raw.some((r) => r.trimStart().startsWith('{'));
    if ((raw.length === 0 || othersKey) && node.explode) {
      const obj = explodedFormObject(node, formObject, params, layout);
      if (obj !== undefined) return checked(node.schema, obj, 'query parameter', node.name, params.toString());
      if (othersKey) return missing(node, 'query parameter');
    }
    if (raw.length === 1 && !node.explode) {
      const obj = unexplodedFormObject(formObject, raw[0]);
      if (obj !== undefined) return checked(node.schema, obj, 'query parameter', node.name, raw[0]);
    }
  }
  if (raw.length === 0) return missing(node, 'query parameter');
  if (raw.length === 1 && raw[0] === '' && isFlag(node.schema)) return true;
  // The name may also be a property of the endpoint's form-exploded objects (EC2's `Value`,
  // `Version`, sent more than once; Sinao's `discount`, once, for an object's text property).
  const layout = node.explode && formObject === undefined ? queryLayoutOf(ctx.root ?? node) : undefined;
  const own =
    layout !== undefined && (raw.length > 1 || layout.objects.length > 0)
      ? sharedKeyValues(node, node.name, raw, params, layout)
      : raw;
  if (own.length === 0) return missing(node, 'query parameter');
  return checked(
    node.schema,
    coerceParam(node.schema, own, node.style, node.explode),
    'query parameter',
    node.name,
    own.join(','),
  );
}

/**
 * A query parameter described by `content`: one value, the whole text of its media type
 * (JSON text for JSON), decoded by that media type's codec. Sent twice, it is refused: the
 * document gives one text, and picking one of two would hide a client bug.
 */
export function decodeQueryContent(node: QueryNode, ctx: InputContext): unknown {
  const raw = ctx.request.query.getAll(node.name);
  if (raw.length === 0) return missing(node, 'query parameter');
  if (raw.length > 1)
    throw badInput('query parameter', node.name, `sent ${raw.length} times`, `one ${node.mediaType} value`);
  return contentValue(node, raw[0], 'query parameter', ctx);
}

/** The value of a content-described parameter's text, or a 400 naming the parameter and the media type. */
function contentValue(
  node: QueryNode | HeaderNode,
  text: string,
  where: 'query parameter' | 'header' | 'cookie',
  ctx: InputContext,
): unknown {
  const decoded = decodeParameterContent(text, node.mediaType!, node.schema, ctx.config, `${where} '${node.name}'`);
  if (decoded._tag === 'right') return decoded.right;
  const { message, pointer, expected } = decoded.left;
  throw HttpError.of(HttpErrors.INVALID_INPUT, [message, text], {
    details: {
      in: where.split(' ')[0],
      parameter: node.name,
      ...(pointer ? { pointer } : {}),
      expected: expected ?? `${node.mediaType} text`,
    },
  });
}

function missing(node: QueryNode | HeaderNode, where: 'query parameter' | 'header' | 'cookie'): unknown {
  const d = (node.schema as unknown as { default?: unknown }).default;
  if (d !== undefined) return structuredClone(d);
  if (node.optional) return undefined;
  if (node.kind === 'header' && !node.cookie) {
    throw HttpError.of(HttpErrors.MISSING_HEADER, [node.name], {
      details: { in: 'header', parameter: node.name, expected: 'a value' },
    });
  }
  throw badInput(where, node.name, 'required but missing', 'a value');
}

/** A header's (or cookie's) value, coerced to its schema and checked. */
export function decodeHeader(node: HeaderNode, ctx: InputContext): unknown {
  const request = ctx.request;
  if (node.cookie) return decodeCookie(node, ctx);
  const text = request.headers.get(node.name);
  if (text === undefined) return missing(node, 'header');
  if (node.mediaType !== undefined) return contentValue(node, text, 'header', ctx);
  if (node.expect !== undefined) {
    const mt = MediaType.parse(text);
    if (!mt || mt.fullType !== node.expect) {
      throw HttpError.of(HttpErrors.WRONG_CONTENT_TYPE_HEADER, [node.expect, text], {
        details: { in: 'header', parameter: 'content-type', expected: node.expect },
      });
    }
    return mt;
  }
  if (node.headerType) {
    const value = node.headerType.parse(text);
    if (value === undefined) throw badInput('header', node.name, 'malformed value', `a valid ${node.name} header`);
    return value;
  }
  if (isListSchema(node.schema))
    return checked(node.schema, coerceParam(node.schema, headerList(text), 'form', true), 'header', node.name, text);
  const schema = node.schema as unknown as Record<string, unknown>;
  return checked(
    node.schema,
    schema.type === 'object' ? coerceSimpleObject(schema, text) : coerceScalar(schema, text),
    'header',
    node.name,
    text,
  );
}

/**
 * A schema whose one value is `true`: a flag, which a query names without a value (S3's
 * `GET /{Bucket}?cors`, declared `{ type: boolean, enum: [true] }` with `allowEmptyValue`). Its
 * empty value can mean nothing else, so it reads as `true`.
 */
export function isFlag(schema: TSchema): boolean {
  const s = schema as unknown as { const?: unknown; enum?: unknown };
  return s.const === true || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === true);
}

/** An array schema (or one of an array or null): a header's value is then a list. */
function isListSchema(schema: TSchema): boolean {
  const s = schema as unknown as { type?: unknown; anyOf?: ReadonlyArray<{ type?: unknown }> };
  if (s.type === 'array') return true;
  return (
    Array.isArray(s.anyOf) &&
    s.anyOf.some((m) => m.type === 'array') &&
    s.anyOf.every((m) => m.type === 'array' || m.type === 'null')
  );
}

/**
 * The items of a header list: OpenAPI's `simple` style writes an array as `a,b,c`, and HTTP
 * joins a header sent several times the same way (with spaces after the commas, RFC 9110 §5.3),
 * so the items are split on commas and trimmed; an empty value is no item at all.
 */
function headerList(text: string): string[] {
  return text.trim() === '' ? [] : text.split(',').map((item) => item.trim());
}

function decodeCookie(node: HeaderNode, ctx: InputContext): unknown {
  const text = cookieValue(ctx.request.headers.get('cookie'), node.name);
  if (text === undefined) return missing(node, 'cookie');
  if (node.mediaType !== undefined) return contentValue(node, text, 'cookie', ctx);
  return checked(
    node.schema,
    coerceScalar(node.schema as unknown as Record<string, unknown>, text),
    'cookie',
    node.name,
    text,
  );
}

/**
 * The value of cookie `name` in a `Cookie` header (RFC 6265 §5.4: `a=1; b=2`), the first when
 * sent twice; double quotes around it are dropped and percent-escapes decoded, as clients
 * (kitgen's included) escape what a cookie value cannot hold.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}
