import type * as Avsc from 'avsc';
import type { TSchema } from 'typebox';
import type { Static } from '../../schema/Schema.ts';
import { MediaType } from '../../http/MediaType.ts';
import { DecodeError } from '../../errors/DecodeError.ts';
import {
  DEFAULT_MAX_ITEM_BYTES,
  decodeChecked,
  toDecodeError,
  toEncodeError,
  type IdlBinaryCodec,
} from '../schemaWalk/codecParts.ts';
import { EncodeError } from '../schemaWalk/errors.ts';
import { itemError } from '../schemaWalk/frames.ts';
import { loadPeer } from '../schemaWalk/loadPeer.ts';
import { schemaToGraph } from '../schemaWalk/schemaToGraph.ts';
import { binaryValidatorFor } from '../../schema/validator.ts';
import { decodedValueNeedsCheck } from '../schemaWalk/wireGuarantees.ts';
import { bufferView, show } from '../schemaWalk/values.ts';
import { avroDecoder, avroEncoder } from './avroConvert.ts';
import { containerTypes, readContainer, writeContainer, type DatumReader } from './AvroContainer.ts';
import { buildAvroModel, type AvroSchemaJson } from './avroSchema.ts';
import { bigintLongType } from './bigLong.ts';
import { BlockBounds, boundedBlockTypes, DEFAULT_MAX_ZERO_BYTE_ITEMS } from './boundedBlocks.ts';
import { avroReader } from './avroRead.ts';

/** Options of {@link AvroCodec.schemaBasedBinaryCodec}. */
export interface AvroCodecOptions {
  /** Name of the root record when the schema has no `title`/`$id` (default `Root`). */
  readonly name?: string;
  /** Namespace of every named type (default: none). */
  readonly namespace?: string;
  /** Largest block (and header) a stream decoder accepts (default 64 MiB). */
  readonly maxItemBytes?: number;
  /**
   * Most array or map items one datum may hold that take (on average) no bytes, such as records
   * without fields: the body's length bounds every other item (default 100,000).
   */
  readonly maxZeroByteItems?: number;
}

/** An Avro codec: a {@link IdlBinaryCodec} whose `idl` is the Avro schema (JSON). */
export interface AvroBinaryCodec<A> extends IdlBinaryCodec<A> {
  /** The Avro schema as a JSON value. */
  readonly avroSchema: AvroSchemaJson;
}

const FORMAT = 'Avro';

function schemaBasedBinaryCodec<T extends TSchema>(
  schema: T,
  options: AvroCodecOptions = {},
): AvroBinaryCodec<Static<T>> {
  const avro = loadPeer<typeof Avsc>('avsc', 'AvroCodec.schemaBasedBinaryCodec');
  const graph = schemaToGraph(schema, { format: FORMAT, rootName: options.name ?? 'Root' });
  const model = buildAvroModel(graph, options.namespace);
  // Array and map blocks are held to the bytes left (boundedBlocks.ts): avsc alone loops on a hostile count.
  const bounds = new BlockBounds(options.maxZeroByteItems ?? DEFAULT_MAX_ZERO_BYTE_ITEMS);
  const blocks = boundedBlockTypes(avro, bounds);
  const typeOptions = () => {
    const long = bigintLongType(avro);
    // avsc builds `{ type: 'long', logicalType }` (a Date's timestamp-millis) from its own long,
    // which loses precision beyond 2^52; the full-range long serves it too (the converters make the Date).
    const typeHook = (s: Avsc.Schema, opts: Avsc.ForSchemaOptions) =>
      typeof s === 'object' && s !== null && !Array.isArray(s) && (s as { type?: unknown }).type === 'long'
        ? long
        : blocks(s, opts);
    return { registry: { long }, wrapUnions: 'auto' as const, typeHook };
  };
  const type = avro.Type.forSchema(model.schema as Avsc.Schema, typeOptions());
  const toWire = avroEncoder(model.shape);
  const fromWire = avroDecoder(model.shape);
  // Skipped when the wire schema and the converters already enforce everything the schema says.
  const validator = decodedValueNeedsCheck(schema) ? binaryValidatorFor(schema) : undefined;
  const idl = JSON.stringify(model.schema, null, 2);
  const schemaText = JSON.stringify(model.schema);
  const containers = containerTypes(avro, blocks);
  const maxItemBytes = options.maxItemBytes ?? DEFAULT_MAX_ITEM_BYTES;
  const maxZeroByteItems = options.maxZeroByteItems ?? DEFAULT_MAX_ZERO_BYTE_ITEMS;
  const branchNames = new Set(
    graph.named.map((n) => (options.namespace === undefined ? n.name : `${options.namespace}.${n.name}`)),
  );

  const datum = (value: unknown): Buffer => {
    let wire: unknown;
    try {
      wire = toWire === null ? value : toWire(value);
    } catch (error) {
      throw toEncodeError(error);
    }
    try {
      return type.toBuffer(wire);
    } catch (error) {
      // avsc says "invalid" without a place; its validator knows the path.
      let found: EncodeError | undefined;
      type.isValid(wire, {
        errorHook(path: string[], bad: unknown) {
          // Wrapped union branches (`{ "ns.Cat": … }`) are not in the in-memory value's path.
          const inMemory = path.filter((segment) => !branchNames.has(segment));
          found ??= new EncodeError(
            `does not fit the Avro schema (${show(bad)})`,
            inMemory.map((p) => `/${p}`).join(''),
          );
        },
      });
      throw found ?? new EncodeError(error instanceof Error ? error.message : String(error), '');
    }
  };

  // A body goes straight from bytes to plain objects; streams go through avsc (writer schemas).
  const readDatum = avroReader(model.shape, bounds);
  const read = (bytes: Uint8Array): unknown => readDatum(bufferView(bytes));
  const decode = (bytes: Uint8Array) => decodeChecked<Static<T>>(FORMAT, validator, read, bytes);

  // A container may carry another writer schema: resolve it to ours (Avro schema evolution).
  const readerFor = (writerSchema: string): DatumReader => {
    if (writerSchema === schemaText) return (buf, pos) => type.decode(buf, pos);
    let resolver: ReturnType<Avsc.Type['createResolver']> | undefined;
    try {
      const writerType = avro.Type.forSchema(JSON.parse(writerSchema) as Avsc.Schema, typeOptions());
      if (!writerType.equals(type)) resolver = type.createResolver(writerType);
    } catch (error) {
      throw new DecodeError(`the stream's writer schema cannot be read as this schema: ${(error as Error).message}`, {
        pointer: '/0',
        expected: 'a compatible Avro writer schema',
      });
    }
    return (buf, pos) => type.decode(buf, pos, resolver);
  };

  return {
    mediaType: MediaType.of('application/avro'),
    mediaTypes: [MediaType.of('application/avro')],
    idl,
    avroSchema: model.schema,
    encode: datum,
    decode,
    streamEncoder: (values) => writeContainer(values, datum, schemaText, containers),
    async *streamDecoder(bytes) {
      for await (const item of readContainer(bytes, readerFor, containers, {
        maxBytes: maxItemBytes,
        maxZeroByteItems,
      })) {
        let value: unknown;
        try {
          value = fromWire(item.value);
        } catch (error) {
          throw itemError(toDecodeError(FORMAT, error), item.index, item.offset);
        }
        if (validator !== undefined && !validator.check(value))
          throw itemError(validator.error(value), item.index, item.offset);
        yield value as Static<T>;
      }
    },
  };
}

/** The spec's `AvroCodec`: Avro codecs derived from schemas, on avsc. */
export const AvroCodec = {
  /**
   * An Avro codec for the schema: a body is one binary-encoded datum, a stream is an object
   * container file. `codec.idl` is the Avro schema. Throws a CodecSchemaError naming the schema
   * path for what Avro cannot express.
   */
  schemaBasedBinaryCodec,
} as const;
