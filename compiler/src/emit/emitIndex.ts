import type { Api } from '../model/Api.ts';
import { headerView, type EmitOptions } from './EmitOptions.ts';
import { importPath, userImportPath } from './printer/modulePaths.ts';
import { targetDescriptors, type Target } from './targets.ts';

/**
 * Emits `index.js` and `index.d.ts`, re-exporting the generated modules among `targets` (never the CLI script,
 * which runs when imported); for code-first input the user's own endpoint modules take the place
 * of `endpoints`, whose names they share.
 */
export function emitIndex(api: Api, options: EmitOptions): Map<string, string> {
  const own = options.userModules.length > 0;
  const reExported = (Object.keys(targetDescriptors) as Target[]).filter((t) => targetDescriptors[t].reExported);
  const generated = reExported.filter((t) => options.targets.has(t) && !(own && t === 'endpoints'));
  const modules = [
    ...options.userModules.map((m) => userImportPath(options, m)),
    ...generated.map((t) => importPath(options, t)),
  ];
  const text = options.templates.render('index', { ...headerView(api, options), modules });
  return new Map([
    ['index.js', text],
    ['index.d.ts', text],
  ]);
}
