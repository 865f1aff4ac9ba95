// Whether a JSON body crossed the wire as the handler gave it: the same properties, items and
// values (key order aside). A schema may accept what a server changed — an absent optional
// property written as `null`, a value dropped — and a user would still see a different value.

// Padding may be left out (RFC 4648 §3.2): `c3RyaW5n` and `string` read as bytes and written back
// are `c3RyaW5n` and `string==`.
const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const show = (v: unknown) => (v === undefined ? 'absent' : (JSON.stringify(v) ?? String(v)).slice(0, 60));

/**
 * Where `wire` first differs from `sent` (the part of the handler's value the generated types
 * describe), as a sentence, or undefined when it does not. `given` is the whole value: a property
 * the types do not describe may be dropped or kept, but not made up.
 */
export function firstDifference(sent: unknown, wire: unknown, given: unknown = sent, at = ''): string | undefined {
  if (isObject(sent) && isObject(wire)) {
    const whole = isObject(given) ? given : {};
    for (const key of new Set([...Object.keys(sent), ...Object.keys(wire)])) {
      if (!(key in sent) && key in whole) continue;
      const d = firstDifference(sent[key], wire[key], whole[key], `${at}/${key}`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (Array.isArray(sent) && Array.isArray(wire)) {
    for (let i = 0; i < Math.max(sent.length, wire.length); i++) {
      const d = firstDifference(sent[i], wire[i], Array.isArray(given) ? given[i] : undefined, `${at}/${i}`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (sent === wire) return undefined;
  // The same bytes written in another base64 spelling (padding, padding bits) are the same value.
  if (
    typeof sent === 'string' &&
    typeof wire === 'string' &&
    base64.test(sent) &&
    base64.test(wire) &&
    Buffer.from(sent, 'base64').equals(Buffer.from(wire, 'base64'))
  )
    return undefined;
  return `at ${at || '(root)'} the handler gave ${show(sent)}, the wire has ${show(wire)}`;
}
