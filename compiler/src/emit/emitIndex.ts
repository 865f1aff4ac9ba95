import type { Api } from '../model/Api.ts';
import { headerView, type EmitOptions } from './EmitOptions.ts';
import { importPath } from './RuntimeImports.ts';

/**
 * Emits `index.ts`, re-exporting the generated modules among `targets` (never the CLI script,
 * which runs when imported); for code-first input the user's own endpoint modules take the place
 * of `endpoints`, whose names they share.
 */
export function emitIndex(api: Api, options: EmitOptions): Map<string, string> {
  const own = options.userModules.length > 0;
  const generated = (['endpoints', 'server', 'client'] as const).filter((t) => options.targets.has(t) && !(own && t === 'endpoints'));
  const modules = [...options.userModules, ...generated].map((t) => importPath(options, t));
  return new Map([['index.ts', options.templates.render('index', { ...headerView(api, options), modules })]]);
}
