/**
 * What the benchmarked routes compute, shared by all servers so they differ only in the
 * framework: the user record, its JSON Schema (Fastify's response schema) and the integer rule.
 */

/** The record GET /users/{id} answers with. */
export interface User {
  readonly id: number;
  readonly name: string;
  readonly email: string;
}

/** The user with this id (built per request, as a lookup would be). */
export function userRecord(id: number): User {
  return { id, name: `User ${id}`, email: `user${id}@example.com` };
}

/** JSON Schema of {@link User}, for frameworks that serialise from a schema. */
export const userJsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
  },
  required: ['id', 'name', 'email'],
  additionalProperties: false,
} as const;

/** JSON Schema of the `{ id }` path parameters: an integer (Fastify coerces the segment). */
export const userParamsJsonSchema = {
  type: 'object',
  properties: { id: { type: 'integer' } },
  required: ['id'],
} as const;

const intPattern = /^-?\d+$/;

/**
 * The id rule for servers that parse by hand (node:http, Hono): a decimal 32-bit integer, as
 * kitgen's `PathCodec.int` accepts. Undefined means "answer 400".
 */
export function parseIntId(text: string): number | undefined {
  if (!intPattern.test(text)) return undefined;
  const n = Number(text);
  return n >= -2147483648 && n <= 2147483647 ? n : undefined;
}

/** The 400 body the hand-parsing servers send. */
export function badIdBody(text: string): { error: string; message: string } {
  return { error: 'Bad Request', message: `path parameter 'id': expected a 32-bit integer, got '${text}'` };
}

/** JSON Schema of a POST /users body: the user record, name non-empty, no other fields. */
export const newUserJsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer', minimum: 1 },
    name: { type: 'string', minLength: 1 },
    email: { type: 'string', minLength: 3 },
  },
  required: ['id', 'name', 'email'],
  additionalProperties: false,
} as const;

/** The body POST /users sends. */
export const newUserBody = JSON.stringify({ id: 42, name: 'Ada Lovelace', email: 'ada@example.com' });

/** {@link newUserJsonSchema} checked by hand, for the servers without a schema validator. */
export function validNewUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  if (Object.keys(v).some((k) => k !== 'id' && k !== 'name' && k !== 'email')) return false;
  return (
    Number.isInteger(v.id) &&
    (v.id as number) >= 1 &&
    typeof v.name === 'string' &&
    v.name.length >= 1 &&
    typeof v.email === 'string' &&
    v.email.length >= 3
  );
}

/** Whether the routes' handlers are `async` functions (the default, as most apps write them) or plain ones. */
export type HandlerMode = 'async' | 'sync';

/** The handler mode of this server process: `BENCH_HANDLERS` (set by the runner from `--handlers`). */
export function handlerMode(): HandlerMode {
  const mode = process.env.BENCH_HANDLERS ?? 'async';
  if (mode !== 'async' && mode !== 'sync') throw new Error(`BENCH_HANDLERS: expected async or sync, got '${mode}'`);
  return mode;
}

/**
 * The application code behind the routes, the same for every server: look a user up, save one.
 * In `async` mode they are `async` functions, as a lookup in a database would be.
 */
export interface UserStore {
  readonly mode: HandlerMode;
  findUser(id: number): User | Promise<User>;
  saveUser(user: User): User | Promise<User>;
}

/** The store for a handler mode. */
export function userStore(mode: HandlerMode): UserStore {
  return mode === 'async'
    ? { mode, findUser: async (id) => userRecord(id), saveUser: async (user) => user }
    : { mode, findUser: (id) => userRecord(id), saveUser: (user) => user };
}
