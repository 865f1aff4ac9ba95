// kitgen's schema derivation alone, the counterpart of ts-json-schema-generator: one derive
// project (the tsconfig of the endpoint files), every DeriveSchema.gen<T>() of every endpoint
// file expanded; no module loading, no OpenAPI document, nothing written. Arguments: the built
// compiler's folder and the endpoint files' glob. Prints the number of derived calls.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { glob } from 'tinyglobby';

const [build, pattern] = process.argv.slice(2);
const { createDeriveProject, expandDeriveSchema } = await import(
  pathToFileURL(join(build, 'compiler/dist/derive/index.js')).href
);
const files = (await glob(pattern, { absolute: true })).sort();
if (files.length === 0) throw new Error(`no file matches ${pattern}`);
const project = createDeriveProject({ cwd: join(files[0], '..') });
// As kitgen generate does: every file in one program, not a program per file added.
project.addFiles(files);
let calls = 0;
for (const file of files) {
  const expansion = expandDeriveSchema(file, project);
  const errors = expansion.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`${file}: ${errors.map((d) => d.message).join('; ')}`);
  calls += expansion.calls.length;
}
process.stdout.write(`${JSON.stringify({ files: files.length, calls })}\n`);
