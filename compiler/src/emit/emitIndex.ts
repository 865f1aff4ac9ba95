import type { Api } from '../model/Api.ts';
import { headerView, importPath, type EmitOptions } from './EmitOptions.ts';

/** Emits `index.ts`, re-exporting the generated modules among `targets` (never the CLI script, which runs when imported). */
export function emitIndex(api: Api, options: EmitOptions, targets: ReadonlySet<string>): Map<string, string> {
  const modules = ['endpoints', 'server', 'client'].filter((t) => targets.has(t)).map((t) => importPath(options, t));
  return new Map([['index.ts', options.templates.render('index', { ...headerView(api, options), modules })]]);
}
