// Type tests of generated code as a user meets it: the Pets API's server and client
// (fixtures/pets/expected, JavaScript modules with declaration files beside them), checked by
// `tsc` with the repository (runtime/test/typecheck.test.ts). Each @ts-expect-error line must fail
// to compile: the declarations keep handlers and client calls as strict as hand-written types.
import { routes, type Handlers } from '../../../fixtures/pets/expected/server.js';
import { createClient } from '../../../fixtures/pets/expected/client.js';
import * as endpoints from '../../../fixtures/pets/expected/endpoints.js';
import type { Pet } from '../../../fixtures/pets/expected/endpoints.js';
import { EndpointError, type Routes, type Static } from '@kitgen/runtime';

type Equals<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
function assertType<T extends true>(_?: T): void {}

const pet: Pet = { id: 1, name: 'Rex' };

export const good: Handlers = {
  listPets: ({ limit }) => ({ status: 200, body: [pet].slice(0, limit ?? 10), headers: {} }),
  createPet: async ({ body }) => ({ status: 201, body: { id: 2, ...body }, headers: { location: '/pets/2' } }),
  showPetById: ({ petId }) =>
    petId === 1 ? pet : endpoints.showPetById.fail({ status: 404, body: { code: 404, message: 'no such pet' } }),
  deletePet: () => undefined,
};
const served: Routes = routes(good);
void served;

export const wrongOutput: Partial<Handlers> = {
  // @ts-expect-error a pet's name is a string
  showPetById: () => ({ id: 1, name: 42 }),
};
export const wrongInput: Partial<Handlers> = {
  // @ts-expect-error petId is a number, not a string
  showPetById: ({ petId }: { petId: string }) => ({ id: Number(petId), name: 'Rex' }),
};
export const undeclaredError: Partial<Handlers> = {
  // @ts-expect-error showPetById declares 404, not 409
  showPetById: () => endpoints.showPetById.fail({ status: 409, body: { code: 409, message: 'conflict' } }),
};

export async function calls(): Promise<void> {
  const client = createClient({ baseUrl: 'http://localhost:8080' });
  const _shown = await client.showPetById({ petId: 1 });
  assertType<Equals<typeof _shown, Pet>>();
  const _listed = await client.listPets();
  assertType<Equals<typeof _listed.body, Pet[]>>();
  // @ts-expect-error petId is required
  await client.showPetById({});
  // @ts-expect-error petId is a number
  await client.showPetById({ petId: 'one' });
  // @ts-expect-error a new pet needs a name
  await client.createPet({ body: { tag: 'dog' } });
  // @ts-expect-error there is no such operation
  await client.updatePet({ petId: 1 });
  const either = await client.either.showPetById({ petId: 1 });
  if (either._tag === 'left') assertType<Equals<typeof either.left.status, 404>>();
  try {
    await client.deletePet({ petId: 1 });
  } catch (error) {
    if (EndpointError.isFrom(endpoints.deletePet, error)) assertType<Equals<typeof error.value.status, 404>>();
  }
  // The schema constants carry their type.
  assertType<Equals<Static<typeof endpoints.Pet>, Pet>>();
}
