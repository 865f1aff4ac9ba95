import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { CompileError, UsageError } from '../diagnostics/index.ts';
import { helpers } from './helpers.ts';

/**
 * The templates every target shares: partials (names starting with `_`; `_header.hbs` is
 * `{{> header}}`) and `index.hbs`. A module is a JavaScript file and a declaration file beside it
 * (`server.js.hbs`, `server.d.ts.hbs`): TypeScript reads the declarations and never checks the values.
 */
export const sharedTemplateFiles = [
  '_header.hbs',
  '_schema-types.hbs',
  '_schema-values.hbs',
  '_operation-types.hbs',
  '_operation-value.hbs',
  '_operation-names.hbs',
] as const;

/** The template that writes `index.js`/`index.d.ts`, after every target's. */
export const indexTemplateFile = 'index.hbs';

/** A set of compiled templates. */
export interface Templates {
  /** Renders one template (by file name without `.hbs`) with a view. */
  render(name: string, view: object): string;
  /**
   * Whether a template (by file name without `.hbs`) or a partial names a view field: an emitter
   * writes code that relies on a newer field only for templates that write it (a `--templates`
   * copy made before the field existed gets the older code). Absent: no template names any.
   */
  mentions?(name: string, field: string): boolean;
}

/** The folder of the built-in templates. */
export const builtInTemplatesDir = fileURLToPath(new URL('../../../templates/', import.meta.url));

/**
 * Compiles template sources (file name → text) in an isolated handlebars environment with
 * the escaping helpers. HTML escaping is off: the helpers do TypeScript's escaping.
 */
export function compileTemplates(sources: Readonly<Record<string, string>>): Templates {
  const env = Handlebars.create();
  for (const [name, fn] of Object.entries(helpers)) env.registerHelper(name, fn);
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  for (const [file, source] of Object.entries(sources)) {
    const name = file.replace(/\.hbs$/, '');
    const options = { noEscape: true, strict: false, preventIndent: true };
    if (name.startsWith('_')) env.registerPartial(name.slice(1), env.compile(source, options));
    else compiled.set(name, env.compile(source, options));
  }
  const partials = Object.entries(sources)
    .filter(([file]) => file.startsWith('_'))
    .map(([, source]) => source);
  return {
    render(name, view) {
      const t = compiled.get(name);
      if (!t) throw new Error(`no template "${name}.hbs"`);
      return t(view, { allowProtoPropertiesByDefault: false });
    },
    mentions(name, field) {
      return [sources[`${name}.hbs`] ?? '', ...partials].some((source) => source.includes(field));
    },
  };
}

/** A `--templates` folder that cannot be used: the user's command line to fix (exit 2), not invalid input. */
export class TemplatesFolderError extends UsageError {
  constructor(message: string) {
    super(message);
    this.name = 'TemplatesFolderError';
  }
}

/** Compiled templates by a hash of their file names and sources (a few sets at most: built-in, and a user's `--templates`). */
const compiledTemplates = new Map<string, Templates>();

/**
 * Reads the built-in templates named in `templateFiles`, with any file of the same name in
 * `userDir` (`--templates`) taking its place. A template that does not compile is an error naming the file.
 */
export function loadTemplateFiles(templateFiles: readonly string[], userDir?: string): Templates {
  const sources: Record<string, string> = {};
  const origin: Record<string, string> = {};
  for (const file of templateFiles) {
    sources[file] = readFileSync(join(builtInTemplatesDir, file), 'utf8');
    origin[file] = builtInTemplatesDir;
  }
  if (userDir !== undefined) {
    let files: string[];
    try {
      files = readdirSync(userDir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why =
        code === 'ENOENT'
          ? 'it does not exist'
          : code === 'ENOTDIR'
            ? 'it is a file, not a folder'
            : (error as Error).message;
      throw new TemplatesFolderError(
        `--templates ${userDir}: cannot read the templates folder: ${why}; give a folder holding your copies of the built-in templates (${templateFiles.join(', ')})`,
      );
    }
    const templates = files.filter((f) => f.endsWith('.hbs'));
    // A file that replaces nothing is a misspelling, and silently generating with the built-in one would hide it.
    const unknown = templates.filter((f) => !templateFiles.includes(f) && !f.startsWith('_'));
    if (templates.length === 0 || unknown.length > 0) {
      const found =
        templates.length === 0
          ? 'holds no .hbs template'
          : `has ${unknown.map((f) => `"${f}"`).join(', ')}, which ${unknown.length === 1 ? 'is not the name' : 'are not names'} of a built-in template`;
      throw new TemplatesFolderError(
        `--templates ${userDir}: the folder ${found}; a template replaces the built-in one of the same name: ${templateFiles.join(', ')} (partials start with _)`,
      );
    }
    for (const file of templates) {
      sources[file] = readFileSync(join(userDir, file), 'utf8');
      origin[file] = userDir;
    }
  }
  // The same sources compile to the same templates: a watch, a bundler plugin or a test that
  // generates again reuses them (handlebars' compiler took ~20 ms of every small document's run).
  const key = createHash('sha256');
  for (const [file, source] of Object.entries(sources)) key.update(file).update('\0').update(source).update('\0');
  const digest = key.digest('hex');
  const cached = compiledTemplates.get(digest);
  if (cached) return cached;
  // Compile each one alone first, so a broken template is reported with its file name.
  for (const [file, source] of Object.entries(sources)) {
    try {
      Handlebars.create().precompile(source);
    } catch (error) {
      throw new CompileError([
        {
          severity: 'error',
          file: join(origin[file], file),
          message: `the template does not compile: ${(error as Error).message.split('\n')[0]}`,
        },
      ]);
    }
  }
  const templates = compileTemplates(sources);
  if (compiledTemplates.size >= 8) compiledTemplates.delete(compiledTemplates.keys().next().value as string);
  compiledTemplates.set(digest, templates);
  return templates;
}
