import { DecodeError } from '../../errors/DecodeError.ts';
import { admitsNull } from '../../schema/admitsNull.ts';
import { compileSchemaPattern } from '../../schema/pattern/schemaPattern.ts';
import type { CodecConfig } from './CodecConfig.ts';
import type { JsonPlan } from './jsonPlan.ts';
import { identityPlan } from './identityPlan.ts';
import { escapePointer } from './jsonPointer.ts';
import { NameFormat } from './NameFormat.ts';
import { decodeWalk, encodeWalk, settled, type PlanWalk, type SteppedPlan } from './planWalk.ts';

type Schema = Record<string, unknown>;
type Fields = Record<string, unknown>;

/** The plan of an object with declared fields; tagged unions fill a case's fields into an object that already holds the tag. */
export interface ObjectPlan extends SteppedPlan {
  /** Decodes the fields of `value` into `out` (after what it holds); nested values are left on `walk`. */
  decodeInto(value: unknown, pointer: string, walk: PlanWalk, out: Fields): Fields;
  /** Encodes the fields of `value` into `out`. */
  encodeInto(value: unknown, walk: PlanWalk, out: Fields): Fields;
}

interface FieldPlan {
  readonly name: string;
  readonly wire: string;
  // The plan through any `$ref`, settled on first use (a recursive plan is still being compiled now).
  plan: JsonPlan;
  readonly required: boolean;
  readonly nullable: boolean;
  readonly collection: 'array' | 'map' | undefined;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
  // A field named like a member of Object.prototype (`constructor`, `toString`…): reading it
  // from an object that lacks it finds the inherited function, so only an own property counts.
  readonly inheritedName: boolean;
  readonly inheritedWire: boolean;
}

const isSchemaObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const isCollectionSchema = (s: Schema) =>
  s.type === 'array' || (s.type === 'object' && !s.properties && (s.patternProperties || s.additionalProperties));
const isEmptyCollection = (v: unknown) => (Array.isArray(v) ? v.length === 0 : false);

/**
 * The plan of an object schema with `properties`: wire names of the CodecConfig, explicit nulls
 * and empty collections, defaults, undeclared fields dropped or refused (`rejectExtraFields`),
 * or kept when the schema declares them: by a name pattern (`patternProperties`, through the
 * first matching pattern's plan) or as further properties (`additionalProperties`).
 */
export function objectPlan(
  schema: Schema,
  config: CodecConfig,
  defs: Record<string, Schema>,
  compileSub: (s: Schema) => JsonPlan,
): ObjectPlan {
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  const fields: FieldPlan[] = Object.entries(schema.properties as Record<string, Schema>)
    .filter(([name]) => name !== '__proto__')
    .map(([name, s]) => {
      const plan = compileSub(s);
      const wire = NameFormat.apply(config.fieldNameFormat, name);
      return {
        name,
        wire,
        plan,
        required: required.has(name),
        nullable: admitsNull(s, defs),
        collection: isCollectionSchema(s) ? (s.type === 'array' ? 'array' : 'map') : undefined,
        hasDefault: 'default' in s,
        defaultValue: s.default,
        inheritedName: name in Object.prototype,
        inheritedWire: wire in Object.prototype,
      };
    });
  const names = new Set(fields.map((f) => f.name));
  const wireNames = new Set(fields.map((f) => f.wire));
  const byWire = new Map(fields.map((f) => [f.wire, f]));
  const suffixes = fields.map((f) => `/${escapePointer(f.wire)}`);
  const { explicitNulls, explicitEmptyCollections, rejectExtraFields } = config;
  const open = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
  // Decoding changes nothing of a parsed object holding only declared fields with plain values:
  // then the object itself is the result, without a copy (the POST benchmark's common case).
  const plainFields =
    !open &&
    fields.every(
      (f) =>
        f.plan === identityPlan &&
        f.wire === f.name &&
        !f.hasDefault &&
        !(explicitEmptyCollections.decoding && f.collection !== undefined) &&
        !(explicitNulls.decoding && f.nullable),
    );
  let extra: JsonPlan = isSchemaObject(schema.additionalProperties)
    ? compileSub(schema.additionalProperties)
    : identityPlan;
  // Names a pattern declares are fields of the schema, never "extra": kept, with their own plan.
  const patterns = Object.entries(isSchemaObject(schema.patternProperties) ? schema.patternProperties : {}).map(
    ([source, s]) => ({ name: compileSchemaPattern(source), plan: isSchemaObject(s) ? compileSub(s) : identityPlan }),
  );
  let settle = true;
  const settleFields = () => {
    for (const f of fields) f.plan = settled(f.plan);
    for (const p of patterns) p.plan = settled(p.plan);
    extra = settled(extra);
    settle = false;
  };
  /** The plan of a name no property declares: its pattern's, the further properties', or none (not a field). */
  const undeclared = (name: string): JsonPlan | undefined => {
    for (const p of patterns) if (p.name.test(name)) return p.plan;
    return open ? extra : undefined;
  };
  const keepsUndeclared = open || patterns.length > 0;

  const encodeInto = (v: unknown, walk: PlanWalk, out: Fields): Fields => {
    if (typeof v !== 'object' || v === null) return out;
    if (settle) settleFields();
    const src = v as Fields;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      const x = f.inheritedName && !hasOwn(src, f.name) ? undefined : src[f.name];
      // Absent stays absent (an optional field left out is no None: explicitNulls writes the nulls
      // a value holds), and null is written only where the field's schema admits it: a null
      // optional field whose schema has no null is left out (decode reads both as absent).
      if (x === undefined) continue;
      if (x === null && (!explicitNulls.encoding || (!f.required && !f.nullable))) continue;
      if (
        !explicitEmptyCollections.encoding &&
        f.collection !== undefined &&
        (isEmptyCollection(x) ||
          (f.collection === 'map' && typeof x === 'object' && x !== null && Object.keys(x).length === 0))
      )
        continue;
      out[f.wire] = f.plan === identityPlan ? x : walk.encodeNested(f.plan, x, out, f.wire);
    }
    // Names declared by a pattern or as further properties are written too, as decode keeps them.
    if (keepsUndeclared) {
      for (const k of Object.keys(src)) {
        if (names.has(k) || wireNames.has(k) || k === '__proto__' || src[k] === undefined) continue;
        const p = undeclared(k);
        if (p !== undefined) out[k] = walk.encodeNested(p, src[k], out, k);
      }
    }
    return out;
  };

  const refuseExtraFields = (src: Fields, pointer: string) => {
    for (const k of Object.keys(src)) {
      if (!wireNames.has(k) && undeclared(k) === undefined)
        throw new DecodeError(`${pointer}/${escapePointer(k)}: unexpected field "${k}"`, {
          pointer: `${pointer}/${escapePointer(k)}`,
          expected: `only the fields ${[...wireNames].join(', ')}`,
        });
    }
  };

  const fill = (src: Fields, pointer: string, walk: PlanWalk, out: Fields): Fields => {
    if (settle) settleFields();
    const mark = walk.size;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      const x = f.inheritedWire && !hasOwn(src, f.wire) ? undefined : src[f.wire];
      if (x === undefined) {
        if (explicitEmptyCollections.decoding && f.collection !== undefined)
          out[f.name] = f.collection === 'array' ? [] : {};
        else if (explicitNulls.decoding && f.nullable) out[f.name] = null;
        // A required field stays required: its default only fills an optional field left out.
        else if (f.hasDefault && !f.required) out[f.name] = structuredClone(f.defaultValue);
        continue;
      }
      // An optional field sent as null means "absent" when the schema itself has no null.
      if (x === null && !f.required && !f.nullable) continue;
      out[f.name] =
        f.plan === identityPlan ? x : walk.decodeNested(f.plan, x, pointer + suffixes[i], out, f.name, mark);
    }
    if (keepsUndeclared) {
      for (const k of Object.keys(src)) {
        if (wireNames.has(k) || k === '__proto__') continue;
        const p = undeclared(k);
        if (p === undefined) continue;
        out[k] =
          p === identityPlan ? src[k] : walk.decodeNested(p, src[k], `${pointer}/${escapePointer(k)}`, out, k, mark);
      }
    }
    if (walk.size - mark > 1) walk.reverseFrom(mark);
    return out;
  };

  const decodeInto = (v: unknown, pointer: string, walk: PlanWalk, out: Fields): Fields => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return out;
    if (rejectExtraFields && !open) refuseExtraFields(v as Fields, pointer);
    return fill(v as Fields, pointer, walk, out);
  };

  // Decoding changes nothing of a parsed object holding only declared fields with plain values.
  const unchanged = (src: Fields): boolean => {
    if (!plainFields || Object.getPrototypeOf(src) !== Object.prototype) return false;
    for (const k in src) {
      const f = byWire.get(k);
      if (f === undefined || (src[k] === null && !f.required && !f.nullable)) return false;
    }
    return true;
  };

  const decodeStep = (v: unknown, pointer: string, walk: PlanWalk): unknown => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
    const src = v as Fields;
    if (rejectExtraFields && !open) refuseExtraFields(src, pointer);
    return unchanged(src) ? src : fill(src, pointer, walk, {});
  };

  const plan: ObjectPlan = {
    decodeStep,
    encodeStep: (v, walk) => (typeof v !== 'object' || v === null ? v : encodeInto(v, walk, {})),
    decodeInto,
    encodeInto,
    // The common case needs no walk at all: an object returned as it is.
    decode: (v, pointer) => {
      if (
        plainFields &&
        typeof v === 'object' &&
        v !== null &&
        !Array.isArray(v) &&
        !(rejectExtraFields && !open) &&
        unchanged(v as Fields)
      )
        return v;
      return decodeWalk(plan, v, pointer);
    },
    encode: (v) => encodeWalk(plan, v),
    encodeIdentity: false,
    hasBigInt: fields.some((f) => f.plan.hasBigInt) || patterns.some((p) => p.plan.hasBigInt) || extra.hasBigInt,
  };
  return plan;
}
