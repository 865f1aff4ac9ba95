// In-memory handlers of the bundled Pets API (fixtures/pets/openapi.yaml), typed by the
// generated server module: `npm run demo` serves them, and the end-to-end tests call them.
import type { Handlers } from '../../fixtures/pets/expected/server.js';
import type { NewPet, Pet } from '../../fixtures/pets/expected/endpoints.js';
import * as endpoints from '../../fixtures/pets/expected/endpoints.js';

/** The pets a fresh store holds, so the first GET answers something. */
export const seedPets: readonly NewPet[] = [{ name: 'Rex', tag: 'dog' }, { name: 'Tom', tag: 'cat' }, { name: 'Nemo' }];

/** A pet store in memory. */
export class PetStore {
  readonly #pets = new Map<number, Pet>();
  #next = 1;

  constructor(seed: readonly NewPet[] = seedPets) {
    for (const p of seed) this.add(p);
  }

  /** Adds a pet and gives it the next id. */
  add(pet: NewPet): Pet {
    const added: Pet = { id: this.#next++, name: pet.name, ...(pet.tag !== undefined ? { tag: pet.tag } : {}) };
    this.#pets.set(added.id, added);
    return added;
  }

  /** Pets in id order, starting after `after`, at most `limit`. */
  list(limit: number, after = 0): Pet[] {
    return [...this.#pets.values()].filter((p) => p.id > after).slice(0, limit);
  }

  get(id: number): Pet | undefined {
    return this.#pets.get(id);
  }

  delete(id: number): boolean {
    return this.#pets.delete(id);
  }
}

/** Handlers over a store: pages of pets with an `x-next` link, 201 with `location`, 404s as declared errors. */
export function petHandlers(store: PetStore = new PetStore()): Handlers {
  const notFound = (id: number) => ({ status: 404 as const, body: { code: 404, message: `no pet with id ${id}` } });
  return {
    listPets({ limit }) {
      const page = store.list(limit ?? 20);
      const more = page.length > 0 && store.list(1, page[page.length - 1].id).length > 0;
      return { status: 200, body: page, headers: more ? { xNext: `/pets?after=${page[page.length - 1].id}` } : {} };
    },
    createPet({ body }) {
      const pet = store.add(body);
      return { status: 201, body: pet, headers: { location: `/pets/${pet.id}` } };
    },
    showPetById({ petId }) {
      return store.get(petId) ?? endpoints.showPetById.fail(notFound(petId));
    },
    deletePet({ petId }) {
      if (!store.delete(petId)) throw endpoints.deletePet.fail(notFound(petId));
    },
  };
}
