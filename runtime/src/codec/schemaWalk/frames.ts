import { DecodeError } from '../../errors/DecodeError.ts';

/** Bytes received from a stream and not yet consumed, across chunk boundaries. */
export class ByteQueue {
  private chunks: Uint8Array[] = [];
  private head = 0;
  /** Bytes available. */
  length = 0;
  /** Bytes consumed since the start of the stream (the offset of the next byte). */
  consumed = 0;

  /** Appends a chunk. */
  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** The byte `index` positions ahead (must be < length). */
  byteAt(index: number): number {
    let i = index + this.head;
    for (const chunk of this.chunks) {
      if (i < chunk.length) return chunk[i];
      i -= chunk.length;
    }
    throw new RangeError('ByteQueue.byteAt past the end');
  }

  /** A copy of the next `n` bytes (fewer when fewer are queued), without consuming them. */
  peek(n: number): Uint8Array {
    const count = Math.min(n, this.length);
    const out = new Uint8Array(count);
    let filled = 0;
    let offset = this.head;
    for (const chunk of this.chunks) {
      if (filled === count) break;
      const part = chunk.subarray(offset, offset + (count - filled));
      out.set(part, filled);
      filled += part.length;
      offset = 0;
    }
    return out;
  }

  /** All queued bytes as one array, merging chunks once so later calls are cheap. */
  contiguous(): Uint8Array {
    if (this.chunks.length > 1 || this.head > 0) {
      const merged = this.peek(this.length);
      this.chunks = merged.length > 0 ? [merged] : [];
      this.head = 0;
    }
    return this.chunks[0] ?? new Uint8Array(0);
  }

  /** Removes and returns the next `n` bytes (a view when they sit in one chunk). */
  take(n: number): Uint8Array {
    if (n > this.length) throw new RangeError('ByteQueue.take past the end');
    this.length -= n;
    this.consumed += n;
    const first = this.chunks[0];
    if (first !== undefined && first.length - this.head >= n) {
      const out = first.subarray(this.head, this.head + n);
      this.head += n;
      if (this.head === first.length) {
        this.chunks.shift();
        this.head = 0;
      }
      return out;
    }
    const out = new Uint8Array(n);
    let filled = 0;
    while (filled < n) {
      const chunk = this.chunks[0];
      const count = Math.min(chunk.length - this.head, n - filled);
      out.set(chunk.subarray(this.head, this.head + count), filled);
      filled += count;
      this.head += count;
      if (this.head === chunk.length) {
        this.chunks.shift();
        this.head = 0;
      }
    }
    return out;
  }
}

/** How a framing reads its header: sizes once it is complete, `undefined` while more is needed. */
export type FrameHeaderReader = (
  queue: ByteQueue,
  item: number,
) => { headerBytes: number; bodyBytes: number } | undefined;

/** One frame of a stream: its body, its position in the stream and its byte offset. */
export interface Frame {
  readonly body: Uint8Array;
  readonly index: number;
  readonly offset: number;
}

/**
 * Splits a byte stream into length-prefixed frames. A stream that ends inside a frame fails with
 * a DecodeError naming the item and byte offset; a frame longer than `maxBytes` fails at once.
 */
export async function* readFrames(
  source: AsyncIterable<Uint8Array>,
  readHeader: FrameHeaderReader,
  format: string,
  maxBytes: number,
  describe: (index: number) => string = (index) => `item ${index}`,
): AsyncGenerator<Frame> {
  const queue = new ByteQueue();
  let index = 0;
  let pending: { headerBytes: number; bodyBytes: number } | undefined;
  for await (const chunk of source) {
    queue.push(chunk);
    for (;;) {
      pending ??= queue.length > 0 ? readHeader(queue, index) : undefined;
      if (pending === undefined) break;
      if (pending.bodyBytes > maxBytes) {
        throw new DecodeError(
          `${format} stream ${describe(index)} at byte ${queue.consumed} declares ${pending.bodyBytes} bytes, more than the limit of ${maxBytes}`,
          {
            pointer: `/${index}`,
          },
        );
      }
      if (queue.length < pending.headerBytes + pending.bodyBytes) break;
      const offset = queue.consumed;
      queue.take(pending.headerBytes);
      const body = queue.take(pending.bodyBytes);
      pending = undefined;
      yield { body, index, offset };
      index++;
    }
  }
  if (queue.length > 0) {
    const need =
      pending === undefined
        ? 'the stream ends before its size is known'
        : `it needs ${pending.headerBytes + pending.bodyBytes} bytes, ${queue.length} arrived`;
    throw new DecodeError(
      `truncated ${format} stream: ${describe(index)} at byte ${queue.consumed} is incomplete (${need})`,
      {
        pointer: `/${index}`,
        expected: 'a complete item',
      },
    );
  }
}

/** Re-points a DecodeError from one stream item at its position in the stream. */
export function itemError(error: DecodeError, index: number, offset: number): DecodeError {
  return new DecodeError(`stream item ${index} (at byte ${offset}): ${error.message}`, {
    pointer: `/${index}${error.pointer}`,
    ...(error.expected === undefined ? {} : { expected: error.expected }),
    cause: error,
  });
}
