import type { Diagnostic } from './Diagnostic.ts';

/**
 * `pets.yaml:12:5: error at /paths/~1pets/get: message` (parts left out when unknown), then the
 * code frame and the fix on their own lines when the diagnostic has them.
 */
export function formatDiagnostic(d: Diagnostic): string {
  const place =
    d.file === undefined
      ? ''
      : `${d.file}${d.line !== undefined ? `:${d.line}${d.column !== undefined ? `:${d.column}` : ''}` : ''}: `;
  const at = d.pointer !== undefined ? ` at ${d.pointer === '' ? '/' : d.pointer}` : '';
  const lines = [`${place}${d.severity}${at}: ${d.message}`];
  if (d.path !== undefined && d.path !== '') lines.push(`  path: ${d.path}`);
  if (d.frame !== undefined && d.frame !== '') lines.push(d.frame);
  if (d.fix !== undefined) lines.push(`  fix: ${d.fix}`);
  return lines.join('\n');
}
