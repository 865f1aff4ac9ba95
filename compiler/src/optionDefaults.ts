import type { FormatMode } from './format/formatCode.ts';

/**
 * What an option of `kitgen generate` is when nobody set it, written once for the command line,
 * the config file, the build plugins and the programmatic `EndpointGen`/`CodeGen`, so none of them
 * can drift from the others.
 */
export const optionDefaults = {
  /** `integer/int64` as an exact `bigint`. */
  int64: 'bigint',
  /** Relative imports end in `.js`, which tsc, tsx and every bundler resolve. */
  importExtension: '.js',
  /** The package generated code imports the runtime from. */
  runtimePackage: '@kitgen/runtime',
  /** The `openapi` target writes JSON alone. */
  openapiFormats: ['json'],
  lean: false,
  strict: false,
  clean: false,
  /** Split by tag when the API is large ({@link splitByTag}). */
  split: 'auto',
  /** Prettier, or kitgen's own layout for very large output. */
  format: 'auto',
} as const;

/** Above this many operations, `split: 'auto'` writes one endpoints module per tag. */
const splitAbove = 200;

/** Whether endpoints are split by tag: the `split` option, where `'auto'` decides by the API's size. */
export function splitByTag(split: boolean | 'auto' | undefined, operations: number): boolean {
  return (split ?? optionDefaults.split) === 'auto' ? operations > splitAbove : split === true;
}

/** The `format` option as a {@link FormatMode}: `true` is the default mode, `false` is `none`. */
export function formatModeOf(format: FormatMode | boolean | undefined): FormatMode {
  if (format === false) return 'none';
  if (format === true || format === undefined) return optionDefaults.format;
  return format;
}
