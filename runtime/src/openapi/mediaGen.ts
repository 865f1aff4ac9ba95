import type { TSchema } from 'typebox';
import type { CodecConfig } from '../codec/json/CodecConfig.ts';
import type { ContentNode } from '../endpoint/CodecNode.ts';
import { isBytesSchema } from '../schema/Bytes.ts';
import type { EncodingObject, ExampleObject, MediaTypeObject, SchemaObject } from './model.ts';
import { isJsonMediaType } from '../http/mediaTypeRules.ts';
import type { SchemaBuilder } from './schemaGen.ts';
import { stableJson } from './stableJson.ts';
import { jsonSafe } from './wireValues.ts';

/** What one media type of a body collects before it is written: schemas of the alternatives, examples. */
interface Pending {
  readonly schemas: SchemaObject[];
  readonly examples: Record<string, ExampleObject>;
  stream: boolean;
  encoding?: Record<string, EncodingObject>;
}

/**
 * Collects the bodies of a request or response per media type. Alternatives that share a
 * media type become a `oneOf` (equal schemas once).
 */
export class MediaCollector {
  readonly #byType = new Map<string, Pending>();

  #pending(mediaType: string): Pending {
    let p = this.#byType.get(mediaType);
    if (!p) this.#byType.set(mediaType, (p = { schemas: [], examples: {}, stream: false }));
    return p;
  }

  /** Adds an alternative schema under a media type. */
  add(mediaType: string, schema: SchemaObject, stream = false): void {
    const p = this.#pending(mediaType);
    if (!p.schemas.some((s) => stableJson(s) === stableJson(schema))) p.schemas.push(schema);
    p.stream ||= stream;
  }

  /** Adds a named example under a media type (the first of a name wins). */
  example(mediaType: string, name: string, value: unknown): void {
    if (value === undefined) return;
    const p = this.#pending(mediaType);
    p.examples[name] ??= { value };
  }

  /** Sets how the properties of a multipart body are encoded. */
  encoding(mediaType: string, encoding: Record<string, EncodingObject>): void {
    this.#pending(mediaType).encoding = encoding;
  }

  get size(): number {
    return this.#byType.size;
  }

  /** The `content` map. */
  content(): Record<string, MediaTypeObject> {
    const out: Record<string, MediaTypeObject> = {};
    for (const [mediaType, p] of this.#byType) {
      const m: MediaTypeObject = {};
      if (p.schemas.length === 1) m.schema = p.schemas[0];
      else if (p.schemas.length > 1) m.schema = { oneOf: p.schemas };
      if (Object.keys(p.examples).length > 0) m.examples = p.examples;
      if (p.encoding) m.encoding = p.encoding;
      if (p.stream) m['x-kitgen-stream'] = true;
      out[mediaType] = m;
    }
    return out;
  }
}

/**
 * The schema of a body node in one media type. A JSON stream is an array on the way in (the
 * server reads an array or newline-delimited values) and on the way out with
 * `treatStreamsAsArrays`; otherwise its values go out one per line and each has the item schema.
 */
export function bodySchema(
  schemas: SchemaBuilder,
  config: CodecConfig,
  node: ContentNode,
  mediaType: string,
  hint: string,
  direction: 'in' | 'out',
): SchemaObject {
  const item = schemas.mediaSchema(node.schema as TSchema, mediaType, hint);
  if (!node.stream || !isJsonMediaType(mediaType)) return item;
  if (direction === 'in' || config.treatStreamsAsArrays) return { type: 'array', items: item };
  return item;
}

/** Why a stream's body looks as it does, for the body's description. */
export function streamNote(config: CodecConfig, direction: 'in' | 'out'): string {
  if (direction === 'in') return 'A stream of values: one JSON array, or newline-delimited JSON values (one per line).';
  return config.treatStreamsAsArrays
    ? 'A stream of values, sent as one JSON array.'
    : 'A stream of values, sent as newline-delimited JSON (one value per line, each matching the schema).';
}

/** An example body value as the wire carries it in `mediaType`; undefined when a JSON document cannot show it (raw bytes). */
export function bodyExample(schemas: SchemaBuilder, schema: TSchema, mediaType: string, value: unknown): unknown {
  if (isJsonMediaType(mediaType)) return schemas.value(schema, value, 'json');
  if (value instanceof Uint8Array || isBytesSchema(schema)) return undefined;
  return typeof value === 'string' ? value : jsonSafe(value);
}

/** The text a bytes value stands for in a multipart example: UTF-8 when it is, else base64. */
export function bytesText(value: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(value);
  } catch {
    return Buffer.from(value).toString('base64');
  }
}
