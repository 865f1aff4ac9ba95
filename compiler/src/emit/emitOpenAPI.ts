import { stringify } from 'yaml';
import type { Api } from '../model/Api.ts';
import type { EmitOptions } from './EmitOptions.ts';

/**
 * Emits the OpenAPI document the model was read from: `openapi.json` (and `openapi.yaml` when
 * asked), bundled into one file — the input's external `$ref`s are in it — for OpenAPI input,
 * and the document `OpenAPIGen.fromEndpoints` gave for endpoint definition files.
 */
export function emitOpenAPI(api: Api, options: EmitOptions): Map<string, string> {
  const files = new Map<string, string>();
  for (const format of options.openapiFormats) {
    if (format === 'json') files.set('openapi.json', `${api.documentJson ?? JSON.stringify(api.document, null, 2)}\n`);
    else files.set('openapi.yaml', stringify(api.document, { aliasDuplicateObjects: false, lineWidth: 0 }));
  }
  return files;
}
