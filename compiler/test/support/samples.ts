// Sample values for the end-to-end tests: the model's samples (the mock server's, one copy), and
// values normalised as the wire gives them back.
export { Samples } from '../../src/mock/modelSamples.ts';

/** Values compared as the wire gives them back: byte arrays as plain arrays, whatever their class. */
export function normalise(value: unknown): unknown {
  if (value instanceof Uint8Array) return { bytes: Array.from(value) };
  if (Array.isArray(value)) return value.map(normalise);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      if (v !== undefined) Object.defineProperty(out, k, { value: normalise(v), enumerable: true });
    return out;
  }
  return value;
}
