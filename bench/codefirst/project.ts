// The project `npm run bench:codefirst` measures: N endpoints written twice over the same types,
// once as kitgen endpoint definition files and once as tsoa controllers, deterministic for a given
// N so every contestant and every run reads the same code.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  commonTypes,
  controllerFile,
  endpointsFile,
  operation,
  typeNames,
  typesFile,
  type Operation,
} from './sources.ts';

/** Endpoints per file (and per tsoa controller). */
export const endpointsPerFile = 10;

/** What was written, and what it describes (the equivalence test compares tools against it). */
export interface BenchProject {
  readonly dir: string;
  readonly endpoints: number;
  /** `<dir>/src/**\/*.endpoints.ts`: kitgen's input. */
  readonly endpointGlob: string;
  /** `<dir>/src/**\/*.types.ts`: ts-json-schema-generator's input. */
  readonly typesGlob: string;
  /** The tsoa config, relative paths inside resolved from `dir`. */
  readonly tsoaConfig: string;
  /** Where `tsoa spec` writes swagger.json. */
  readonly tsoaOut: string;
  readonly tsconfig: string;
  readonly operations: readonly Operation[];
  /** Every exported non-generic type (`Page<T>` is used as `Page<ItemK>`). */
  readonly types: readonly string[];
  /** The types files in order (group 0 first): the watch benchmark edits them. */
  readonly typesFiles: readonly string[];
}

/**
 * Writes a project of `endpoints` endpoints into `dir` (cleared first): `src/common.types.ts`,
 * and per group of ten `groupG.types.ts`, `groupG.endpoints.ts`, `groupG.controller.ts`; a strict
 * tsconfig (experimental decorators for tsoa; the `kitgen-source` condition so that, without a
 * built runtime, `@kitgen/runtime` resolves to the repository's sources) and a tsoa.json.
 * `dir` must be inside the repository so the packages resolve from its node_modules.
 */
export function writeBenchProject(dir: string, endpoints: number): BenchProject {
  rmSync(dir, { recursive: true, force: true });
  const src = join(dir, 'src');
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, 'common.types.ts'), commonTypes);
  const typesFiles: string[] = [];
  const groups = Math.ceil(endpoints / endpointsPerFile);
  const width = String(groups - 1).length;
  for (let g = 0; g < groups; g++) {
    const ks = Array.from(
      { length: Math.min(endpointsPerFile, endpoints - g * endpointsPerFile) },
      (_, i) => g * endpointsPerFile + i,
    );
    // Zero-padded so the files sort the same way everywhere (the glob's order is the document's).
    const group = `group${String(g).padStart(width, '0')}`;
    const typesPath = join(src, `${group}.types.ts`);
    writeFileSync(typesPath, typesFile(ks));
    typesFiles.push(typesPath);
    writeFileSync(join(src, `${group}.endpoints.ts`), endpointsFile(group, ks));
    writeFileSync(join(src, `${group}.controller.ts`), controllerFile(group, `Group${g}Controller`, ks));
  }
  // The name and version become the OpenAPI info of both documents.
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: `bench-codefirst-${endpoints}`, version: '1.0.0', private: true, type: 'module' }, null, 2),
  );
  const tsconfig = join(dir, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          customConditions: ['kitgen-source'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          experimentalDecorators: true,
          types: ['node'],
        },
        include: ['src'],
      },
      null,
      2,
    ),
  );
  const tsoaConfig = join(dir, 'tsoa.json');
  writeFileSync(
    tsoaConfig,
    JSON.stringify(
      {
        entryFile: 'src/common.types.ts',
        controllerPathGlobs: ['src/**/*.controller.ts'],
        noImplicitAdditionalProperties: 'throw-on-extras',
        spec: { outputDirectory: 'tsoa-out', specVersion: 3, name: `bench-codefirst-${endpoints}`, version: '1.0.0' },
      },
      null,
      2,
    ),
  );
  const ks = Array.from({ length: endpoints }, (_, k) => k);
  return {
    dir,
    endpoints,
    endpointGlob: join(src, '**', '*.endpoints.ts'),
    typesGlob: join(src, '**', '*.types.ts'),
    tsoaConfig,
    tsoaOut: join(dir, 'tsoa-out'),
    tsconfig,
    operations: ks.map(operation),
    types: ['Problem', ...ks.flatMap(typeNames)],
    typesFiles,
  };
}
