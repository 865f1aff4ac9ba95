import type { Api } from '../model/Api.ts';
import { headerView, type EmitOptions } from './EmitOptions.ts';
import { importPath } from './RuntimeImports.ts';

/** Emits `index.ts`, re-exporting the generated modules among `targets` (never the CLI script, which runs when imported). */
export function emitIndex(api: Api, options: EmitOptions): Map<string, string> {
  const modules = (['endpoints', 'server', 'client'] as const).filter((t) => options.targets.has(t)).map((t) => importPath(options, t));
  return new Map([['index.ts', options.templates.render('index', { ...headerView(api, options), modules })]]);
}
