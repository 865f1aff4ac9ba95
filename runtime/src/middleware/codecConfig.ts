import { CodecConfig as CodecConfigRecord, type CodecConfigFields } from '../codec/json/CodecConfig.ts';
import { CodecConfigKey } from '../util/symbols.ts';
import { perRouteMiddleware, type Middleware } from './core.ts';

/**
 * The spec's per-routes scope, `routes @@ CodecConfig.withConfig(config)`: endpoints in the
 * routes it wraps use `config`; the innermost `withConfig` wins.
 */
export function withConfig(config: CodecConfigRecord): Middleware {
  return perRouteMiddleware((next) => (request) => {
    request.attributes.set(CodecConfigKey, config);
    return next(request);
  });
}

/**
 * The spec's `CodecConfig` as users see it: the record builder and global scope from
 * codec/json/CodecConfig.ts plus `withConfig`. Composed here so codecs never import middleware.
 */
export const CodecConfig = Object.assign(
  (options: Partial<CodecConfigFields> = {}): CodecConfigRecord => CodecConfigRecord(options),
  CodecConfigRecord,
  {
    withConfig,
  },
);

/** The spec's `CodecConfig` record. */
export type CodecConfig = CodecConfigRecord;
