import { dirname, resolve, sep } from 'node:path';
import { isEndpointInput } from '../codefirst/endpointFiles.ts';
import { isUrl } from '../input/readSource.ts';
import type { GenerateRun } from './runGenerate.ts';

const typeScriptFile = /\.(?:m|c)?tsx?$/;
const inNodeModules = (path: string) => path.includes(`${sep}node_modules${sep}`);

/** The folder a glob's matches are under (the part before its first wildcard), absolute. */
function globBase(input: string): string {
  const head = input.split(/[*?{[]/)[0];
  return resolve(head.endsWith(sep) || head.endsWith('/') ? head : dirname(head));
}

/**
 * Which changed file calls for another generation: one rule for `kitgen generate --watch` and
 * the build-step plugin, so both rerun on the same changes. A file the last run read (for an
 * OpenAPI document, the document and the files its `$ref`s name, `node_modules` included since a
 * `$ref` may point there on purpose; for endpoint files, those files and the files their types
 * are declared in, libraries' types in `node_modules` left out), a file under the templates
 * folder, and for endpoint input a new TypeScript file under the input's folder (it may be a new
 * endpoint file) — never a file under the output folder, so writing the output never calls for a run.
 */
export class RerunRule {
  /** Whether the input is endpoint definition files (else an OpenAPI document). */
  readonly codeFirst: boolean;
  readonly #out: string;
  readonly #inputBase: string | undefined;
  readonly #templates: string | undefined;
  #inputs: ReadonlySet<string>;

  constructor(run: Pick<GenerateRun, 'input' | 'out' | 'templates'>) {
    this.codeFirst = isEndpointInput(run.input);
    this.#out = resolve(run.out) + sep;
    this.#inputBase = this.codeFirst ? globBase(run.input) : undefined;
    this.#templates = run.templates !== undefined ? resolve(run.templates) : undefined;
    // Until a run says what it read, the document itself (a broken first version is fixed in place).
    this.#inputs = new Set(this.codeFirst || isUrl(run.input) ? [] : [resolve(run.input)]);
  }

  /** The folders to watch with their subfolders: the endpoint input's folder and the templates folder. */
  get roots(): string[] {
    return [this.#inputBase, this.#templates].filter((d): d is string => d !== undefined);
  }

  /** The files whose change calls for a run: what the last run read (before any run, an OpenAPI document itself). */
  get inputs(): ReadonlySet<string> {
    return this.#inputs;
  }

  /** Takes the files a run read as the inputs (URLs are not watched). */
  setInputs(sources: readonly string[]): void {
    this.#inputs = new Set(sources.filter((f) => !isUrl(f) && !(this.codeFirst && inNodeModules(f))));
  }

  /** True when a change to `path` (absolute) calls for a run. */
  concerns(path: string): boolean {
    if (path.startsWith(this.#out) || path + sep === this.#out) return false;
    if (this.#inputs.has(path)) return true;
    if (this.#templates !== undefined && path.startsWith(this.#templates + sep)) return true;
    return (
      this.#inputBase !== undefined &&
      typeScriptFile.test(path) &&
      path.startsWith(this.#inputBase + sep) &&
      !inNodeModules(path)
    );
  }
}
