// An output file's text held as the UTF-8 chunks it is written from. `openapi.json` of endpoint
// files is megabytes of text kept as parts across a watch's saves: joining and encoding it whole
// after every save was most of what writing it cost, where only a part or two changed.

/** A file's text as UTF-8 chunks (written in order, never joined), and as a string when one is asked for. */
export class ChunkedText {
  readonly #text: () => string;
  #joined: string | undefined;

  /** `chunks` are not modified afterwards (a writer compares chunks by identity); `text` gives the same text as a string. */
  constructor(
    readonly chunks: readonly Uint8Array[],
    text: () => string,
  ) {
    this.#text = text;
  }

  /** The text as a string (made once, on first use). */
  toString(): string {
    return (this.#joined ??= this.#text());
  }

  /** True when `other` is made of the same chunk objects, in the same order: then its bytes are these. */
  sameChunks(other: ChunkedText): boolean {
    if (other.chunks.length !== this.chunks.length) return false;
    for (let i = 0; i < this.chunks.length; i++) if (other.chunks[i] !== this.chunks[i]) return false;
    return true;
  }

  /** True when `bytes` (a file's content) are this text's bytes. */
  sameBytes(bytes: Uint8Array): boolean {
    let at = 0;
    for (const chunk of this.chunks) {
      if (at + chunk.length > bytes.length) return false;
      if (Buffer.compare(chunk, bytes.subarray(at, at + chunk.length)) !== 0) return false;
      at += chunk.length;
    }
    return at === bytes.length;
  }
}

/** An output file's text: a string, or chunks ({@link ChunkedText}). */
export type OutputText = string | ChunkedText;

/** The text as a string. */
export const outputString = (text: OutputText): string => (typeof text === 'string' ? text : text.toString());
