import { taggedUnionInfo } from '../../schema/TaggedUnion.ts';
import { refTarget } from './schemaDefs.ts';

// An `allOf` (OpenAPI's composition: `Item` is `NewItem` and `{ id }`) holds one value that every
// member describes. Published documents use it for objects made of objects, so the JSON codec
// reads it as one object: the members' declared fields merged, each converted by its own schema
// (64-bit integers, bytes, dates…), and a union among the members as a union of such merged
// objects. Validation still checks every member on the decoded value.

type Schema = Record<string, unknown>;
type Defs = Readonly<Record<string, Schema>>;

/** The members of an allOf, through `$ref`s and nested allOfs, by what the codec does with them. */
export interface AllOfParts {
  /** Members whose values are objects with declared fields or entries. */
  readonly objects: readonly Schema[];
  /** Untagged unions (anyOf/oneOf) among the members. */
  readonly unions: readonly Schema[];
  /** Everything else: scalars, tagged unions, bytes… */
  readonly others: readonly Schema[];
  /** Whether a member was reached through a `$ref`: the allOf may then hold itself. */
  readonly throughRef: boolean;
}

/** True for schemas whose values are JSON objects with named fields or a record's entries. */
export function isObjectSchema(s: Schema): boolean {
  return (
    s.type === 'object' ||
    (s.type === undefined &&
      (s.properties !== undefined || s.additionalProperties !== undefined || s.patternProperties !== undefined))
  );
}

const ANNOTATIONS = new Set([
  '$id',
  'title',
  'description',
  'readOnly',
  'writeOnly',
  'deprecated',
  'example',
  'examples',
  'default',
  'discriminator',
]);
// A member that says nothing of the value (`{}`, a description) adds nothing to the merge.
// (Extensions too, but not kitgen's own markers of bytes and dates.)
const saysNothing = (s: Schema) =>
  Object.keys(s).every((k) => ANNOTATIONS.has(k) || (k.startsWith('x-') && !k.startsWith('x-kitgen-')));

const isUnion = (s: Schema) => !taggedUnionInfo(s) && (Array.isArray(s.anyOf) || Array.isArray(s.oneOf));

/** The members of `schema.allOf` (and of the schema's own fields beside it), flattened; a member reached twice counts once. */
export function allOfParts(schema: Schema, defs: Defs): AllOfParts {
  const objects: Schema[] = [];
  const unions: Schema[] = [];
  const others: Schema[] = [];
  const seen = new Set<Schema>();
  let throughRef = false;
  const visit = (m: Schema): void => {
    if (seen.has(m)) return;
    seen.add(m);
    if (typeof m.$ref === 'string') {
      throughRef = true;
      const target = refTarget(m, defs);
      if (target !== undefined) visit(target);
      return;
    }
    if (Array.isArray(m.allOf)) {
      for (const part of m.allOf as Schema[]) if (typeof part === 'object' && part !== null) visit(part);
      // Fields written beside the allOf are one more member.
      if (m.properties !== undefined || m.additionalProperties !== undefined || m.patternProperties !== undefined)
        objects.push(m);
      return;
    }
    if (isUnion(m)) unions.push(m);
    else if (!taggedUnionInfo(m) && isObjectSchema(m)) objects.push(m);
    else if (!saysNothing(m)) others.push(m);
  };
  visit(schema);
  return { objects, unions, others, throughRef };
}

// A property schema that only annotates (`readOnly`, a description) gives way to a later member's
// declaration of the same field, which says what the value is.
const onlyAnnotates = (s: Schema) => saysNothing(s) && Object.keys(s).length > 0;

// An int64's bounds beyond 2^53 are bigints, which JSON.stringify refuses.
const schemaText = (s: Schema) => JSON.stringify(s, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
const sameSchema = (a: Schema, b: Schema) => a === b || schemaText(a) === schemaText(b);

/**
 * One object schema with the declared fields of `objects` (a field declared by several members
 * is the allOf of their declarations, one that only annotates giving way), every member's
 * required fields and name patterns, and further properties when a member admits them and none
 * refuses them.
 * Undefined when there is no object.
 */
export function mergeObjects(objects: readonly Schema[]): Schema | undefined {
  if (objects.length === 0) return undefined;
  if (objects.length === 1 && objects[0].allOf === undefined) return objects[0];
  const properties = new Map<string, Schema>();
  const required = new Set<string>();
  const patterns = new Map<string, unknown>();
  let extra: unknown;
  let closed = false;
  for (const o of objects) {
    // A pattern two members declare keeps the first's schema: the plan decodes, the validator judges both.
    if (typeof o.patternProperties === 'object' && o.patternProperties !== null)
      for (const [source, p] of Object.entries(o.patternProperties)) if (!patterns.has(source)) patterns.set(source, p);
    const props = o.properties;
    if (typeof props === 'object' && props !== null) {
      for (const [name, p] of Object.entries(props as Record<string, Schema>)) {
        const known = properties.get(name);
        if (known === undefined || onlyAnnotates(known)) properties.set(name, p);
        // Declared by two members, the field holds one value both describe (Box's template `fields`:
        // `options` items with a `key` in one member, with a `key` and an `id` in the other).
        else if (!onlyAnnotates(p) && !sameSchema(known, p)) properties.set(name, { allOf: [known, p] });
      }
    }
    if (Array.isArray(o.required)) for (const r of o.required as string[]) required.add(r);
    if (o.additionalProperties === false) closed = true;
    else if (o.additionalProperties !== undefined && extra === undefined) extra = o.additionalProperties;
  }
  const merged: Schema = { type: 'object', properties: Object.fromEntries(properties) };
  if (required.size > 0) merged.required = [...required];
  if (patterns.size > 0) merged.patternProperties = Object.fromEntries(patterns);
  if (closed) merged.additionalProperties = false;
  else if (extra !== undefined) merged.additionalProperties = extra;
  return merged;
}

const mergedCache = new WeakMap<Schema, WeakMap<Defs, Schema | null>>();

/**
 * The one object an allOf of objects stands for (see {@link mergeObjects}), or undefined when
 * a member is a union or another kind of value. Kept per schema and defs, so that the decoder's
 * union choice, the validator's and the plan all see the same object.
 */
export function mergedAllOf(schema: Schema, defs: Defs): Schema | undefined {
  let byDefs = mergedCache.get(schema);
  if (byDefs === undefined) mergedCache.set(schema, (byDefs = new WeakMap()));
  const known = byDefs.get(defs);
  if (known !== undefined) return known ?? undefined;
  const parts = allOfParts(schema, defs);
  const merged = parts.unions.length === 0 && parts.others.length === 0 ? mergeObjects(parts.objects) : undefined;
  byDefs.set(defs, merged ?? null);
  return merged;
}
