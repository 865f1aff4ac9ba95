// Values for a oneOf whose sample fits more than one member. openapi-sampler samples a oneOf's
// first member, and where members neither require nor forbid what tells them apart (Vercel's
// `{uid, updated}` beside `{uid}`; Vonage's search result beside its error, no property required
// in either) that sample fits several, which `oneOf` refuses. A value fitting exactly one member
// often exists; these are the candidates: each member's own sample, then one with another value
// of an enum the member allows and another member may not. Only properties a member declares are
// used: a property it leaves open (a wrongly typed one another member declares would tell them
// apart) has no place in the generated types, and the generated server would not send it.
import { refPointer } from '../diagnostics/index.ts';
import { at } from '../check/documentPointers.ts';

type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A member through its local `$ref`s (at most 16), in the document they point into. */
function resolved(schema: unknown, doc: unknown): Schema | undefined {
  let s = schema;
  for (let i = 0; i < 16 && isSchema(s) && typeof s.$ref === 'string'; i++) {
    const target = refPointer(s.$ref);
    if (target === undefined) return undefined;
    s = at(doc, target);
  }
  return isSchema(s) ? s : undefined;
}

/** The properties a member declares, its own and its allOf members' (one level). */
function declared(member: Schema | undefined, doc: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const parts = [member, ...((member?.allOf as unknown[] | undefined) ?? []).map((m) => resolved(m, doc))];
  for (const part of parts)
    if (isSchema(part?.properties)) for (const [k, v] of Object.entries(part.properties)) out[k] ??= v;
  return out;
}

/**
 * Candidate values for the oneOf of `parent` (the schema holding it), each fitting one member if
 * any does: `sampleOf` makes a member's sample; `doc` resolves the members' `$ref`s.
 */
export function* oneOfCandidates(
  parent: unknown,
  doc: unknown,
  sampleOf: (member: unknown) => unknown,
): Generator<unknown> {
  const members = isSchema(parent) && Array.isArray(parent.oneOf) ? (parent.oneOf as unknown[]) : [];
  const shapes = members.map((m) => resolved(m, doc));
  const properties = shapes.map((m) => declared(m, doc));
  const samples = members.map((m, k) => {
    try {
      const s = sampleOf(m);
      // A property the member requires without describing it (Mailscript's ActionCombine requires
      // `config` and `output`): any value fits it, and one must be there.
      const required = shapes[k]?.required;
      if (isSchema(s) && Array.isArray(required))
        for (const name of required) if (typeof name === 'string' && !(name in s)) s[name] = 'text';
      return s;
    } catch {
      return undefined;
    }
  });
  for (const s of samples) if (s !== undefined) yield structuredClone(s);
  // Another value of an enum the member allows (Vonage's `SUCCESS`, which the error's status enum lacks).
  for (const [k, s] of samples.entries()) {
    if (!isSchema(s)) continue;
    for (const [name, schema] of Object.entries(properties[k])) {
      const values = resolved(schema, doc)?.enum;
      if (Array.isArray(values))
        for (const v of values) if (v !== s[name]) yield { ...structuredClone(s), [name]: structuredClone(v) };
    }
  }
}
