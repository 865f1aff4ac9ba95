/**
 * A bound on how many request bodies are being decompressed at once. A decoder's memory is
 * chosen by the client (a brotli stream declares a window of up to 16 MiB), so the server
 * bounds how many exist: beyond `slots`, bodies wait their turn in arrival order, held back
 * by TCP flow control while they wait (docs/security.md, "Decompression bombs").
 */
export class DecompressionGate {
  #free: number;
  readonly #waiting: Array<() => void> = [];

  constructor(slots: number) {
    this.#free = slots;
  }

  /** Resolves when a slot is free; every resolved call must be paired with one {@link release}. */
  acquire(): Promise<void> {
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Frees a slot, handing it straight to the longest waiter if there is one. */
  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free++;
  }

  /** Bodies waiting for a slot right now. */
  get waiting(): number {
    return this.#waiting.length;
  }
}

/**
 * The window a brotli stream declares in its first bits (RFC 7932 §9.1, WBITS), in bytes, or
 * undefined when the header is not a valid RFC 7932 one (the decoder then reports it).
 */
export function brotliWindow(first: Uint8Array): number | undefined {
  if (first.length === 0) return undefined;
  const b = first[0];
  let bits: number;
  if ((b & 1) === 0) bits = 16;
  else if (((b >> 1) & 7) !== 0) bits = 17 + ((b >> 1) & 7);
  else {
    const m = (b >> 4) & 7;
    if (m === 1) return undefined; // the large-window extension, not RFC 7932
    bits = m === 0 ? 17 : 8 + m;
  }
  return 2 ** bits - 16;
}
