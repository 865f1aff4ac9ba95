import type { JsonPlan } from './jsonPlan.ts';
import { identityPlan } from './identityPlan.ts';
import { escapePointer } from './jsonPointer.ts';
import { decodeWalk, encodeWalk, settled, type SteppedPlan } from './planWalk.ts';

// Arrays and records (maps with string keys) of one item plan; nested items go through the
// walk (planWalk.ts), which handles them in place or later, never by recursing without bound.

/** The plan of an array whose items follow `itemPlan`. */
export function arrayPlan(itemPlan: JsonPlan): JsonPlan {
  if (itemPlan === identityPlan) return identityPlan;
  // The item's plan through any `$ref`, found on first use (a recursive plan is still being compiled now).
  let item: JsonPlan | undefined;
  const plan: SteppedPlan = {
    decodeStep: (v, pointer, walk) => {
      if (!Array.isArray(v)) return v;
      const p = (item ??= settled(itemPlan));
      const out: unknown[] = [];
      const mark = walk.size;
      for (let i = 0; i < v.length; i++) out.push(walk.decodeNested(p, v[i], `${pointer}/${i}`, out, i, mark));
      if (walk.size - mark > 1) walk.reverseFrom(mark);
      return out;
    },
    encodeStep: (v, walk) => {
      if (!Array.isArray(v)) return v;
      const p = (item ??= settled(itemPlan));
      const out: unknown[] = [];
      for (let i = 0; i < v.length; i++) out.push(walk.encodeNested(p, v[i], out, i));
      return out;
    },
    decode: (v, pointer) => decodeWalk(plan, v, pointer),
    encode: (v) => encodeWalk(plan, v),
    encodeIdentity: false,
    hasBigInt: itemPlan.hasBigInt,
  };
  return plan;
}

/** The plan of a record whose values follow `valuePlan`; a `__proto__` key is never written. */
export function recordPlan(valuePlan: JsonPlan): JsonPlan {
  let value: JsonPlan | undefined;
  const plan: SteppedPlan = {
    decodeStep: (v, pointer, walk) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
      const p = (value ??= settled(valuePlan));
      const src = v as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      const mark = walk.size;
      for (const k of Object.keys(src)) {
        if (k === '__proto__') continue;
        out[k] =
          p === identityPlan ? src[k] : walk.decodeNested(p, src[k], `${pointer}/${escapePointer(k)}`, out, k, mark);
      }
      if (walk.size - mark > 1) walk.reverseFrom(mark);
      return out;
    },
    encodeStep: (v, walk) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
      const p = (value ??= settled(valuePlan));
      const src = v as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(src)) if (k !== '__proto__') out[k] = walk.encodeNested(p, src[k], out, k);
      return out;
    },
    decode: (v, pointer) => decodeWalk(plan, v, pointer),
    encode: (v) => encodeWalk(plan, v),
    encodeIdentity: false,
    hasBigInt: valuePlan.hasBigInt,
  };
  return plan;
}
