import { DecodeError } from '../../errors/DecodeError.ts';
import { compileCheck, validatorFor, type Validator } from '../../schema/validator.ts';
import type { CodecConfig } from './CodecConfig.ts';
import { NameFormat } from './NameFormat.ts';
import type { JsonPlan } from './jsonPlan.ts';
import type { ObjectPlan } from './objectPlan.ts';
import { escapePointer } from './jsonPointer.ts';
import {
  decodeStepOf,
  decodeWalk,
  encodeStepOf,
  encodeWalk,
  settled,
  type PlanWalk,
  type SteppedPlan,
} from './planWalk.ts';
import { memoryLeafSchemas, wireLeafTests } from './listAlternatives.ts';
import { choiceOrder, objectWireTest, type UnionLeaf } from './unionShapes.ts';

type Schema = Record<string, unknown>;
type Defs = Readonly<Record<string, Schema>>;

/** A check compiled on first use (most unions only ever decode, or only encode). */
function lazyCheck(schema: Schema, defs: Defs = {}): (value: unknown) => boolean {
  let check: ((value: unknown) => boolean) | undefined;
  return (value) => (check ??= compileCheck(schema, defs as Record<string, object>))(value);
}

/** A validator compiled on first use. */
function lazyValidator(schema: Schema, defs: Defs): Pick<Validator, 'check' | 'error'> {
  let v: Validator | undefined;
  const get = () => (v ??= validatorFor(schema, defs as Record<string, object>));
  return { check: (value) => get().check(value), error: (value, pointer) => get().error(value, pointer) };
}

/**
 * The plan of an untagged union (anyOf/oneOf) of several alternatives: each value goes to the
 * first alternative its top level fits (unionShapes.ts) and is decoded once, by that
 * alternative alone; a value no alternative fits is left as it is for validation to refuse.
 * Encoding chooses the same way among in-memory values. With `tried` (a union whose
 * alternatives may be tried in turn, committedUnions.ts), a value several alternatives fit is
 * decoded by the first of them that then takes it, as the validator accepts it: decoded by
 * another, it would lose the fields only the one that takes it declares.
 */
export function unionPlan(
  leaves: readonly UnionLeaf[],
  leafPlans: readonly JsonPlan[],
  config: CodecConfig,
  defs: Defs,
  tried = false,
): SteppedPlan {
  // Each alternative's plan through any `$ref`, settled on first use.
  let plans = leafPlans;
  let settle = true;
  const wire = choiceOrder(wireLeafTests(leaves, config, defs));
  const memory = choiceOrder(memoryLeafSchemas(leaves, defs)).map((c) => ({
    leaf: c.leaf,
    test: lazyCheck(c.test),
  }));
  const choose = (order: readonly { leaf: number; test: (v: unknown) => boolean }[], value: unknown): number => {
    for (let i = 0; i < order.length; i++) if (order[i].test(value)) return order[i].leaf;
    return -1;
  };
  // Each alternative's own check (wrapped, so that it is compiled with the defs its `$ref`s name).
  const checks = tried ? leaves.map((leaf) => lazyValidator({ allOf: [leaf.schema] }, defs)) : undefined;
  // A member taking a value only because its object is open (Zoom's lock settings: a later member
  // naming `meeting_security` alone takes `{in_meeting}` whose `chat` the first one refuses) would
  // cut the value to its own fields: a member is taken for a value only when it declares each of
  // its keys, else the value goes by the first member it fits, as it did before.
  const declaresKeys = (i: number, v: unknown): boolean => {
    const declared = leaves[i].schema.properties as Record<string, unknown> | undefined;
    if (v === null || typeof v !== 'object' || Array.isArray(v) || declared === undefined) return true;
    return Object.keys(v).every((k) => Object.prototype.hasOwnProperty.call(declared, k));
  };
  const NONE = Symbol('none');
  // A value that no member takes, each having decoded it its own way, is refused here, as the
  // first member it fits explains it: decoded by that member (which drops the keys it does not
  // declare) it could pass another member's check, one the value as sent fails (Mist's device:
  // an access point, a switch or a gateway; `additional_config_cmds` a text where the switch and
  // the gateway declare a list, so only the access point fits, and a netmask it refuses).
  const decodeTaken = (v: unknown, pointer: string): unknown => {
    const fitting = [...new Set(wire.filter((c) => c.test(v)).map((c) => c.leaf))];
    // One member fitting a value whose keys it declares keeps them all: the members that did not
    // fit it still do not, and validation judges the value as it is.
    if (fitting.length === 0 || (fitting.length === 1 && declaresKeys(fitting[0], v))) return NONE;
    let taken = false;
    let first: { decoded: unknown } | undefined;
    for (const [at, i] of fitting.entries()) {
      let decoded: unknown;
      try {
        decoded = plans[i].decode(v, pointer);
      } catch (error) {
        if (error instanceof DecodeError) continue;
        throw error;
      }
      if (at === 0) first = { decoded };
      if (!checks![i].check(decoded)) continue;
      if (declaresKeys(i, v)) return decoded;
      taken = true;
    }
    // The first member's own decoding error, if it had one, is the explanation the caller gives.
    if (taken || first === undefined) return NONE;
    const why = checks![fitting[0]].error(first.decoded, pointer);
    // Worded as the plan's other refusals (`/at: expected`), which the codec prefixes with what it read.
    throw new DecodeError(`${why.pointer || 'value'}: ${why.expected ?? 'does not match the schema'}`, {
      pointer: why.pointer,
      ...(why.expected !== undefined ? { expected: why.expected } : {}),
    });
  };
  // Encoding likewise: the first member whose top level fits and whose check takes the value.
  const encodedBy = (v: unknown): number => {
    const fitting = memory.filter((c) => c.test(v));
    if (fitting.length < 2) return fitting.length === 0 ? -1 : fitting[0].leaf;
    return fitting.find((c) => checks![c.leaf].check(v) && declaresKeys(c.leaf, v))?.leaf ?? fitting[0].leaf;
  };
  const plan: SteppedPlan = {
    decodeStep: (v, pointer, walk) => {
      if (settle) [plans, settle] = [leafPlans.map(settled), false];
      if (checks !== undefined) {
        const taken = decodeTaken(v, pointer);
        if (taken !== NONE) return taken;
      }
      const i = choose(wire, v);
      return i < 0 ? v : decodeStepOf(plans[i], v, pointer, walk);
    },
    encodeStep: (v, walk) => {
      const i = checks === undefined ? choose(memory, v) : encodedBy(v);
      if (settle) [plans, settle] = [leafPlans.map(settled), false];
      return i < 0 ? v : encodeStepOf(plans[i], v, walk);
    },
    decode: (v, pointer) => decodeWalk(plan, v, pointer),
    encode: (v) => encodeWalk(plan, v),
    encodeIdentity: false,
    hasBigInt: leafPlans.some((p) => p.hasBigInt),
  };
  return plan;
}

/** The plan of `X | null`: null stays null, anything else is X's. */
export function nullablePlan(only: JsonPlan): SteppedPlan {
  const plan: SteppedPlan = {
    decodeStep: (v, pointer, walk) => (v === null ? null : decodeStepOf(only, v, pointer, walk)),
    encodeStep: (v, walk) => (v === null ? null : encodeStepOf(only, v, walk)),
    decode: (v, pointer) => decodeWalk(plan, v, pointer),
    encode: (v) => encodeWalk(plan, v),
    encodeIdentity: false,
    hasBigInt: only.hasBigInt,
  };
  return plan;
}

interface CasePlan {
  readonly name: string;
  readonly wire: string;
  readonly plan: ObjectPlan;
}

/**
 * The plan of a tagged union (`Schema.TaggedUnion`) in the CodecConfig's discriminator style.
 * With `NoDiscriminator` the case is chosen as an untagged union's member is, by the value's
 * top level, and decoded once.
 */
export function taggedUnionPlan(
  schema: Schema,
  tag: string,
  cases: readonly string[],
  config: CodecConfig,
  defs: Defs,
  compileCase: (caseSchema: Schema) => ObjectPlan,
): SteppedPlan {
  const members = schema.anyOf as Schema[];
  const setting = config.discriminatorSettings;
  const format = setting.kind === 'NoDiscriminator' ? NameFormat.Identity : setting.format;
  const byCase = new Map<string, CasePlan>();
  cases.forEach((name, i) => {
    const member = members[i];
    const { [tag]: _tag, ...props } = member.properties as Record<string, Schema>;
    const caseSchema = {
      ...member,
      properties: props,
      required: ((member.required as string[] | undefined) ?? []).filter((r) => r !== tag),
    };
    byCase.set(name, { name, wire: NameFormat.apply(format, name), plan: compileCase(caseSchema) });
  });
  const byWire = new Map([...byCase.values()].map((c) => [c.wire, c]));
  const ordered = [...byCase.values()];
  const shapes = choiceOrder(members.map((member) => objectWireTest(member, config, defs, tag)));
  const expected = `one of the cases ${[...byWire.keys()].join(', ')}`;
  const refuse = (pointer: string, what = expected): never => {
    throw new DecodeError(`${pointer || 'value'}: expected ${what}`, { pointer, expected });
  };

  const decodeStep = (v: unknown, pointer: string, walk: PlanWalk): unknown => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return refuse(pointer);
    const src = v as Record<string, unknown>;
    if (setting.kind === 'ClassName') {
      const keys = Object.keys(src);
      const c = keys.length === 1 ? byWire.get(keys[0]) : undefined;
      if (!c) return refuse(pointer, `an object with a single field naming ${expected}`);
      return c.plan.decodeInto(src[keys[0]], `${pointer}/${escapePointer(keys[0])}`, walk, { [tag]: c.name });
    }
    if (setting.kind === 'Name') {
      const wire = Object.prototype.hasOwnProperty.call(src, setting.name) ? src[setting.name] : undefined;
      const c = typeof wire === 'string' ? byWire.get(wire) : undefined;
      if (!c) return refuse(`${pointer}/${escapePointer(setting.name)}`);
      const { [setting.name]: _d, ...rest } = src;
      return c.plan.decodeInto(rest, pointer, walk, { [tag]: c.name });
    }
    for (const shape of shapes) {
      if (shape.test(src))
        return ordered[shape.leaf].plan.decodeInto(src, pointer, walk, { [tag]: ordered[shape.leaf].name });
    }
    return refuse(pointer);
  };

  const encodeStep = (v: unknown, walk: PlanWalk): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    const name = (v as Record<string, unknown>)[tag];
    const c = typeof name === 'string' ? byCase.get(name) : undefined;
    if (!c) return v;
    if (setting.kind === 'ClassName') return { [c.wire]: encodeStepOf(c.plan, v, walk) };
    if (setting.kind === 'Name') return c.plan.encodeInto(v, walk, { [setting.name]: c.wire });
    return encodeStepOf(c.plan, v, walk);
  };

  const plan: SteppedPlan = {
    decodeStep,
    encodeStep,
    decode: (v, pointer) => decodeWalk(plan, v, pointer),
    encode: (v) => encodeWalk(plan, v),
    encodeIdentity: false,
    hasBigInt: ordered.some((c) => c.plan.hasBigInt),
  };
  return plan;
}
