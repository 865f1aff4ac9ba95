import type { TSchema } from 'typebox';
import type { CodecConfig } from '../codec/json/CodecConfig.ts';
import type { HeaderNode } from '../endpoint/CodecNode.ts';
import { HttpCodecs } from '../endpoint/HttpCodec.ts';
import { Header } from '../http/Header.ts';
import { Status } from '../http/Status.ts';
import { words } from '../util/words.ts';
import type { ExampleObject, SchemaObject, SecuritySchemeObject } from './model.ts';
import type { SchemaBuilder, WireMode } from './schemaGen.ts';
import { schemaRef } from './schemaShapes.ts';

/** What building one operation needs from the document being built. */
export interface GenContext {
  readonly schemas: SchemaBuilder;
  readonly config: CodecConfig;
  /** Whether to describe the 400/401 answers the server gives by itself. */
  readonly implicitErrors: boolean;
  /** The shared schema of the server's own error answers (`{ error, message, … }`), registered on first use. */
  errorSchema(): SchemaObject;
  /** Registers a security scheme (`basicAuth`, `bearerAuth`) and returns its name. */
  securityScheme(kind: 'basic' | 'bearer'): string;
}

/** Builds the parts of a {@link GenContext} that hold document-wide state. */
export function genContext(
  schemas: SchemaBuilder,
  config: CodecConfig,
  implicitErrors: boolean,
  securitySchemes: Record<string, SecuritySchemeObject>,
): GenContext {
  let errorName: string | undefined;
  return {
    schemas,
    config,
    implicitErrors,
    errorSchema() {
      if (errorName === undefined) {
        errorName = schemas.names.take('HttpError');
        schemas.schemas[errorName] = structuredClone(httpErrorSchema);
      }
      schemas.trace?.push({ kind: 'error', name: errorName });
      return schemaRef(errorName);
    },
    securityScheme(kind) {
      schemas.trace?.push({ kind: 'security', scheme: kind });
      const name = `${kind}Auth`;
      securitySchemes[name] ??= { type: 'http', scheme: kind };
      return name;
    },
  };
}

/** What `HttpError#toJSON` writes: the reason phrase, a message naming the input, and details. */
const httpErrorSchema: SchemaObject = {
  type: 'object',
  description: 'An error answered by the server itself, e.g. an input that did not decode (the message names it).',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string', description: 'The reason phrase of the status, e.g. "Bad Request".' },
    message: { type: 'string', description: 'What went wrong, naming the input.' },
    in: { type: 'string', description: 'Where the bad input was: path, query, header or body.' },
    parameter: { type: 'string', description: 'The name of the bad input.' },
    expected: { type: 'string', description: 'What a valid value looks like.' },
    pointer: { type: 'string', description: 'JSON pointer to the bad value inside a body.' },
  },
};

// Built on first use: the word splitter's Unicode patterns are not compiled while the runtime loads.
let statusNames: Map<number, string> | undefined;
const statusNamesByCode = (): Map<number, string> =>
  (statusNames ??= new Map<number, string>(
    Object.entries(Status).map(([name, code]) => [code, name === 'Ok' ? 'OK' : words(name).join(' ')]),
  ));

/** The reason phrase of a status (`404` → `Not Found`), or `Status 499` for codes without a name. */
export function statusText(status: number): string {
  return statusNamesByCode().get(status) ?? `Status ${status}`;
}

/** Named examples as OpenAPI example objects, each value written by `write`; undefined when none. */
export function exampleObjects(
  examples: Readonly<Record<string, unknown>> | undefined,
  write: (value: unknown) => unknown,
): Record<string, ExampleObject> | undefined {
  if (!examples) return undefined;
  const out: Record<string, ExampleObject> = {};
  for (const [name, value] of Object.entries(examples)) {
    const v = write(value);
    if (v !== undefined) out[name] = { value: v };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The schema of a header's text. A typed header is text on the wire whatever its value type; the
 * `Date` header is an HTTP-date (RFC 9110 §5.6.7), not an RFC 3339 date-time.
 */
export function headerSchema(ctx: GenContext, node: HeaderNode, hint: string): SchemaObject {
  if (
    node.headerType !== undefined &&
    (node.headerType === Header.Date || node.headerType === (HttpCodecs.date.node as HeaderNode).headerType)
  )
    return { type: 'string', format: 'http-date', description: 'An HTTP-date, e.g. "Sun, 06 Nov 1994 08:49:37 GMT"' };
  if (node.headerType) return { type: 'string' };
  return ctx.schemas.schema(node.schema as TSchema, 'raw' satisfies WireMode, hint);
}
