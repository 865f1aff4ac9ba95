// `node --import kitgen/register app.ts`: runs TypeScript whose DeriveSchema.gen<T>() calls are
// expanded as modules load (hooks.ts), compiled by tsx. For development and scripts; a build
// uses the plugin, and `kitgen generate` writes expanded copies for plain `node`.
import { register } from 'node:module';
import type { RegisterData } from './hooks.ts';

const hooks = new URL(`./hooks${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
// KITGEN_CLOSED_OBJECTS=1 closes derived objects, as `kitgen generate --closed-objects` does.
const data: RegisterData = {
  ...(process.env.KITGEN_TSCONFIG ? { tsconfig: process.env.KITGEN_TSCONFIG } : {}),
  ...(process.env.KITGEN_CLOSED_OBJECTS === '1' ? { closedObjects: true } : {}),
};
register(hooks.href, { data });
// tsx after the hooks, so its hooks run first and compile the TypeScript the expansion returns.
const tsx = (await import('tsx/esm/api')) as { register: () => unknown };
tsx.register();
