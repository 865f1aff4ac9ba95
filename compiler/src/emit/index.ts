// The emitters, one per target: every input is emitted by looping over this registry.
import type { Api } from '../model/Api.ts';
import { emitCli } from './emitCli.ts';
import { emitClient } from './emitClient.ts';
import { emitEndpoints } from './emitEndpoints.ts';
import { emitIndex } from './emitIndex.ts';
import { emitOpenAPI } from './emitOpenAPI.ts';
import { emitServer } from './emitServer.ts';
import type { EmitOptions, Emitter, Target } from './EmitOptions.ts';

export type { EmitOptions, Emitter, OpenAPIFormat, Target, UserEndpoint } from './EmitOptions.ts';

/** The emitter of each target: one registry entry per target, from which the target list derives. */
export const emitters: Readonly<Record<Target, Emitter>> = {
  endpoints: emitEndpoints,
  server: emitServer,
  client: emitClient,
  cli: emitCli,
  openapi: emitOpenAPI,
};

/** Every target, in emission order. */
export const allTargets: readonly Target[] = ['endpoints', 'server', 'client', 'cli', 'openapi'];

/** What `kitgen generate` emits for an OpenAPI document when no targets are named (the document itself is already there). */
export const defaultOpenAPITargets: readonly Target[] = ['endpoints', 'server', 'client', 'cli'];

/** What `kitgen generate` emits for endpoint definition files when no targets are named (the server is the user's own code). */
export const defaultCodeFirstTargets: readonly Target[] = ['openapi', 'endpoints', 'client', 'cli'];

/** What each target's modules import from the others: the server, the client and the CLI are built over the endpoints module. */
const dependencies: Readonly<Partial<Record<Target, readonly Target[]>>> = { server: ['endpoints'], client: ['endpoints'], cli: ['endpoints'] };

/** The targets asked for, plus the ones their modules import (`client` alone writes `endpoints` too, which `client.js` imports). */
export function withDependencies(targets: Iterable<Target>): Set<Target> {
  const out = new Set<Target>();
  for (const target of targets) for (const t of [target, ...(dependencies[target] ?? [])]) out.add(t);
  return out;
}

/** Emits `options.targets` in registry order, then `index.ts` re-exporting the modules among them (pure: model and options in, files out). */
export function emitAll(api: Api, options: EmitOptions): Map<string, string> {
  const files = new Map<string, string>();
  for (const target of allTargets) {
    if (!options.targets.has(target)) continue;
    for (const [path, text] of emitters[target](api, options)) files.set(path, text);
  }
  for (const [path, text] of emitIndex(api, options)) files.set(path, text);
  return files;
}
