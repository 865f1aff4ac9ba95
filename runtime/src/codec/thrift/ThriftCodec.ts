import type { TSchema } from 'typebox';
import type { Static } from '../../schema/Schema.ts';
import { MediaType } from '../../http/MediaType.ts';
import { DecodeError } from '../../errors/DecodeError.ts';
import {
  DEFAULT_MAX_ITEM_BYTES,
  decodeChecked,
  decodeFrames,
  toEncodeError,
  type IdlBinaryCodec,
} from '../schemaWalk/codecParts.ts';
import { PathFailure } from '../schemaWalk/errors.ts';
import { readFrames, type FrameHeaderReader } from '../schemaWalk/frames.ts';
import { loadPeer } from '../schemaWalk/loadPeer.ts';
import { schemaToGraph } from '../schemaWalk/schemaToGraph.ts';
import { binaryValidatorFor } from '../../schema/validator.ts';
import { bufferView } from '../schemaWalk/values.ts';
import { buildThriftModel, printThrift } from './thriftModel.ts';
import { thriftWire, type ThriftInt64, type TProtocol } from './thriftWire.ts';

/** Options of {@link ThriftCodec.thriftBinaryCodec}. */
export interface ThriftCodecOptions {
  /** Name of the root struct when the schema has no `title`/`$id` (default `Root`). */
  readonly name?: string;
  /** `namespace *` of the emitted `.thrift` file (default: none). */
  readonly namespace?: string;
  /** Largest frame a stream decoder accepts (default 64 MiB). */
  readonly maxItemBytes?: number;
}

/** A Thrift codec: a {@link IdlBinaryCodec} whose `idl` is a `.thrift` file. */
export interface ThriftBinaryCodec<A> extends IdlBinaryCodec<A> {
  /** Name of the root struct or union in the IDL. */
  readonly structName: string;
}

/** The transports of the thrift package the codec uses (its typings lag behind the package). */
interface TTransport {
  flush(): void;
  readCursor: number;
  writeCursor: number;
}

interface ThriftModule extends ThriftInt64 {
  TBinaryProtocol: new (transport: TTransport) => TProtocol;
  TBufferedTransport: {
    new (buffer: undefined, onFlush: (message: Buffer) => void): TTransport;
    receiver(callback: (transport: TTransport) => void): (data: Buffer) => void;
  };
  TFramedTransport: new (buffer: undefined, onFlush: (message: Buffer) => void) => TTransport;
  InputBufferUnderrunError: new () => Error;
}

const FORMAT = 'Thrift';

// A frame of TFramedTransport: a 4-byte big-endian length, then the struct.
const frameLength: FrameHeaderReader = (queue, item) => {
  if (queue.length < 4) return undefined;
  const head = queue.peek(4);
  const length = ((head[0] << 24) | (head[1] << 16) | (head[2] << 8) | head[3]) >>> 0;
  if (length > 0x7fffffff) {
    throw new DecodeError(`corrupt Thrift stream: frame ${item} at byte ${queue.consumed} has a negative length`, {
      pointer: `/${item}`,
      expected: 'a frame length',
    });
  }
  return { headerBytes: 4, bodyBytes: length };
};

function thriftBinaryCodec<T extends TSchema>(
  schema: T,
  options: ThriftCodecOptions = {},
): ThriftBinaryCodec<Static<T>> {
  const thrift = loadPeer<ThriftModule>('thrift', 'ThriftCodec.thriftBinaryCodec');
  const rootName = options.name ?? 'Root';
  const graph = schemaToGraph(schema, { format: FORMAT, rootName });
  const model = buildThriftModel(graph, rootName);
  const idl = printThrift(model, options.namespace);
  const root = thriftWire(model.root, thrift);
  const wrapKey = model.wrapped ? (model.root.kind === 'struct' ? model.root.fields[0].memory : undefined) : undefined;
  const validator = binaryValidatorFor(schema);
  const maxItemBytes = options.maxItemBytes ?? DEFAULT_MAX_ITEM_BYTES;

  const write = (value: unknown, Transport: ThriftModule['TFramedTransport']): Uint8Array => {
    let out: Buffer | undefined;
    const transport = new Transport(undefined, (message) => {
      out = message;
    });
    try {
      root.write(new thrift.TBinaryProtocol(transport), wrapKey === undefined ? value : { [wrapKey]: value });
    } catch (error) {
      throw toEncodeError(error, wrapKey === undefined ? 0 : 1);
    }
    transport.flush();
    return out!;
  };

  const read = (bytes: Uint8Array): unknown => {
    let value: unknown;
    let rest = 0;
    try {
      thrift.TBufferedTransport.receiver((transport) => {
        value = root.read(new thrift.TBinaryProtocol(transport));
        rest = transport.writeCursor - transport.readCursor;
      })(bufferView(bytes));
    } catch (error) {
      if (error instanceof thrift.InputBufferUnderrunError)
        throw new DecodeError('invalid Thrift data: the struct is cut off', { expected: 'a complete Thrift struct' });
      if (error instanceof PathFailure && wrapKey !== undefined) error.segments.shift();
      throw error;
    }
    if (rest > 0)
      throw new DecodeError(`invalid Thrift data: ${rest} bytes after the struct`, { expected: 'one Thrift struct' });
    return wrapKey === undefined ? value : (value as Record<string, unknown>)[wrapKey];
  };
  const decode = (bytes: Uint8Array) => decodeChecked<Static<T>>(FORMAT, validator, read, bytes);

  return {
    mediaType: MediaType.of('application/vnd.apache.thrift.binary'),
    mediaTypes: [MediaType.of('application/vnd.apache.thrift.binary'), MediaType.of('application/x-thrift')],
    idl,
    structName: model.root.name,
    encode: (value) => write(value, thrift.TBufferedTransport),
    decode,
    async *streamEncoder(values) {
      for await (const value of values) yield write(value, thrift.TFramedTransport);
    },
    streamDecoder: (bytes) =>
      decodeFrames(
        readFrames(bytes, frameLength, FORMAT, maxItemBytes, (i) => `frame ${i}`),
        decode,
      ),
  };
}

/** The spec's `ThriftCodec`: Thrift binary-protocol codecs derived from schemas, on the thrift package. */
export const ThriftCodec = {
  /**
   * A Thrift codec for the schema: a body is one struct in the binary protocol, a stream is
   * framed structs (TFramedTransport). `codec.idl` is the `.thrift` file. Throws a
   * CodecSchemaError naming the schema path for what Thrift cannot express.
   */
  thriftBinaryCodec,
} as const;
