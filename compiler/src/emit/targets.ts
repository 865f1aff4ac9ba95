// The targets kitgen emits, one descriptor each: the `Target` type, the emission order, the
// dependencies between generated modules, the template list and the `--targets` help all derive
// from this table, so adding a target is one entry here plus its emitter and templates.
import { emitCli } from './emitCli.ts';
import { emitClient } from './emitClient.ts';
import { emitEndpoints } from './emitEndpoints.ts';
import { emitOpenAPI } from './emitOpenAPI.ts';
import { emitServer } from './emitServer.ts';
import type { Emitter } from './EmitOptions.ts';

/** What kitgen knows of one target. */
export interface TargetDescriptor {
  /** What the target writes, for `--targets` help. */
  readonly summary: string;
  /** The targets whose modules this target's modules import, emitted with it. */
  readonly dependsOn: readonly string[];
  /** The built-in templates (file names) its emitter renders; a `--templates` folder may replace them. */
  readonly templates: readonly string[];
  /** Whether `index.js` re-exports its module (the CLI script runs when imported, the document is not a module). */
  readonly reExported: boolean;
  /** Emitted when no targets are named, for an OpenAPI document and for endpoint definition files. */
  readonly byDefault: { readonly document: boolean; readonly endpointFiles: boolean };
  /** The pure function from the model to its files. */
  readonly emit: Emitter;
}

/** Every target, in emission order. */
export const targetDescriptors = {
  endpoints: {
    summary: 'typed endpoint definitions and schemas (endpoints.js, endpoints/ when split by tag)',
    dependsOn: [],
    templates: [
      'endpoints.d.ts.hbs',
      'endpoints.js.hbs',
      'endpoints-schemas.d.ts.hbs',
      'endpoints-schemas.js.hbs',
      'endpoints-group.d.ts.hbs',
      'endpoints-group.js.hbs',
      'endpoints-index.d.ts.hbs',
      'endpoints-index.js.hbs',
    ],
    reExported: true,
    byDefault: { document: true, endpointFiles: true },
    emit: emitEndpoints,
  },
  server: {
    summary: 'a server wiring typed handlers to the endpoints (server.js)',
    dependsOn: ['endpoints'],
    templates: ['server.d.ts.hbs', 'server.js.hbs'],
    reExported: true,
    byDefault: { document: true, endpointFiles: false },
    emit: emitServer,
  },
  client: {
    summary: 'a typed client (client.js) and, for a document, one function per operation (operations.js)',
    dependsOn: ['endpoints'],
    templates: ['client.d.ts.hbs', 'client.js.hbs', 'operations.d.ts.hbs', 'operations.js.hbs'],
    reExported: true,
    byDefault: { document: true, endpointFiles: true },
    emit: emitClient,
  },
  cli: {
    summary: 'a command-line client, one command per operation (cli.js)',
    dependsOn: ['endpoints'],
    templates: ['cli.js.hbs'],
    reExported: false,
    byDefault: { document: true, endpointFiles: true },
    emit: emitCli,
  },
  openapi: {
    summary: 'the OpenAPI document (openapi.json, or openapi.yaml with --openapi-format)',
    dependsOn: [],
    templates: [],
    reExported: false,
    byDefault: { document: false, endpointFiles: true },
    emit: emitOpenAPI,
  },
} as const satisfies Record<string, TargetDescriptor>;

/** The files kitgen can emit: one entry each in {@link targetDescriptors}. */
export type Target = keyof typeof targetDescriptors;
