import type { Operation } from '../model/Api.ts';

/**
 * The generated `declaredSecurity` entry of an operation: its `security` as the runtime's
 * presence checks (`SecurityRequirements`), printed as JavaScript; undefined when nothing is
 * checked, or when the endpoint's auth type already says it all (one alternative, its scheme alone).
 */
export function securityChecksOf(op: Operation): string | undefined {
  const alternatives = op.security;
  if (alternatives === undefined) return undefined;
  const only = alternatives.length === 1 && alternatives[0].length === 1 ? alternatives[0][0] : undefined;
  const authScheme = op.auth.kind === 'basic' ? 'Basic' : op.auth.kind === 'bearer' ? 'Bearer' : undefined;
  if (only !== undefined && 'scheme' in only && only.scheme === authScheme) return undefined;
  const print = (c: (typeof alternatives)[number][number]) =>
    'scheme' in c
      ? `{ scheme: ${JSON.stringify(c.scheme)} }`
      : `{ in: ${JSON.stringify(c.in)}, name: ${JSON.stringify(c.name)} }`;
  return `[${alternatives.map((a) => `[${a.map(print).join(', ')}]`).join(', ')}]`;
}
