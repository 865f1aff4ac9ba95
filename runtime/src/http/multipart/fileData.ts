import type { Readable } from 'node:stream';

/** What a binary part's reader needs from the form decoder around it. */
export interface FileDataOwner {
  /** The form-level failure, once there is one (it wins over the part's own stream error). */
  readonly failure: unknown;
  /** Turns a stream error of the part into the error the reader sees. */
  mapError(error: unknown): unknown;
  /** Called with the running byte count; throws when the part is over its limit. */
  checkSize(name: string, size: number): void;
}

/** A binary part's bytes as a one-shot async iterable, plus the hook that drains it unread. */
export interface FileData extends AsyncIterable<Uint8Array> {
  /** Stops delivering to the reader and discards the rest, so the parser can go on. */
  abandon(): void;
}

const noop = () => {};

/**
 * Wraps busboy's stream of one file part. Reading pulls with `read()` rather than Node's async
 * iterator because that iterator destroys the stream on `break`, and a destroyed part stream
 * stalls busboy for the rest of the form; here an early exit drains the part instead.
 */
export function fileData(name: string, stream: Readable, owner: FileDataOwner): FileData {
  let started = false;
  let abandoned = false;
  let ended = false;
  let error: unknown;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const onReadable = notify;
  // Listeners go on at once: busboy may end or fail the part before anyone reads it, and an
  // 'error' event without a listener would crash the process.
  stream.on('readable', onReadable);
  stream.on('end', () => {
    ended = true;
    notify();
  });
  stream.on('error', (e) => {
    error = e;
    notify();
  });

  const abandon = () => {
    if (abandoned) return;
    abandoned = true;
    stream.off('readable', onReadable);
    stream.on('data', noop);
    stream.resume();
    notify();
  };

  async function* read(): AsyncGenerator<Uint8Array> {
    let size = 0;
    try {
      for (;;) {
        if (abandoned)
          throw new Error(`The data of form field "${name}" was not read before the next field was requested`);
        if (owner.failure !== undefined) throw owner.failure;
        const chunk = stream.read() as Buffer | null;
        if (chunk !== null) {
          size += chunk.byteLength;
          owner.checkSize(name, size);
          yield chunk;
          continue;
        }
        if (error !== undefined) throw owner.failure ?? owner.mapError(error);
        if (ended) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      // A reader that stops early (break, throw) must not stall the rest of the form.
      if (!ended) abandon();
    }
  }

  return {
    abandon,
    [Symbol.asyncIterator]() {
      if (started) throw new Error(`The data of form field "${name}" can be read only once`);
      started = true;
      return read();
    },
  };
}
