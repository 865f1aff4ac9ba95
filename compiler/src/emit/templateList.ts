// The built-in templates: the shared partials, every target's own (from the target registry) and
// the index, so a target's templates are declared once, beside its emitter.
import { indexTemplateFile, loadTemplateFiles, sharedTemplateFiles, type Templates } from '../render/Templates.ts';
import { targetDescriptors } from './targets.ts';

/** Every built-in template file, partials first; a `--templates` folder may replace any of them. */
export const templateFiles: readonly string[] = [
  ...sharedTemplateFiles,
  ...Object.values(targetDescriptors).flatMap((d) => d.templates),
  indexTemplateFile,
];

/**
 * Reads the built-in templates, with any file of the same name in `userDir` (`--templates`)
 * taking its place. A template that does not compile is an error naming the file.
 */
export function loadTemplates(userDir?: string): Templates {
  return loadTemplateFiles(templateFiles, userDir);
}
