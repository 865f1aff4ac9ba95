// Where the wire test's sampler (openapi-sampler, through the mock's documentSamples.ts) meets a
// schema that refers back to itself, it cuts the recursion with nothing: an array item of the
// recursive schema becomes `undefined` in the handler's answer and `null` on the wire (Microsoft
// Graph's `sectionGroups: [null]`, `replies: [null]`). Graph's schemas carry `properties` and no
// `type`, which the referee (JSON Schema) lets take `null` but kitgen reads as an object
// (docs/decisions.md, "A schema with `properties` and no `type` is an object"), so such a request
// is refused and such an answer is not the handler's value: the sampler's gap, not kitgen's.

/** The value at a JSON pointer (`/a/0/b`), and whether its parent is an array. */
function at(value: unknown, pointer: string): { value: unknown; inArray: boolean } | undefined {
  let here = value;
  let inArray = false;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (here === null || typeof here !== 'object') return undefined;
    inArray = Array.isArray(here);
    here = (here as Record<string, unknown>)[key];
  }
  return { value: here, inArray };
}

/**
 * True when a refusal of a valid request says an item the sampler cut is no object: the refusal
 * (`body at /message/replies/0: must be object`) names a place where the sent JSON body holds
 * `null` as an array item.
 */
export function refusedRecursionCut(payload: unknown, refusal: string): boolean {
  const target = /body at (\/[^:"]*): must be object/.exec(refusal)?.[1];
  if (target === undefined || typeof payload !== 'string') return false;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return false;
  }
  const found = at(body, target);
  return found !== undefined && found.inArray && found.value === null;
}

/**
 * True when a fidelity difference (`at /a/0 the handler gave absent, the wire has null`) is an
 * array item the sampler left `undefined` in the handler's value: JSON has no such item, so
 * `null` is what any JSON encoder writes there.
 */
export function alteredRecursionCut(answer: unknown, difference: string): boolean {
  const where = /^at (\/\S*) the handler gave absent, the wire has null$/.exec(difference)?.[1];
  if (where === undefined) return false;
  const found = at(answer, where);
  return found !== undefined && found.inArray && found.value === undefined;
}
