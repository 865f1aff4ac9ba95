import { HttpError, PathCodec, Response, Route, RoutePattern, Routes, Status, type Request } from '@kitgen/runtime';
import { PetStore, checkLimit, checkNewPet, type NewPet } from './store.ts';

/** The pets every demo process starts with, so GET answers something right away. */
export const seedPets: readonly NewPet[] = [
  { name: 'Rex', tag: 'dog' },
  { name: 'Tom', tag: 'cat' },
  { name: 'Nemo' },
];

/** Throws the 400 the runtime renders as `{ error: 'Bad Request', message }`. */
function badRequest(message: string): never {
  throw new HttpError(Status.BadRequest, message);
}

/**
 * The Pets API as plain routes: GET /pets (optional `limit`), GET /pets/{petId}, POST /pets.
 * Inputs are validated by hand for now; the endpoint API will declare them instead.
 */
export function petRoutes(store: PetStore = new PetStore(seedPets)): Routes {
  const list = Route.handled(RoutePattern.GET('pets'), (request: Request) => {
    const limit = checkLimit(request.query.get('limit'));
    if (!limit.ok) badRequest(limit.message);
    return Response.json(store.list(limit.value));
  });

  const get = Route.handled(RoutePattern.GET('pets', PathCodec.int('petId')), (_request, petId) => {
    const pet = store.get(petId);
    if (pet === undefined) throw new HttpError(Status.NotFound, `no pet with id ${petId}`);
    return Response.json(pet);
  });

  const create = Route.handled(RoutePattern.POST('pets'), async (request: Request) => {
    const input = checkNewPet(await request.body.asString());
    if (!input.ok) badRequest(input.message);
    const pet = store.add(input.value);
    return Response.json(pet, Status.Created).setHeader('location', `/pets/${pet.id}`);
  });

  return Routes(list, get, create);
}
