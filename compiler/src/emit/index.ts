// The emitters, one per target: every input is emitted by looping over the target registry.
import type { Api } from '../model/Api.ts';
import { emitIndex } from './emitIndex.ts';
import type { EmitOptions, Emitter } from './EmitOptions.ts';
import { targetDescriptors, type Target } from './targets.ts';

export type { EmitOptions, Emitter, OpenAPIFormat, UserEndpoint } from './EmitOptions.ts';
export { targetDescriptors, type Target, type TargetDescriptor } from './targets.ts';
export { loadTemplates, templateFiles } from './templateList.ts';

const entries = Object.entries(targetDescriptors) as Array<[Target, (typeof targetDescriptors)[Target]]>;

/** The emitter of each target, from the target registry. */
export const emitters: Readonly<Record<Target, Emitter>> = Object.fromEntries(
  entries.map(([name, d]) => [name, d.emit]),
) as Record<Target, Emitter>;

/** Every target, in emission order. */
export const allTargets: readonly Target[] = entries.map(([name]) => name);

/** What `kitgen generate` emits for an OpenAPI document when no targets are named (the document itself is already there). */
export const defaultOpenAPITargets: readonly Target[] = entries
  .filter(([, d]) => d.byDefault.document)
  .map(([name]) => name);

/** What `kitgen generate` emits for endpoint definition files when no targets are named (the server is the user's own code). */
export const defaultCodeFirstTargets: readonly Target[] = entries
  .filter(([, d]) => d.byDefault.endpointFiles)
  .map(([name]) => name);

/** The targets asked for, plus the ones their modules import (`client` alone writes `endpoints` too, which `client.js` imports). */
export function withDependencies(targets: Iterable<Target>): Set<Target> {
  const out = new Set<Target>();
  for (const target of targets)
    for (const t of [target, ...(targetDescriptors[target].dependsOn as readonly Target[])]) out.add(t);
  return out;
}

/** One line per target for `--targets` help: its name and what it writes. */
export function targetHelp(): string {
  return entries.map(([name, d]) => `${name}: ${d.summary}`).join('; ');
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
