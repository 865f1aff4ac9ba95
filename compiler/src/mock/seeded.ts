// What `--seed` varies in the enums of the mock's sampled values: the order of each enum, so
// the value sampled (an enum's first) is another member for another seed and the same member for
// the same seed, on any machine. Each enum's order depends on the seed and the enum's own JSON
// pointer, not on the enums before it: editing one schema leaves the others' values as they were.

/** Keys whose children are names, not schema keywords (a property called `enum` is no enum). */
const nameMaps = new Set([
  'properties',
  'patternProperties',
  'schemas',
  '$defs',
  'definitions',
  'paths',
  'responses',
  'content',
  'parameters',
]);

/** FNV-1a over a text, mixed with a seed: the start of one schema's random sequence. */
export function hash(seed: number, text: string): number {
  let h = (2166136261 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** mulberry32: a small, fast generator whose sequence depends only on its start. */
export function generator(state: number): () => number {
  let a = state;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `doc` (a copy the caller owns) with every enum shuffled in place for `seed`. */
export function shuffledEnums(doc: unknown, seed: number): unknown {
  const walk = (value: unknown, pointer: string, names: boolean): void => {
    if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, `${pointer}/${i}`, false));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if (!names && k === 'enum' && Array.isArray(v) && v.length > 1) {
        const random = generator(hash(seed, pointer));
        for (let i = v.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [v[i], v[j]] = [v[j], v[i]];
        }
        continue;
      }
      walk(v, `${pointer}/${k}`, !names && nameMaps.has(k));
    }
  };
  walk(doc, '', false);
  return doc;
}
