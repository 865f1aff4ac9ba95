import { emitAll, type EmitOptions, type OpenAPIFormat, type Target, type UserEndpoint } from '../emit/index.ts';
import type { Api } from '../model/Api.ts';
import { optionDefaults, splitByTag } from '../optionDefaults.ts';
import type { Templates } from '../render/Templates.ts';

/** The choices of a run that reach the emitters; whatever is left out takes its default. */
export interface EmitChoices {
  readonly openapiFormats?: readonly OpenAPIFormat[];
  readonly split?: boolean | 'auto';
  readonly lean?: boolean;
  readonly importExtension?: '.js' | '.ts' | '';
  readonly runtimePackage?: string;
  readonly userModules?: readonly string[];
  readonly userEndpoints?: Readonly<Record<string, UserEndpoint>>;
}

/** The emitters' options: the choices with their defaults, `split: 'auto'` decided by the API's size. */
export function emitOptionsOf(
  api: Api,
  choices: EmitChoices,
  templates: Templates,
  targets: ReadonlySet<Target>,
): EmitOptions {
  return {
    templates,
    runtimePackage: choices.runtimePackage ?? optionDefaults.runtimePackage,
    importExtension: choices.importExtension ?? optionDefaults.importExtension,
    split: splitByTag(choices.split, api.operations.length),
    lean: choices.lean ?? optionDefaults.lean,
    targets,
    openapiFormats: choices.openapiFormats ?? optionDefaults.openapiFormats,
    userModules: choices.userModules ?? [],
    userEndpoints: choices.userEndpoints ?? {},
  };
}

/** Emits the targets from the model: files in memory (relative path → text), not yet formatted. */
export function emitCode(
  api: Api,
  choices: EmitChoices,
  templates: Templates,
  targets: ReadonlySet<Target>,
): Map<string, string> {
  return emitAll(api, emitOptionsOf(api, choices, templates, targets));
}
