import type busboy from 'busboy';
import type { Readable } from 'node:stream';
import { DecodeError } from '../../errors/DecodeError.ts';
import { HttpError } from '../HttpError.ts';
import { MediaType } from '../MediaType.ts';
import type { StreamingFormField } from './FormField.ts';
import { MultipartLimits } from './MultipartLimits.ts';
import { fileData, type FileData } from './fileData.ts';
import { lazyRequire } from '../../util/lazyRequire.ts';

// Loaded with the first multipart body, not when a server starts.
const loadBusboy = lazyRequire<typeof busboy>('busboy');

type Entry = { readonly field: StreamingFormField; readonly data: FileData | undefined };

/** Checks the Content-Type of a multipart body and returns its boundary; a DecodeError otherwise. */
export function multipartBoundary(contentType: string | undefined): string {
  if (contentType === undefined)
    throw new DecodeError('The body has no Content-Type; expected multipart/form-data with a boundary', {
      expected: 'multipart/form-data',
    });
  const mt = MediaType.parse(contentType);
  if (!mt || mt.fullType !== 'multipart/form-data') {
    throw new DecodeError(`The body is not a multipart form: Content-Type is "${contentType}"`, {
      expected: 'multipart/form-data',
    });
  }
  const boundary = mt.parameters.boundary;
  if (boundary === undefined)
    throw new DecodeError('The multipart Content-Type has no boundary parameter', { expected: 'a boundary parameter' });
  // RFC 2046 §5.1.1: 1 to 70 characters, not ending in a space.
  if (boundary.length < 1 || boundary.length > 70 || boundary.endsWith(' ')) {
    throw new DecodeError('The multipart boundary is invalid (1 to 70 characters, not ending in a space)', {
      expected: 'a valid boundary',
    });
  }
  return boundary;
}

/**
 * The first control character of a part's file name as `U+XXXX`, or undefined when it has none.
 * A file name reaches handlers percent-decoded (`filename*=UTF-8''a%00b`), so a NUL or a line
 * break in it would otherwise truncate a path in native code, or split a log line, wherever the
 * handler uses it; such names are refused rather than silently altered.
 */
function controlCharacterIn(filename: string | undefined): string | undefined {
  if (filename === undefined) return undefined;
  for (let i = 0; i < filename.length; i++) {
    const c = filename.charCodeAt(i);
    // C0 controls, DEL and C1 controls: Unicode's Cc category.
    if (c <= 0x1f || (c >= 0x7f && c <= 0x9f)) return `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return undefined;
}

/** Busboy's error texts, said in terms of the body the client sent. */
function decodeError(error: unknown): DecodeError {
  const text = error instanceof Error ? error.message : String(error);
  if (/unexpected end/i.test(text))
    return new DecodeError(`The multipart body is truncated (${text.toLowerCase()})`, { cause: error });
  if (/malformed part header/i.test(text))
    return new DecodeError('A part of the multipart body has a malformed header', { cause: error });
  return new DecodeError(`The multipart body cannot be decoded: ${text}`, { cause: error });
}

/** Errors from the byte source keep their meaning (413, bad Content-Encoding); others are decode errors. */
function sourceError(error: unknown): unknown {
  if (error instanceof HttpError || error instanceof DecodeError) return error;
  const text = error instanceof Error ? error.message : String(error);
  return new DecodeError(`The multipart body could not be read: ${text}`, { cause: error });
}

/**
 * Decodes a multipart/form-data byte stream into fields as their bytes arrive (busboy does the
 * parsing). Text fields come whole; a binary field's `data` streams and must be read before the
 * next field is requested, or it is drained. Malformed or truncated input fails with a
 * {@link DecodeError}, an exceeded limit with an `HttpError` 413.
 */
export async function* decodeMultipart(
  open: () => AsyncIterable<Uint8Array>,
  contentType: string | undefined,
  limitsOverride: Partial<MultipartLimits> = {},
): AsyncGenerator<StreamingFormField, void, undefined> {
  const limits: MultipartLimits = { ...MultipartLimits.streaming, ...limitsOverride };
  multipartBoundary(contentType);
  const queue: Entry[] = [];
  let failure: unknown;
  let finished = false;
  let stopped = false;
  let parts = 0;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  let stopFeeding: () => void = () => {};
  const stoppedOrFailed = new Promise<void>((resolve) => (stopFeeding = resolve));

  let parser: busboy.Busboy;
  try {
    parser = loadBusboy()({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8', // browsers send names and file names as raw UTF-8
      // One over each limit: busboy flags a value that merely reaches its limit as truncated.
      limits: { parts: limits.maxParts + 1, fieldSize: limits.maxFieldSize + 1, fileSize: limits.maxFileSize + 1 },
    });
  } catch (error) {
    throw decodeError(error);
  }

  const fail = (error: unknown) => {
    if (failure !== undefined || stopped) return;
    failure = error;
    stopFeeding();
    parser.destroy();
    notify();
  };
  const owner = {
    get failure() {
      return failure;
    },
    mapError: (error: unknown) => failure ?? decodeError(error),
    checkSize(name: string, size: number) {
      if (size > limits.maxFileSize) {
        fail(
          MultipartLimits.exceeded(`field "${name}" is larger than ${limits.maxFileSize} bytes`, limits.maxFileSize),
        );
        throw failure;
      }
    },
  };
  const countPart = (name: string | undefined): boolean => {
    if (++parts > limits.maxParts)
      fail(MultipartLimits.exceeded(`more than ${limits.maxParts} parts`, limits.maxParts));
    else if (name === undefined || name === '')
      fail(
        new DecodeError(`Part ${parts} of the multipart body has no name`, {
          expected: 'Content-Disposition: form-data; name="…"',
        }),
      );
    return failure === undefined;
  };

  parser.on('field', (name, value, info) => {
    if (!countPart(name)) return;
    if (info.valueTruncated) {
      fail(
        MultipartLimits.exceeded(`field "${name}" is larger than ${limits.maxFieldSize} bytes`, limits.maxFieldSize),
      );
      return;
    }
    const contentType = MediaType.parse(info.mimeType) ?? MediaType.text.plain;
    queue.push({ field: { _tag: 'Text', name, value, contentType, filename: undefined }, data: undefined });
    notify();
  });
  parser.on('file', (name, stream: Readable, info) => {
    const data = fileData(name ?? '', stream, owner);
    if (!countPart(name)) {
      data.abandon();
      return;
    }
    const badFilename = controlCharacterIn(info.filename);
    if (badFilename !== undefined) {
      data.abandon();
      fail(
        new DecodeError(
          `Part ${parts} (${JSON.stringify(name)}) of the multipart body has a control character (${badFilename}) in its file name ${JSON.stringify(info.filename)}`,
          { pointer: name, expected: 'a file name without control characters (U+0000-U+001F, U+007F-U+009F)' },
        ),
      );
      return;
    }
    const contentType = MediaType.parse(info.mimeType) ?? MediaType.application.octetStream;
    queue.push({ field: { _tag: 'StreamingBinary', name, data, contentType, filename: info.filename }, data });
    notify();
  });
  parser.on('error', (error) => fail(decodeError(error)));
  parser.on('finish', () => {
    finished = true;
    notify();
  });

  const source = open()[Symbol.asyncIterator]();
  const feed = async () => {
    for (;;) {
      const next = await Promise.race([source.next(), stoppedOrFailed]);
      if (next === undefined || failure !== undefined || stopped) return;
      if (next.done) break;
      const written = new Promise<void>((resolve, reject) =>
        parser.write(next.value, (e) => (e ? reject(e) : resolve())),
      );
      written.catch(() => {});
      // Busboy holds the write callback while a part's reader is behind: that is the backpressure.
      await Promise.race([written, stoppedOrFailed]);
    }
    parser.end();
  };
  feed().catch((error) => fail(sourceError(error)));

  let current: FileData | undefined;
  try {
    for (;;) {
      current?.abandon();
      current = undefined;
      while (queue.length === 0 && failure === undefined && !finished)
        await new Promise<void>((resolve) => (wake = resolve));
      if (failure !== undefined) throw failure;
      const entry = queue.shift();
      if (entry === undefined) return;
      current = entry.data;
      yield entry.field;
    }
  } finally {
    current?.abandon();
    stopped = true;
    stopFeeding();
    if (!finished) parser.destroy();
    // Lets the source release the connection or file; its own errors no longer matter.
    void source.return?.()?.catch?.(() => {});
  }
}
