import type { Parameter } from './Api.ts';
import type { RawParameter } from './parameters.ts';
import type { OperationSecurity } from './security.ts';

/**
 * A parameter before its property name is allocated: one read from the document, or an apiKey
 * credential, whose property is named after the scheme's client option (`propBase`).
 */
export type UnnamedParameter =
  | (Omit<RawParameter, 'pointer'> & { readonly pointer?: string; readonly propBase?: undefined })
  | (Omit<Parameter, 'prop'> & { readonly pointer?: undefined; readonly propBase: string });

/**
 * An operation's parameters followed by one per apiKey scheme it requires: an apiKey travels in
 * a header, query parameter or cookie like any parameter, marked with the scheme it carries.
 */
export function withApiKeyParameters(
  parameters: readonly RawParameter[],
  security: OperationSecurity,
): UnnamedParameter[] {
  const credentials = security.apiKeys.map((s): UnnamedParameter => ({
    name: s.paramName!,
    in: s.in!,
    propBase: s.prop,
    required: true,
    schema: { kind: 'string', constraints: {} },
    style: s.in === 'header' ? 'simple' : 'form',
    explode: s.in !== 'header',
    credential: s.key,
    ...(s.description !== undefined ? { description: s.description } : {}),
  }));
  return [...parameters, ...credentials];
}
