import type { Api } from '../model/Api.ts';
import type { Templates } from '../render/Templates.ts';
import type { Target } from './targets.ts';

export type { Target } from './targets.ts';

/** Forms of the `openapi` target's document. */
export type OpenAPIFormat = 'json' | 'yaml';

/** What every emitter is given besides the model. */
export interface EmitOptions {
  readonly templates: Templates;
  /** The package generated code imports the runtime from; the endpoint and client modules import its `/client` entry. */
  readonly runtimePackage: string;
  /** Extension of relative imports of the user's own modules (`.js` works with tsc, tsx and bundlers); generated modules are imported as `.js`, or without an extension when this is `''`. */
  readonly importExtension: '.js' | '.ts' | '';
  /** Split endpoints by tag under `endpoints/` (decided by the caller from the size of the API). */
  readonly split: boolean;
  /** Leave descriptions and examples out of schema values (JSDoc keeps them). */
  readonly lean: boolean;
  /** Every target of this run, so an emitter can refer to the files the others write. */
  readonly targets: ReadonlySet<Target>;
  /** The forms the `openapi` target writes (default JSON alone). */
  readonly openapiFormats: readonly OpenAPIFormat[];
  /**
   * Modules of the user's own endpoints (code-first input: the expanded endpoint definition files,
   * relative paths without extension), which `index.ts` re-exports in place of `endpoints`.
   */
  readonly userModules: readonly string[];
  /**
   * Code-first input: each operation's own endpoint (by operationId), which the client calls, so
   * its types are the user's (a `Date` is a `Date`) and its endpoint is the one `index.ts` exports.
   */
  readonly userEndpoints: Readonly<Record<string, UserEndpoint>>;
}

/** Where a user's endpoint is: its module (relative path without extension) and export name. */
export interface UserEndpoint {
  readonly module: string;
  readonly exportName: string;
}

/** An emitter: a pure function from the model to files (relative path → text); it reads no file and no document. */
export type Emitter = (api: Api, options: EmitOptions) => Map<string, string>;

/**
 * The header fields every template gets. `clientRuntime` is the runtime's client entry, which the
 * endpoint and client modules import: it runs in browsers and workers too (web-standard APIs only),
 * and a server's main entry re-exports it, so server and client share the endpoint definitions.
 */
export function headerView(api: Api, options: EmitOptions): Record<string, unknown> {
  return {
    title: api.title,
    version: api.version,
    runtime: options.runtimePackage,
    clientRuntime: `${options.runtimePackage}/client`,
  };
}

/**
 * Renders one generated module from one view: its JavaScript from `<template>.js` and its
 * declarations from `<template>.d.ts`, as `<path>.js` and `<path>.d.ts` in `files`. `own` adds
 * the fields that differ between the two files (each file's imports, as its printer recorded them).
 */
export function setModule(
  files: Map<string, string>,
  options: EmitOptions,
  path: string,
  template: string,
  view: object,
  own: { readonly js?: object; readonly dts?: object } = {},
): void {
  files.set(`${path}.js`, options.templates.render(`${template}.js`, { ...view, ...own.js }));
  files.set(`${path}.d.ts`, options.templates.render(`${template}.d.ts`, { ...view, ...own.dts }));
}
