// Hashes of texts kept per file while the text stays the same string: a watch's save hashes
// only the texts that changed, where hashing every module's megabytes again was a good part of it.

/** The hash of each file's text, made again only when the file's text is another string than last time. */
export class TextHashes {
  readonly #last = new Map<string, readonly [text: string, hash: string]>();
  readonly #hash: (text: string) => string;

  constructor(hash: (text: string) => string) {
    this.#hash = hash;
  }

  /** The hash of `text`, the text `key` (a file) has now. */
  of(key: string, text: string): string {
    const last = this.#last.get(key);
    // The same string object compares at once; an equal copy compares in one pass, still cheaper than a hash.
    if (last !== undefined && last[0] === text) return last[1];
    const hash = this.#hash(text);
    this.#last.set(key, [text, hash]);
    return hash;
  }
}
