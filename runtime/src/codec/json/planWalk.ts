import { DecodeError } from '../../errors/DecodeError.ts';
import type { JsonPlan } from './jsonPlan.ts';

// Decoding and encoding never recurse on the call stack by the depth of the value: a plan
// handles one level of a value, and a nested value is handled in place only while the walk is
// less than INLINE_DEPTH levels into the call stack; deeper ones wait on the walk's own stack
// (heap), and start again from the bottom of the call stack. A value of any depth costs heap,
// never more than INLINE_DEPTH levels of stack. (A plain recursive walk overflows the stack at
// a few thousand levels, well within a 1 MiB body.)
//
// Values waiting on the walk are handled after the ones in place, so a decode that fails may
// meet a later error first; it is then run again with every nested value waiting, in document
// order, so the error reported is the first one in the body.

/** How many levels of nested values are handled in place on the call stack. */
const INLINE_DEPTH = 64;

/** A plan that handles one level at a time; plans without these (dates, bytes…) are leaves. */
export interface SteppedPlan extends JsonPlan {
  /** Decodes the top level of `value`, handing nested values to `walk` (each written into its place). */
  decodeStep(value: unknown, pointer: string, walk: PlanWalk): unknown;
  /** Encodes the top level of `value`, handing nested values to `walk`. */
  encodeStep(value: unknown, walk: PlanWalk): unknown;
}

/** A plan that stands for another one, known only once used (a `$ref`, possibly recursive). */
export interface ForwardingPlan extends SteppedPlan {
  /** The plan this one stands for, compiled on the first call. */
  forward(): JsonPlan;
}

/**
 * The plan `plan` stands for, through any `$ref`s: containers call it on first use and keep the
 * result, so that the walk does not pass through the reference at every value.
 */
export function settled(plan: JsonPlan): JsonPlan {
  let p = plan;
  for (let i = 0; i < 64 && typeof (p as Partial<ForwardingPlan>).forward === 'function'; i++)
    p = (p as ForwardingPlan).forward();
  return p;
}

/** True when the plan handles one level at a time. */
export function isStepped(plan: JsonPlan): plan is SteppedPlan {
  return typeof (plan as Partial<SteppedPlan>).decodeStep === 'function';
}

type Slot = Record<string | number, unknown>;

/**
 * The nested values still to decode or encode, each with the container and key its result goes
 * to. Kept as parallel arrays: a body with thousands of nested values allocates no task objects.
 */
export class PlanWalk {
  #plans: JsonPlan[] = [];
  #values: unknown[] = [];
  #pointers: string[] = [];
  #targets: Slot[] = [];
  #keys: (string | number)[] = [];
  /** How many values are waiting. */
  size = 0;
  /** How many levels are being handled in place right now. */
  #depth = 0;
  /** INLINE_DEPTH, or 0 when every nested value waits (document order). */
  #inline = INLINE_DEPTH;

  /**
   * The decoded value of one nested `value`, or `value` itself as a placeholder when it waits
   * (then `target[key]` is replaced later). `mark` is the walk's size when the container began:
   * in document order, a leaf waits too once an earlier sibling waits.
   */
  decodeNested(
    plan: JsonPlan,
    value: unknown,
    pointer: string,
    target: object,
    key: string | number,
    mark: number,
  ): unknown {
    if (isStepped(plan)) {
      if (this.#depth < this.#inline) {
        this.#depth++;
        const out = plan.decodeStep(value, pointer, this);
        this.#depth--;
        return out;
      }
    } else if (this.#inline !== 0 || this.size === mark) return plan.decode(value, pointer);
    this.#defer(plan, value, pointer, target, key);
    return value;
  }

  /** The encoded value of one nested `value`, or `value` itself as a placeholder when it waits. */
  encodeNested(plan: JsonPlan, value: unknown, target: object, key: string | number): unknown {
    if (!isStepped(plan)) return plan.encode(value);
    if (this.#depth < this.#inline) {
      this.#depth++;
      const out = plan.encodeStep(value, this);
      this.#depth--;
      return out;
    }
    this.#defer(plan, value, '', target, key);
    return value;
  }

  #defer(plan: JsonPlan, value: unknown, pointer: string, target: object, key: string | number): void {
    const i = this.size++;
    this.#plans[i] = plan;
    this.#values[i] = value;
    this.#pointers[i] = pointer;
    this.#targets[i] = target as Slot;
    this.#keys[i] = key;
  }

  /**
   * Reverses what waits since `mark`, so that the first nested value of a container is the next
   * one walked: with every value waiting, the walk visits values in document order.
   */
  reverseFrom(mark: number): void {
    for (let i = mark, j = this.size - 1; i < j; i++, j--) {
      swap(this.#plans, i, j);
      swap(this.#values, i, j);
      swap(this.#pointers, i, j);
      swap(this.#targets, i, j);
      swap(this.#keys, i, j);
    }
  }

  /** Runs a whole decode (or encode) of `value` with `plan`, `inline` levels in place. */
  run(plan: SteppedPlan, value: unknown, pointer: string, decoding: boolean, inline: number): unknown {
    this.#inline = inline;
    this.#depth = 0;
    try {
      const out = decoding ? plan.decodeStep(value, pointer, this) : plan.encodeStep(value, this);
      while (this.size > 0) {
        const i = --this.size;
        const p = this.#plans[i];
        const v = this.#values[i];
        const target = this.#targets[i];
        // Dropping references as slots empty lets a large body go early.
        this.#values[i] = undefined;
        this.#targets[i] = undefined as unknown as Slot;
        if (decoding)
          target[this.#keys[i]] = isStepped(p)
            ? p.decodeStep(v, this.#pointers[i], this)
            : p.decode(v, this.#pointers[i]);
        else target[this.#keys[i]] = isStepped(p) ? p.encodeStep(v, this) : p.encode(v);
      }
      return out;
    } finally {
      for (let i = 0; i < this.size; i++) {
        this.#values[i] = undefined;
        this.#targets[i] = undefined as unknown as Slot;
      }
      this.size = 0;
      this.#depth = 0;
    }
  }
}

function swap<T>(a: T[], i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}

// One walk is kept for reuse; a walk started while another runs (a getter that encodes) gets its own.
let spare: PlanWalk | undefined;

function run(plan: SteppedPlan, value: unknown, pointer: string, decoding: boolean): unknown {
  const walk = spare ?? new PlanWalk();
  spare = undefined;
  try {
    try {
      return walk.run(plan, value, pointer, decoding, INLINE_DEPTH);
    } catch (error) {
      // The first error in document order: the same decode with every nested value waiting.
      if (decoding && error instanceof DecodeError) return walk.run(plan, value, pointer, decoding, 0);
      throw error;
    }
  } finally {
    spare = walk;
  }
}

/** Decodes a whole value with a stepped plan. */
export function decodeWalk(plan: SteppedPlan, value: unknown, pointer: string): unknown {
  return run(plan, value, pointer, true);
}

/** Encodes a whole value with a stepped plan. */
export function encodeWalk(plan: SteppedPlan, value: unknown): unknown {
  return run(plan, value, '', false);
}

/** One level of `plan` on `value`: a stepped plan's step, or a leaf plan's whole decode. */
export function decodeStepOf(plan: JsonPlan, value: unknown, pointer: string, walk: PlanWalk): unknown {
  return isStepped(plan) ? plan.decodeStep(value, pointer, walk) : plan.decode(value, pointer);
}

/** One level of `plan` on `value` when encoding. */
export function encodeStepOf(plan: JsonPlan, value: unknown, walk: PlanWalk): unknown {
  return isStepped(plan) ? plan.encodeStep(value, walk) : plan.encode(value);
}
