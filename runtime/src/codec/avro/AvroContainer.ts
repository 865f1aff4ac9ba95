import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import type * as Avsc from 'avsc';
import { DecodeError } from '../../errors/DecodeError.ts';
import { readFrames, type FrameHeaderReader } from '../schemaWalk/frames.ts';
import { bufferView } from '../schemaWalk/values.ts';

// Avro object container files (Avro spec, "Object Container Files"): a header holding the
// writer's schema and a 16-byte sync marker, then blocks of `count`, `size`, `size` bytes of
// datums and the sync marker again. avsc encodes every field; this file only sequences them.

const MAGIC = Buffer.from([0x4f, 0x62, 0x6a, 0x01]); // "Obj" 1

/** The avsc types the container framing is written with. */
export interface ContainerTypes {
  readonly header: Avsc.Type;
  readonly long: Avsc.Type;
}

/** A type hook that bounds array and map blocks (boundedBlocks.ts). */
export type BlockTypeHook = (schema: Avsc.Schema, opts: Avsc.ForSchemaOptions) => Avsc.Type | undefined;

/** Builds the header record (its `meta` map bounded by `blocks`) and the plain long type from the spec's definitions. */
export function containerTypes(avro: typeof Avsc, blocks: BlockTypeHook): ContainerTypes {
  const header = avro.Type.forSchema(
    {
      type: 'record',
      name: 'org.apache.avro.file.Header',
      fields: [
        { name: 'magic', type: { type: 'fixed', name: 'Magic', size: 4 } },
        { name: 'meta', type: { type: 'map', values: 'bytes' } },
        { name: 'sync', type: { type: 'fixed', name: 'Sync', size: 16 } },
      ],
    },
    { typeHook: blocks },
  );
  return { header, long: avro.Type.forSchema('long') };
}

/**
 * Writes values as an object container file (codec `null`). Each value is its own block, so a
 * reader sees it as soon as it is produced; the header goes out first even for an empty stream.
 */
export async function* writeContainer<A>(
  values: AsyncIterable<A>,
  datum: (value: A) => Buffer,
  schemaJson: string,
  types: ContainerTypes,
): AsyncGenerator<Uint8Array> {
  const sync = randomBytes(16);
  yield types.header.toBuffer({
    magic: MAGIC,
    meta: { 'avro.schema': Buffer.from(schemaJson, 'utf8'), 'avro.codec': Buffer.from('null') },
    sync,
  });
  for await (const value of values) {
    const bytes = datum(value);
    yield Buffer.concat([types.long.toBuffer(1), types.long.toBuffer(bytes.length), bytes, sync]);
  }
}

/** Reads one datum at `pos` with the stream's writer schema: avsc's `{ value, offset }` (offset -1: truncated). */
export type DatumReader = (buf: Buffer, pos: number) => { value: unknown; offset: number };

/** A datum from a container file, with its position for error messages. */
export interface ContainerDatum {
  readonly value: unknown;
  readonly index: number;
  readonly block: number;
  readonly offset: number;
}

function corrupt(message: string, index: number): DecodeError {
  return new DecodeError(`invalid Avro container: ${message}`, {
    pointer: `/${index}`,
    expected: 'an Avro object container file',
  });
}

/** Limits of {@link readContainer}: the largest header or block, and datums taking no bytes per block. */
export interface ContainerLimits {
  readonly maxBytes: number;
  readonly maxZeroByteItems: number;
}

/**
 * Reads an object container file. `readerFor` gets the writer's schema (JSON text) from the
 * header and returns how to read its datums. Truncated or corrupt input fails with a DecodeError
 * naming the datum index, the block and the byte offset.
 */
export async function* readContainer(
  source: AsyncIterable<Uint8Array>,
  readerFor: (writerSchema: string) => DatumReader,
  types: ContainerTypes,
  limits: ContainerLimits,
): AsyncGenerator<ContainerDatum> {
  const { maxBytes, maxZeroByteItems } = limits;
  let index = 0;
  let blockCount = 0;
  const readHeader: FrameHeaderReader = (queue, item) => {
    if (item === 0) {
      const head = bufferView(queue.peek(queue.length));
      if (head.length >= 4 && !head.subarray(0, 4).equals(MAGIC))
        throw corrupt('the stream does not start with the magic bytes "Obj\\x01"', 0);
      const { offset } = types.header.decode(head, 0);
      if (offset < 0) {
        if (queue.length > maxBytes) throw corrupt(`the header is longer than the limit of ${maxBytes} bytes`, 0);
        return undefined;
      }
      return { headerBytes: 0, bodyBytes: offset };
    }
    const head = bufferView(queue.peek(20));
    const count = types.long.decode(head, 0);
    if (count.offset < 0) return undefined;
    const size = types.long.decode(head, count.offset);
    if (size.offset < 0) return undefined;
    if ((count.value as number) < 0 || (size.value as number) < 0)
      throw corrupt(`block ${item} at byte ${queue.consumed} has a negative count or size`, index);
    blockCount = count.value as number;
    return { headerBytes: size.offset, bodyBytes: (size.value as number) + 16 };
  };
  const describe = (item: number) => (item === 0 ? 'header' : `block ${item} (datum ${index})`);

  let sync: Buffer | undefined;
  let codec = 'null';
  let read: DatumReader | undefined;
  try {
    for await (const frame of readFrames(source, readHeader, 'Avro container', maxBytes, describe)) {
      const body = bufferView(frame.body);
      if (frame.index === 0) {
        const header = types.header.fromBuffer(body) as { meta: Record<string, Buffer>; sync: Buffer };
        sync = header.sync;
        codec = header.meta['avro.codec']?.toString('utf8') ?? 'null';
        if (codec !== 'null' && codec !== 'deflate')
          throw corrupt(`unsupported codec "${codec}" (null and deflate are)`, 0);
        const schema = header.meta['avro.schema'];
        if (schema === undefined) throw corrupt('the header has no avro.schema', 0);
        read = readerFor(schema.toString('utf8'));
        continue;
      }
      const block = frame.index;
      if (!body.subarray(body.length - 16).equals(sync!))
        throw corrupt(`block ${block} at byte ${frame.offset} does not end with the file's sync marker`, index);
      let data = body.subarray(0, body.length - 16);
      if (codec === 'deflate') {
        try {
          data = inflateRawSync(data, { maxOutputLength: maxBytes });
        } catch (error) {
          throw corrupt(`block ${block} at byte ${frame.offset} does not inflate: ${(error as Error).message}`, index);
        }
      }
      let pos = 0;
      // A datum takes at least a byte unless its type can take none: those are counted, so a
      // hostile count on a few bytes cannot make the loop run on.
      let zeroByte = 0;
      for (let i = 0; i < blockCount; i++) {
        let datum: { value: unknown; offset: number };
        try {
          datum = read!(data, pos);
        } catch (error) {
          throw corrupt(
            `datum ${index} in block ${block} (at byte ${frame.offset}) does not decode: ${(error as Error).message}`,
            index,
          );
        }
        if (datum.offset < 0)
          throw corrupt(`datum ${index} in block ${block} (at byte ${frame.offset}) is cut off`, index);
        if (datum.offset === pos && ++zeroByte > maxZeroByteItems) {
          throw corrupt(
            `block ${block} at byte ${frame.offset} claims ${blockCount} datums in ${data.length} bytes`,
            index,
          );
        }
        pos = datum.offset;
        yield { value: datum.value, index, block, offset: frame.offset };
        index++;
      }
      if (pos !== data.length)
        throw corrupt(
          `block ${block} at byte ${frame.offset} holds ${data.length - pos} bytes after its ${blockCount} datums`,
          index,
        );
    }
  } catch (error) {
    // readFrames counts blocks; pointers elsewhere count datums.
    if (error instanceof DecodeError && !error.message.startsWith('invalid Avro container')) {
      throw new DecodeError(error.message, {
        pointer: `/${index}`,
        ...(error.expected === undefined ? {} : { expected: error.expected }),
        cause: error,
      });
    }
    throw error;
  }
}
