import { pointerJoin } from '../diagnostics/index.ts';
import { isObject, type DocumentReader, type Json } from './DocumentReader.ts';
import type { ParameterLocation, PathCodecKind, QueryStyle } from './Api.ts';
import type { SchemaConverter } from './SchemaConverter.ts';
import type { SchemaNode } from './Schema.ts';

/** A parameter as read, before its property name is allocated. */
export interface RawParameter {
  readonly name: string;
  readonly in: ParameterLocation;
  readonly required: boolean;
  readonly schema: SchemaNode;
  readonly description?: string;
  readonly deprecated?: boolean;
  readonly style: QueryStyle | 'simple';
  readonly explode: boolean;
  /** OpenAPI's `content`: the media type the whole value is written in. */
  readonly mediaType?: string;
  readonly pathCodec?: PathCodecKind;
  readonly pathConstraints?: Readonly<Record<string, unknown>>;
  readonly examples?: Readonly<Record<string, unknown>>;
  readonly pointer: string;
}

const locations = new Set(['path', 'query', 'header', 'cookie']);
const queryStyles = new Set(['form', 'spaceDelimited', 'pipeDelimited', 'deepObject']);
const ignoredHeaders = new Set(['accept', 'content-type', 'authorization']);

/** The runtime path codec for a path parameter's schema (text unless it is a number, UUID or boolean). */
export function pathCodecFor(schema: SchemaNode, resolve: (node: SchemaNode) => SchemaNode): PathCodecKind {
  const s = resolve(schema);
  if (s.kind === 'int64') return 'long';
  // `int` is 32-bit; a plain `type: integer` (an id past 2^31 included) is any safe integer.
  if (s.kind === 'integer') return s.format === 'int32' ? 'int' : 'integer';
  if (s.kind === 'number') return 'number';
  if (s.kind === 'boolean') return 'bool';
  if (s.kind === 'string' && s.format === 'uuid' && !s.enum) return 'uuid';
  return 'string';
}

/** The keywords of each kind of path value the runtime's `PathCodec#constrain` checks (a text's `format`: defineEndpoint). */
const numberConstraints = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];
const textConstraints = ['minLength', 'maxLength', 'pattern'];

/**
 * What a path parameter's value is held to beyond its codec's type: the schema's `enum` (text
 * values of a `const` too) and its bounds, lengths, `pattern` and text `format`; undefined when nothing.
 */
export function pathConstraintsFor(
  schema: SchemaNode,
  resolve: (node: SchemaNode) => SchemaNode,
): Readonly<Record<string, unknown>> | undefined {
  const s = resolve(schema);
  const out: Record<string, unknown> = {};
  if (s.kind === 'string' || s.kind === 'integer' || s.kind === 'number' || s.kind === 'int64') {
    if ('enum' in s && s.enum !== undefined && s.enum.length > 0) out.enum = s.enum;
    for (const k of s.kind === 'string' ? textConstraints : numberConstraints)
      if (s.constraints[k] !== undefined) out[k] = s.constraints[k];
    // A UUID's codec checks it already; other formats (date, date-time, email…) the runtime's validator does.
    if (s.kind === 'string' && s.format !== undefined && s.format !== 'uuid' && out.enum === undefined)
      out.format = s.format;
  } else if (s.kind === 'const' && s.values.length > 0 && s.values.every((v) => typeof v === 'string'))
    out.enum = s.values;
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The parameters of an operation: the path item's, overridden by the operation's own with the
 * same name and location. Bad ones are reported and skipped; the OpenAPI rule that `Accept`,
 * `Content-Type` and `Authorization` header parameters are ignored is applied.
 */
export function readParameters(
  lists: ReadonlyArray<{ value: unknown; pointer: string }>,
  reader: DocumentReader,
  schemas: SchemaConverter,
  resolve: (node: SchemaNode) => SchemaNode,
): RawParameter[] {
  const byKey = new Map<string, RawParameter>();
  for (const { value, pointer } of lists) {
    if (value === undefined) continue;
    if (!Array.isArray(value)) {
      reader.diagnostics.error(pointer, 'parameters must be a list');
      continue;
    }
    value.forEach((entry, i) => {
      const at = pointerJoin(pointer, i);
      const found = reader.deref(entry, at);
      if (!found) return;
      const read = () => readParameter(found.value, found.pointer, reader, schemas, resolve);
      const p = found.pointer === at ? read() : reader.once('parameter', found.pointer, read);
      if (p) byKey.set(`${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`, p);
    });
  }
  return [...byKey.values()];
}

function readParameter(
  raw: unknown,
  pointer: string,
  reader: DocumentReader,
  schemas: SchemaConverter,
  resolve: (node: SchemaNode) => SchemaNode,
): RawParameter | undefined {
  const d = reader.diagnostics;
  if (!isObject(raw)) {
    d.error(pointer, 'a parameter must be an object');
    return undefined;
  }
  if (typeof raw.name !== 'string') {
    d.error(`${pointer}/name`, 'a parameter needs a name');
    return undefined;
  }
  if (raw.name === '') {
    // Published documents have them (a generator's placeholder); nothing can be sent under no name.
    d.warn(`${pointer}/name`, 'a parameter needs a name, found ""; it is left out');
    return undefined;
  }
  if (typeof raw.in !== 'string' || !locations.has(raw.in)) {
    d.error(
      `${pointer}/in`,
      `parameter "${raw.name}": "in" must be one of path, query, header, cookie; found ${JSON.stringify(raw.in ?? null)}`,
    );
    return undefined;
  }
  const location = raw.in as ParameterLocation;
  if (location === 'header' && ignoredHeaders.has(raw.name.toLowerCase())) {
    d.warn(pointer, `header parameter "${raw.name}" is ignored, as OpenAPI says (the runtime sets it)`);
    return undefined;
  }
  const { schema, schemaPointer, mediaType } = parameterSchema(raw, pointer, reader);
  const node = withoutRequiredDefault(
    schemas.convert(schema, schemaPointer),
    raw,
    location,
    schemaPointer,
    reader,
    resolve,
  );
  const style = styleOf(raw, location, pointer, reader);
  const explode = typeof raw.explode === 'boolean' ? raw.explode : style === 'form';
  const examples = isObject(raw.examples)
    ? Object.fromEntries(
        Object.entries(raw.examples).flatMap(([k, v]) => (isObject(v) && 'value' in v ? [[k, v.value]] : [])),
      )
    : raw.example !== undefined
      ? { example: raw.example }
      : undefined;
  if (location === 'path' && raw.required !== true)
    d.warn(pointer, `path parameter "${raw.name}" must be required; it is read as required`);
  const pathConstraints = location === 'path' ? pathConstraintsFor(node, resolve) : undefined;
  return {
    name: raw.name,
    in: location,
    required: location === 'path' || raw.required === true,
    schema: node,
    ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
    ...(raw.deprecated === true ? { deprecated: true } : {}),
    style,
    explode,
    ...(mediaType !== undefined ? { mediaType } : {}),
    ...(location === 'path' ? { pathCodec: pathCodecFor(node, resolve) } : {}),
    ...(pathConstraints !== undefined ? { pathConstraints } : {}),
    ...(examples && Object.keys(examples).length > 0 ? { examples } : {}),
    pointer,
  };
}

/**
 * The schema of a required query parameter, header or cookie without its `default`: the
 * runtime fills a default in for an absent value (a parameter with one is optional on the wire),
 * but OpenAPI gives a required parameter's default no meaning, and filling it in would let a
 * request the document refuses through. Reported, so the author sees the default go.
 */
function withoutRequiredDefault(
  node: SchemaNode,
  raw: Json,
  location: ParameterLocation,
  pointer: string,
  reader: DocumentReader,
  resolve: (node: SchemaNode) => SchemaNode,
): SchemaNode {
  if (location === 'path' || raw.required !== true) return node;
  if (node.kind !== 'ref' && node.hasDefault) {
    reader.diagnostics.warn(
      `${pointer}/default`,
      `parameter "${String(raw.name)}" is required: its default is never used, and is left out`,
    );
    const { default: _dropped, hasDefault: _has, ...rest } = node;
    return rest as SchemaNode;
  }
  if (node.kind === 'ref' && resolve(node).hasDefault)
    reader.diagnostics.warn(
      pointer,
      `parameter "${String(raw.name)}" is required: the default of its schema fills in an absent value`,
    );
  return node;
}

/** JSON media types: a content-described parameter of one is JSON text (the runtime's `isJsonParameterType`). */
const jsonParameter = /^application\/(?:[\w.-]+\+)?json$/i;
/** Text media types: the parameter's text is the value itself, read as its schema's scalar. */
const textParameter = /^text\/[\w.+-]+$/i;

function parameterSchema(
  raw: Json,
  pointer: string,
  reader: DocumentReader,
): { schema: unknown; schemaPointer: string; mediaType?: string } {
  if (raw.schema !== undefined) return { schema: raw.schema, schemaPointer: `${pointer}/schema` };
  if (isObject(raw.content)) {
    const entries = Object.entries(raw.content);
    const [mediaType, media] = entries[0] ?? [];
    if (mediaType !== undefined && isObject(media)) {
      // OpenAPI: "The map MUST only contain one entry." A second one is reported, the first kept.
      if (entries.length > 1)
        reader.diagnostics.warn(
          `${pointer}/content`,
          `parameter "${String(raw.name)}": content must have one media type, found ${entries.length}; ${mediaType} is used`,
        );
      const type = mediaType.split(';')[0].trim();
      // A path segment carries JSON text (`"apn"`, quotes and all) as the router reads it; other
      // media types there have no text codec: the segment's text is the value as the schema reads it.
      const json = jsonParameter.test(type);
      const carried = raw.in === 'path' ? json : json || textParameter.test(type);
      if (!carried) {
        reader.diagnostics.warn(
          `${pointer}/content`,
          raw.in === 'path'
            ? `path parameter "${String(raw.name)}" is described by content (${mediaType}); the segment's text is read as its schema's value`
            : `parameter "${String(raw.name)}" is described by content (${mediaType}), which has no text codec; it is sent as plain text`,
        );
      }
      const schema = media.schema ?? {};
      return {
        schema,
        schemaPointer: pointerJoin(pointer, 'content', mediaType, 'schema'),
        ...(raw.in !== 'path' ? { mediaType: carried ? type : 'text/plain' } : carried ? { mediaType: type } : {}),
      };
    }
  }
  reader.diagnostics.warn(pointer, `parameter "${String(raw.name)}" has no schema; it is read as text`);
  return { schema: { type: 'string' }, schemaPointer: pointer };
}

function styleOf(
  raw: Json,
  location: ParameterLocation,
  pointer: string,
  reader: DocumentReader,
): QueryStyle | 'simple' {
  const style = raw.style;
  if (location === 'query') {
    if (style === undefined) return 'form';
    if (typeof style === 'string' && queryStyles.has(style)) return style as QueryStyle;
    reader.diagnostics.warn(
      `${pointer}/style`,
      `query style ${JSON.stringify(style)} is not one of form, spaceDelimited, pipeDelimited, deepObject; form is used`,
    );
    return 'form';
  }
  if (location === 'cookie') return 'form';
  if (style !== undefined && style !== 'simple')
    reader.diagnostics.warn(
      `${pointer}/style`,
      `${location} style ${JSON.stringify(style)} is not supported; simple is used`,
    );
  return 'simple';
}
