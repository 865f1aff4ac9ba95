/**
 * The Pets demo's domain: an in-memory store and the hand validation of its inputs. Kept apart
 * from the routes so that, when the endpoint API lands, only `routes.ts` changes.
 */

/** A pet as the API shows it. */
export interface Pet {
  readonly id: number;
  readonly name: string;
  readonly tag?: string;
}

/** What POST /pets accepts. */
export interface NewPet {
  readonly name: string;
  readonly tag?: string;
}

/** The outcome of validating client input: a value, or a message for a 400 answer. */
export type Checked<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly message: string };

/** Largest page GET /pets hands out, and the default when `limit` is absent. */
export const maxLimit = 100;
export const defaultLimit = 20;
const maxNameLength = 100;

/** An in-memory pet store with increasing ids; each demo process starts from the same seed. */
export class PetStore {
  readonly #pets = new Map<number, Pet>();
  #nextId = 1;

  constructor(seed: readonly NewPet[] = []) {
    for (const p of seed) this.add(p);
  }

  /** The first `limit` pets in id order. */
  list(limit: number): Pet[] {
    const out: Pet[] = [];
    for (const pet of this.#pets.values()) {
      if (out.length >= limit) break;
      out.push(pet);
    }
    return out;
  }

  /** One pet, or undefined. */
  get(id: number): Pet | undefined {
    return this.#pets.get(id);
  }

  /** Stores a new pet under the next id and returns it. */
  add(input: NewPet): Pet {
    const id = this.#nextId++;
    // Build the record field by field so the stored value never carries extra client fields.
    const pet: Pet = input.tag === undefined ? { id, name: input.name } : { id, name: input.name, tag: input.tag };
    this.#pets.set(id, pet);
    return pet;
  }
}

/** Validates the optional `limit` query parameter: an integer from 1 to {@link maxLimit}. */
export function checkLimit(raw: string | null): Checked<number> {
  if (raw === null) return { ok: true, value: defaultLimit };
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > maxLimit) {
    return { ok: false, message: `query parameter 'limit': expected an integer from 1 to ${maxLimit}, got '${raw}'` };
  }
  return { ok: true, value: n };
}

/**
 * Validates a POST /pets body: JSON text of an object with a non-empty string `name` (at most
 * 100 characters) and an optional string `tag`. Other fields are ignored, as kitgen's codecs do
 * by default (`rejectExtraFields` off).
 */
export function checkNewPet(text: string): Checked<NewPet> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'request body: expected JSON, got text that does not parse' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'request body: expected a JSON object like {"name": "Rex", "tag": "dog"}' };
  }
  const { name, tag } = value as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '') {
    return { ok: false, message: "field 'name': expected a non-empty string" };
  }
  if (name.length > maxNameLength) {
    return { ok: false, message: `field 'name': expected at most ${maxNameLength} characters, got ${name.length}` };
  }
  if (tag !== undefined && typeof tag !== 'string') {
    return { ok: false, message: "field 'tag': expected a string when present" };
  }
  return { ok: true, value: tag === undefined ? { name } : { name, tag } };
}
