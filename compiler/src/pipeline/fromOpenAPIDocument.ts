import { stat } from 'node:fs/promises';
import { CompileError, placeDiagnostics } from '../diagnostics/index.ts';
import { defaultOpenAPITargets, withDependencies } from '../emit/index.ts';
import { loadDocument } from '../input/loadDocument.ts';
import { modelFromDocument } from './documentModel.ts';
import type { ReadInput } from './InputModel.ts';
import { largeInputBytes, type RunProgress } from './progress.ts';
import type { GenerateRun } from './runGenerate.ts';

/**
 * The input adapter of an OpenAPI document (a file or URL): parses it (with the files its
 * `$ref`s name), then builds the model with every problem placed at its line in the document.
 * A document over {@link largeInputBytes} turns the run's progress lines on from the parse.
 */
export async function fromOpenAPIDocument(run: GenerateRun, progress: RunProgress): Promise<ReadInput> {
  const size = (await stat(run.input).catch(() => undefined))?.size ?? 0;
  progress.markLarge(size > largeInputBytes);
  const source = await loadDocument(run.input);
  progress.step('parse', `${(size / 1e6).toFixed(1)} MB`);
  return {
    model: async () => {
      const targets = withDependencies(run.targets ?? defaultOpenAPITargets);
      let model;
      try {
        model = modelFromDocument(source.document, { file: run.input, int64: run.int64, targets });
      } catch (error) {
        if (error instanceof CompileError) throw new CompileError(placeDiagnostics(source, error.diagnostics));
        throw error;
      }
      return {
        api: model.api,
        targets,
        warnings: [...(source.warnings ?? []), ...placeDiagnostics(source, model.warnings)],
        operations: model.api.operations.length,
        ...(source.sources ? { sources: source.sources } : {}),
        extra: new Map(),
        userModules: [],
        userEndpoints: {},
      };
    },
  };
}
